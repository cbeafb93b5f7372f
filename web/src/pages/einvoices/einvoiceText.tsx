import {
  EINVOICE_STATUS_LABELS,
  EINVOICE_TYPE_LABELS,
  type Einvoice,
  type EinvoiceStatus,
} from "@store/contract";
import { Badge } from "react-bootstrap";
import { Link } from "react-router";
import { translate } from "../../i18n/messages";
import { useResources } from "../../resources/context";

/** Draft grey, submitted blue (LHDN validating), valid green, invalid red, cancelled dark. */
const STATUS_BG: Record<EinvoiceStatus, string> = {
  draft: "secondary",
  submitted: "primary",
  valid: "success",
  invalid: "danger",
  cancelled: "dark",
};

export function EinvoiceStatusBadge({ status }: { status: EinvoiceStatus }) {
  return <Badge bg={STATUS_BG[status]}>{translate(EINVOICE_STATUS_LABELS[status])}</Badge>;
}

export const typeText = (doc: Pick<Einvoice, "type">) => translate(EINVOICE_TYPE_LABELS[doc.type]);

/** What the document covers: one order (linked to it), a month's sales, or a commission period. */
export function EinvoiceCovers({ doc }: { doc: Einvoice }) {
  const resources = useResources();
  if (doc.orders_id !== null)
    return (
      <Link to={resources.editLink("order", doc.orders_id)}>
        {doc.order_number ?? `#${doc.orders_id}`}
      </Link>
    );
  if (doc.month !== null) return <>{translate("Sales of {{month}}", { month: doc.month })}</>;
  if (doc.period_id !== null)
    return <>{translate("Commission period #{{id}}", { id: doc.period_id })}</>;
  return <>-</>;
}

/** LHDN's errors as it gave them: its code, its words and the field it points at. */
export function EinvoiceErrors({ doc, compact = false }: { doc: Einvoice; compact?: boolean }) {
  if (doc.errors.length === 0) return null;
  return (
    <ul
      className={compact ? "small text-danger mb-0 ps-3" : "mb-0"}
      aria-label={translate("LHDN's errors of {{number}}", { number: doc.internal_id })}
    >
      {doc.errors.map((e, i) => (
        // LHDN may give the same code twice, for two targets: the place in its fixed list.
        <li key={`${i}-${e.code}`}>
          <span className="font-monospace">{e.code}</span>
          {`: ${e.message}`}
          {e.target && <span className="text-muted">{` (${e.target})`}</span>}
        </li>
      ))}
    </ul>
  );
}
