import type { PayoutBatchDetail, PayoutResult } from "@store/contract";
import { useState } from "react";
import { Button, Col, Form, Row, Table } from "react-bootstrap";
import { Link, useSearchParams } from "react-router";
import { ApiError } from "../../api/client";
import {
  awaitsSecondRelease,
  useBankFileFormats,
  useDownloadBankFile,
  useImportPayoutResult,
  usePayoutBatch,
  useReleasePayoutBatch,
} from "../../api/payouts";
import {
  ConfirmDialog,
  Field,
  PageHeader,
  reportStaleRow,
  ScrollingTable,
  showToast,
  TableSkeleton,
} from "../../components";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { formatCount, formatDateTime, formatMoney } from "../../lib/format";
import { useStoredAdmin } from "../../lib/permissions";
import { useMayDo, useResources } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";
import { EmptyRow, TableHead } from "../commissions/tables";
import { BatchStatusBadge, batchName, LineAnswer } from "./batchText";

/** A positive whole number from the address, else null. */
const idOf = (raw: string | null) =>
  raw && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;

function Summary({ batch }: { batch: PayoutBatchDetail }) {
  const items: [string, string][] = [
    ["Total", formatMoney(batch.total)],
    ["Lines", formatCount(batch.line_count)],
    ["Paid", formatCount(batch.paid_count)],
    ["Failed", formatCount(batch.failed_count)],
    ["Created By", `${batch.created_by_username ?? "-"} · ${formatDateTime(batch.created_at)}`],
    [
      "Released By",
      batch.released_by_username
        ? `${batch.released_by_username} · ${formatDateTime(batch.released_at)}`
        : batch.first_released_by_username
          ? translate("First released by {{name}}", { name: batch.first_released_by_username })
          : "-",
    ],
  ];
  return (
    <dl className="row mb-0" data-testid="batch-summary">
      {items.map(([label, value]) => (
        <div key={label} className="col-6 col-md-4 col-xl-2 mb-2">
          <dt className="small text-muted fw-normal">{translate(label)}</dt>
          <dd className="mb-0">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Lines({ batch }: { batch: PayoutBatchDetail }) {
  const resources = useResources();
  return (
    <ScrollingTable label={translate("Batch lines")}>
      <Table size="sm" className="mb-0 align-middle" aria-label={translate("Batch lines")}>
        <TableHead
          heads={[
            { text: translate("Member") },
            { text: translate("Payee Name") },
            { text: translate("Bank Name") },
            { text: translate("Bank Account") },
            { text: translate("Amount"), figure: true },
            { text: translate("Reference") },
            { text: translate("Bank's answer") },
          ]}
        />
        <tbody>
          {batch.lines.map((line) => (
            <tr key={line.line_id}>
              <td>
                <Link
                  to={`${resources.path("withdrawRequest")}?withdraw_id=${line.withdraw_id}`}
                  aria-label={translate("Withdrawal request of {{name}}", { name: line.username })}
                >
                  {line.username}
                </Link>
              </td>
              <td>{line.payee_name}</td>
              <td>{line.bank_name}</td>
              <td className="text-nowrap">{line.bank_acc}</td>
              <td className="text-end text-nowrap">{formatMoney(line.amount)}</td>
              <td className="text-nowrap">{line.reference}</td>
              <td>
                <LineAnswer line={line} />
              </td>
            </tr>
          ))}
          {batch.lines.length === 0 && <EmptyRow columns={7}>-</EmptyRow>}
        </tbody>
      </Table>
    </ScrollingTable>
  );
}

function Files({ batch }: { batch: PayoutBatchDetail }) {
  const formats = useBankFileFormats().data?.formats ?? [];
  const nameOf = (id: string) => formats.find((f) => f.id === id)?.name ?? id;
  if (batch.files.length === 0) return null;
  return (
    <div className="card p-3 mt-3">
      <h2 className="h6">{translate("Bank files kept")}</h2>
      <ScrollingTable label={translate("Bank files kept")}>
        <Table size="sm" className="mb-0" aria-label={translate("Bank files kept")}>
          <TableHead
            heads={[
              { text: translate("Format") },
              { text: translate("File") },
              { text: translate("Lines"), figure: true },
              { text: translate("Total"), figure: true },
              { text: translate("SHA-256") },
              { text: translate("Created By") },
            ]}
          />
          <tbody>
            {batch.files.map((f) => (
              <tr key={f.format}>
                <td>{translate(nameOf(f.format))}</td>
                <td className="text-nowrap">{f.file_name}</td>
                <td className="text-end">{formatCount(f.rows)}</td>
                <td className="text-end text-nowrap">{formatMoney(f.total)}</td>
                <td className="font-monospace small text-break">{f.sha256}</td>
                <td className="text-nowrap">
                  {`${f.created_by_username ?? "-"} · ${formatDateTime(f.created_at)}`}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </ScrollingTable>
    </div>
  );
}

/** What the bank's answer did: lines paid and failed, money put back, and the rows it could not use. */
function ImportSummary({ result }: { result: PayoutResult }) {
  return (
    <div className="alert alert-info mt-3 mb-0" role="status" data-testid="import-result">
      <p className="mb-1">
        {translate("Paid: {{paid}}. Failed: {{failed}}. Put back in cash wallets: {{refunded}}.", {
          paid: formatCount(result.paid),
          failed: formatCount(result.failed),
          refunded: formatMoney(result.refunded),
        })}
      </p>
      {result.unknown_lines.length > 0 && (
        <>
          <p className="mb-1">{translate("Rows not used:")}</p>
          <ul className="mb-0" aria-label={translate("Rows not used")}>
            {result.unknown_lines.map((u) => (
              <li key={u.row}>
                {translate("Row {{row}} ({{reference}}): {{why}}", {
                  row: u.row,
                  reference: u.reference,
                  why: translate(UNKNOWN_WHY[u.why]),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

const UNKNOWN_WHY: Record<PayoutResult["unknown_lines"][number]["why"], string> = {
  no_such_line: "no line of this batch has this reference",
  unknown_status: "the status is neither paid nor failed",
  amount_differs: "the amount is not the line's",
  answered_otherwise: "the line has another answer already",
};

/** Download file, Release and Import bank result: for a person who may manage payouts. */
function Actions({ batch }: { batch: PayoutBatchDetail }) {
  const formats = useBankFileFormats();
  const [format, setFormat] = useState("");
  const chosen = formats.data?.formats.find((f) => f.id === format) ?? formats.data?.formats[0];
  const download = useDownloadBankFile();
  const release = useReleasePayoutBatch();
  const upload = useImportPayoutResult();
  const [asking, setAsking] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<PayoutResult | null>(null);
  const me = useStoredAdmin()?.user_id;
  const name = batchName(batch);
  const draft = batch.status === "draft";
  const releasedByMeOnce = awaitsSecondRelease(batch) && batch.first_released_by === me;

  const onRelease = () =>
    release.mutate(batch, {
      onSuccess: (answer) =>
        showToast(
          awaitsSecondRelease(answer)
            ? translate("First release recorded; a second person must release {{name}}.", { name })
            : translate("{{name}} released: its file can go to the bank.", { name }),
          "success",
        ),
      onError: (error) => reportStaleRow(error, name),
      onSettled: () => setAsking(false),
    });

  const onDownload = () => {
    if (!chosen) return;
    download.mutate(
      { batchId: batch.batch_id, format: chosen.id },
      {
        onSuccess: (fileName) =>
          showToast(translate("{{file}} downloaded.", { file: fileName }), "success"),
      },
    );
  };

  const onImport = () => {
    if (!file) return;
    upload.mutate(
      { batch, file },
      {
        onSuccess: (answer) => {
          setResult(answer);
          showToast(translate("The bank's answer was imported."), "success");
        },
      },
    );
  };

  return (
    <div className="card p-3 mb-3">
      <Row className="g-3 align-items-end">
        <Col lg={3}>
          {draft &&
            (releasedByMeOnce ? (
              <p className="small text-muted mb-0">{translate("Another person releases")}</p>
            ) : (
              <Button variant="warning" onClick={() => setAsking(true)}>
                {translate("Release")}
              </Button>
            ))}
          {!draft && (
            <p className="small text-muted mb-0">
              {translate("Released: the file may go to the bank.")}
            </p>
          )}
        </Col>
        <Col lg={5}>
          <Field htmlFor="bank-file-format" label="Bank file format" className="mb-0">
            {(aria) => (
              <div className="d-flex gap-2">
                <Form.Select
                  {...aria}
                  value={chosen?.id ?? ""}
                  onChange={(e) => setFormat(e.target.value)}
                  disabled={!formats.data}
                >
                  {formats.data?.formats.map((f) => (
                    <option key={f.id} value={f.id}>
                      {translate(f.name)}
                    </option>
                  ))}
                </Form.Select>
                <Button
                  variant="outline-primary"
                  className="text-nowrap"
                  disabled={draft || !chosen || download.isPending}
                  onClick={onDownload}
                >
                  {translate("Download file")}
                </Button>
              </div>
            )}
          </Field>
          {chosen && <p className="small text-muted mt-1 mb-0">{translate(chosen.description)}</p>}
          {draft && (
            <p className="small text-muted mt-1 mb-0">
              {translate("The file is made once the batch is released.")}
            </p>
          )}
        </Col>
        <Col lg={4}>
          <Field htmlFor="bank-result-file" label="Bank's answer (CSV or xlsx)" className="mb-0">
            {(aria) => (
              <div className="d-flex gap-2">
                <Form.Control
                  {...aria}
                  type="file"
                  accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
                  disabled={draft}
                  onChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
                />
                <Button
                  variant="outline-primary"
                  className="text-nowrap"
                  disabled={draft || file === null || upload.isPending}
                  onClick={onImport}
                >
                  {translate("Import bank result")}
                </Button>
              </div>
            )}
          </Field>
        </Col>
      </Row>
      {result && <ImportSummary result={result} />}
      <ConfirmDialog
        show={asking}
        title="Release payout batch"
        confirmLabel="Release"
        confirmVariant="warning"
        busy={release.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={onRelease}
      >
        {translate(
          "Release {{name}}: {{total}} to {{count}} payees? Above the second-approval amount a second person must release it too.",
          { name, total: formatMoney(batch.total), count: formatCount(batch.line_count) },
        )}
      </ConfirmDialog>
    </div>
  );
}

/**
 * /payoutBatch?id={batch_id}: one batch, its lines with each payee's bank
 * and the bank's answer, the files kept with it; for a person who may manage
 * payouts, Release (two people above the second-approval amount), Download
 * file in a chosen format, and Import bank result.
 */
export default function PayoutBatchPage({ resource, screen }: ScreenProps) {
  const [search] = useSearchParams();
  const id = idOf(search.get(screen.param ?? "id"));
  const query = usePayoutBatch(id);
  const mayManage = useMayDo("update");
  const batch = query.data;
  const missing = id === null || (query.error instanceof ApiError && query.error.status === 404);
  return (
    <>
      <PageHeader title={batch ? batchName(batch) : screen.title} backTo={resource.list.path} />
      {missing ? (
        <p className="text-muted" role="alert">
          {translate("No payout batch with this id.")}
        </p>
      ) : query.error ? (
        <p className="text-muted" role="alert">
          {errorText(query.error)}
        </p>
      ) : !batch ? (
        <TableSkeleton />
      ) : (
        <>
          <div className="card p-3 mb-3">
            <div className="mb-2">
              <BatchStatusBadge batch={batch} />
            </div>
            <Summary batch={batch} />
          </div>
          {mayManage && <Actions batch={batch} />}
          <div className="card p-3">
            <Lines batch={batch} />
          </div>
          <Files batch={batch} />
        </>
      )}
    </>
  );
}
