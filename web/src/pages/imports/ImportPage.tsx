import {
  IMPORT_KIND_LABELS,
  IMPORT_KINDS,
  IMPORT_PERMISSION,
  type ImportCheck,
  type ImportError,
  type ImportKind,
  type ImportRecord,
} from "@store/contract";
import { useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { ApiError } from "../../api/client";
import { templateUrl, useApplyImport, useCheckImport } from "../../api/imports";
import { PageHeader } from "../../components";
import { currentLanguage, useTranslation } from "../../i18n";
import { translate } from "../../i18n/messages";
import { grants, useHeldPermissions } from "../../lib/permissions";
import type { ScreenProps } from "../../resources/define";
import { ImportColumns } from "./ImportColumns";
import { ImportErrors } from "./ImportErrors";
import { ImportResult } from "./ImportResult";
import { checkSummary } from "./importText";

/** A dry run's answer, for the file and kind it was asked for. */
interface Checked {
  kind: ImportKind;
  file: File;
  answer: ImportCheck;
}

/** The rows a refused apply names (400 with the dry run's `errors`), if it named any. */
function refusedRows(error: unknown): ImportError[] | null {
  if (!(error instanceof ApiError)) return null;
  const errors = error.details.errors;
  return Array.isArray(errors) ? (errors as ImportError[]) : null;
}

/**
 * /import (issue 43, docs/decisions/imports.md): a kind the person may import,
 * its columns and templates; a file checked by a dry run (every bad row named,
 * nothing written), then imported once the same file checked clean.
 */
export default function ImportPage({ screen }: ScreenProps) {
  useTranslation();
  const held = useHeldPermissions();
  const kinds = IMPORT_KINDS.filter((k) => grants(held, IMPORT_PERMISSION[k]));
  const [chosen, setChosen] = useState<ImportKind | null>(null);
  const kind = chosen && kinds.includes(chosen) ? chosen : (kinds[0] ?? null);
  const [file, setFile] = useState<File | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const [refused, setRefused] = useState<ImportError[] | null>(null);
  const [applied, setApplied] = useState<ImportRecord | null>(null);
  const check = useCheckImport();
  const apply = useApplyImport();

  const restart = () => {
    setChecked(null);
    setRefused(null);
    setApplied(null);
  };
  if (!kind)
    return (
      <>
        <PageHeader title={translate(screen.title)} />
        <p>{translate("You may not import anything.")}</p>
      </>
    );

  const current = checked && checked.file === file && checked.kind === kind ? checked : null;
  const clean = current !== null && current.answer.errors.length === 0;
  const lang = currentLanguage();

  const onCheck = () => {
    if (!file) return;
    restart();
    check.mutate({ kind, file }, { onSuccess: (answer) => setChecked({ kind, file, answer }) });
  };
  const onApply = () => {
    if (!file || !clean) return;
    apply.mutate(
      { kind, file },
      {
        onSuccess: (record) => {
          setChecked(null);
          setApplied(record);
        },
        // Refused whole: the rows named as a dry run names them, and a new check is needed.
        onError: (error) => {
          setChecked(null);
          setRefused(refusedRows(error));
        },
      },
    );
  };

  return (
    <>
      <PageHeader title={translate(screen.title)} />
      <div className="card p-3 mb-3">
        <div className="d-flex flex-wrap align-items-end gap-3 mb-3">
          <Form.Group controlId="import-kind">
            <Form.Label>{translate("What to import")}</Form.Label>
            <Form.Select
              value={kind}
              onChange={(e) => {
                setChosen(e.target.value as ImportKind);
                restart();
              }}
            >
              {kinds.map((k) => (
                <option key={k} value={k}>
                  {translate(IMPORT_KIND_LABELS[k])}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <a className="btn btn-outline-secondary" href={templateUrl(kind, "xlsx", lang)} download>
            {translate("Template (Excel)")}
          </a>
          <a className="btn btn-outline-secondary" href={templateUrl(kind, "csv", lang)} download>
            {translate("Template (CSV)")}
          </a>
        </div>
        <ImportColumns kind={kind} />
        <p className="small text-muted mt-2 mb-0">
          {translate(
            "The first row holds the column headers. A file with any bad row is not imported at all; importing the same file again changes nothing.",
          )}
        </p>
      </div>
      <div className="card p-3 mb-3">
        <div className="d-flex flex-wrap align-items-end gap-3">
          <Form.Group controlId="import-file">
            <Form.Label>{translate("File (.xlsx or .csv)")}</Form.Label>
            <Form.Control
              type="file"
              accept=".xlsx,.csv,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              onChange={(e) => {
                const input = e.target as HTMLInputElement;
                setFile(input.files?.[0] ?? null);
                restart();
              }}
            />
          </Form.Group>
          <Button variant="outline-primary" onClick={onCheck} disabled={!file || check.isPending}>
            {translate("Check file")}
          </Button>
          <Button onClick={onApply} disabled={!clean || apply.isPending}>
            {translate("Import")}
          </Button>
        </div>
        {!clean && file && !applied && (
          <p className="small text-muted mt-2 mb-0">
            {translate("Check the file first: it is imported only when no row is bad.")}
          </p>
        )}
      </div>
      <section aria-live="polite">
        {current && (
          <Alert variant={clean ? "success" : "warning"}>
            <p className="mb-0">
              {checkSummary(current.answer.rows, current.answer.create, current.answer.update)}
            </p>
            {!clean && (
              <p className="mb-0">
                {translate("Fix the rows below in the file, then check it again.")}
              </p>
            )}
          </Alert>
        )}
        {current && !clean && <ImportErrors kind={kind} errors={current.answer.errors} />}
        {refused && refused.length > 0 && <ImportErrors kind={kind} errors={refused} />}
        {applied && <ImportResult answered={applied} />}
      </section>
    </>
  );
}
