import { useState } from "react";
import { Button, Card } from "react-bootstrap";
import { Link } from "react-router";
import { useAuditLog } from "../api/audit";
import { translate } from "../i18n/messages";
import { formatDateTime } from "../lib/format";
import { useMayDo, useResources } from "../resources/context";
import { AuditActor } from "./AuditActor";
import { AuditChanges } from "./AuditChanges";

const PAGE = 5;

/** "create" → "Created", for a sentence: "Created by admin". */
export const actionLabel = (action: string) =>
  ({ create: "Created", update: "Changed", delete: "Deleted" })[action] ??
  action.charAt(0).toUpperCase() + action.slice(1).replaceAll("_", " ");

/**
 * Under every edit screen: the record's changes from the audit log, newest
 * first, each with who, when and the fields that changed (before → after).
 * Drawn only for a person who may read the audit trail (`audit:view`).
 */
export function HistoryPanel({ entity, entityId }: { entity: string; entityId: number }) {
  if (!useMayDo("history")) return null;
  return <History entity={entity} entityId={entityId} />;
}

function History({ entity, entityId }: { entity: string; entityId: number }) {
  const [page, setPage] = useState(1);
  const params = {
    entity,
    entity_id: String(entityId),
    // The log's own order: newest first.
    _page: page,
    _limit: PAGE,
  };
  const { data, isLoading } = useAuditLog(params);
  const last = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE));
  const auditLog = useResources().path("auditLog");
  const allLink = `${auditLog}?entity=${encodeURIComponent(entity)}&entity_id=${entityId}`;
  return (
    <Card as="section" className="mt-3" style={{ maxWidth: 900 }} aria-labelledby="history-title">
      <Card.Header className="d-flex justify-content-between align-items-center py-2">
        <h2 id="history-title" className="h6 mb-0">
          {translate("History")}
        </h2>
        <Link to={allLink} className="small">
          {translate("Open in Audit Log")}
        </Link>
      </Card.Header>
      <Card.Body>
        {isLoading ? (
          <p className="text-muted mb-0">{translate("Loading history…")}</p>
        ) : !data || data.rows.length === 0 ? (
          <p className="text-muted mb-0">{translate("No changes recorded yet.")}</p>
        ) : (
          <ol className="list-unstyled mb-0" aria-label={translate("Changes, newest first")}>
            {data.rows.map((entry) => (
              <li key={entry.audit_id} className="border-bottom pb-2 mb-2 history-entry">
                <div className="small mb-1">
                  <strong>{translate(actionLabel(entry.action))}</strong> {translate("by")}{" "}
                  <AuditActor entry={entry} /> {translate("on")}{" "}
                  <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
                </div>
                <AuditChanges entry={entry} />
              </li>
            ))}
          </ol>
        )}
        {last > 1 && (
          <div className="d-flex gap-2 align-items-center mt-2 small">
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={page <= 1}
              onClick={() => setPage((p) => p - 1)}
            >
              {translate("Newer")}
            </Button>
            <span>{translate("Page {{count}} of {{total}}", { count: page, total: last })}</span>
            <Button
              size="sm"
              variant="outline-secondary"
              disabled={page >= last}
              onClick={() => setPage((p) => p + 1)}
            >
              {translate("Older")}
            </Button>
          </div>
        )}
      </Card.Body>
    </Card>
  );
}
