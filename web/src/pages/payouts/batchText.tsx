import type { PayoutBatch, PayoutBatchLine, PayoutBatchStatus } from "@store/contract";
import { Badge } from "react-bootstrap";
import { translate } from "../../i18n/messages";

/** A batch's state: draft grey, released blue, reconciled green; one first release of two in amber. */
export const BATCH_STATUS_STYLE: Record<PayoutBatchStatus, { bg: string; label: string }> = {
  draft: { bg: "secondary", label: "Draft" },
  released: { bg: "primary", label: "Released" },
  reconciled: { bg: "success", label: "Reconciled" },
};

/** "Payout batch #12", as the audit log names it too. */
export const batchName = (batch: Pick<PayoutBatch, "batch_id">) =>
  translate("Payout batch #{{id}}", { id: batch.batch_id });

export function BatchStatusBadge({ batch }: { batch: PayoutBatch }) {
  if (batch.status === "draft" && batch.first_released_by !== null) {
    return (
      <Badge bg="warning" text="dark">
        {translate("Awaiting second release")}
      </Badge>
    );
  }
  const style = BATCH_STATUS_STYLE[batch.status];
  return <Badge bg={style.bg}>{translate(style.label)}</Badge>;
}

/** A line's answer from the bank: paid green, failed red (refunded said), none yet grey. */
export function LineAnswer({ line }: { line: PayoutBatchLine }) {
  if (line.result === null)
    return <span className="text-muted">{translate("Awaiting the bank")}</span>;
  return (
    <>
      <Badge bg={line.result === "paid" ? "success" : "danger"}>
        {translate(line.result === "paid" ? "Paid" : "Failed")}
      </Badge>
      {line.result_reason && <div className="small">{line.result_reason}</div>}
      {line.refunded && (
        <div className="small text-muted">{translate("Refunded to the cash wallet")}</div>
      )}
    </>
  );
}
