import type { ImportKind, ImportRecord } from "@store/contract";
import { Alert } from "react-bootstrap";
import { Link } from "react-router";
import { useImportRecord } from "../../api/imports";
import { PartsProgress } from "../../components";
import { translate } from "../../i18n/messages";
import { useResources } from "../../resources/context";
import { ImportErrors } from "./ImportErrors";

/** The list that shows what a kind brings in: products (and their stock), or the members. */
const LIST_OF: Record<ImportKind, { resource: string; label: string }> = {
  products: { resource: "products", label: "Open the products" },
  stock: { resource: "products", label: "Open the products" },
  members: { resource: "users", label: "Open the users" },
};

/**
 * An applied import: done (what it created and updated, a link to the list),
 * failed, or running as a job (its progress, asked again until it ends).
 */
export function ImportResult({ answered }: { answered: ImportRecord }) {
  const running = answered.status === "running";
  const query = useImportRecord(running ? answered.import_id : null);
  const record = running && query.data ? query.data : answered;
  const resources = useResources();
  if (record.status === "running") {
    const done = record.created + record.updated;
    return (
      <PartsProgress
        done={done}
        total={record.rows}
        said={translate("Importing… {{done}} of {{total}}", { done, total: record.rows })}
        minWidth={200}
        striped
      />
    );
  }
  if (record.status === "failed")
    return (
      <>
        <Alert variant="danger">{translate("The import failed.")}</Alert>
        {record.errors.length > 0 && <ImportErrors kind={record.kind} errors={record.errors} />}
      </>
    );
  const list = LIST_OF[record.kind];
  return (
    <Alert variant="success" className="mb-0">
      <p className="mb-1">
        {translate("Imported: {{created}} created, {{updated}} updated.", {
          created: record.created,
          updated: record.updated,
        })}
      </p>
      <Link to={resources.path(list.resource)}>{translate(list.label)}</Link>
    </Alert>
  );
}
