import { type AdjustmentRequest, LEDGER_ACCOUNT_LABELS } from "@store/contract";
import { useState } from "react";
import { Button, Table } from "react-bootstrap";
import { useDecideAdjustment, usePendingAdjustments } from "../../api/ledger";
import { ConfirmDialog, reportStaleRow, showToast } from "../../components";
import { translate } from "../../i18n/messages";
import { formatBalance, formatDateTime } from "../../lib/format";
import { useStoredAdmin } from "../../lib/permissions";

type Decision = "approved" | "rejected";

/**
 * A member's credit adjustments awaiting a second person (four-eyes payouts,
 * docs/decisions/four-eyes-payouts.md): shown only when there are some. Who
 * asked for one is not offered Approve (the server would refuse it); they may
 * reject (withdraw) it.
 */
export function PendingAdjustments({ userId, mayDecide }: { userId: number; mayDecide: boolean }) {
  const pending = usePendingAdjustments(userId);
  const decide = useDecideAdjustment();
  const me = useStoredAdmin()?.user_id;
  const [asking, setAsking] = useState<{ request: AdjustmentRequest; status: Decision } | null>(
    null,
  );
  const rows = pending.data ?? [];
  if (rows.length === 0) return null;
  const amountOf = (r: AdjustmentRequest) => formatBalance(r.account, r.amount);
  return (
    <section className="card p-3 mb-3" aria-labelledby="pending-adjustments-title">
      <h2 id="pending-adjustments-title" className="h6">
        {translate("Adjustments awaiting a second approval")}
      </h2>
      <Table size="sm" responsive className="mb-0" data-testid="pending-adjustments">
        <thead>
          <tr>
            <th scope="col">{translate("Account")}</th>
            <th scope="col" className="text-end">
              {translate("Amount")}
            </th>
            <th scope="col">{translate("Note")}</th>
            <th scope="col">{translate("Asked by")}</th>
            <th scope="col">{translate("Date")}</th>
            {mayDecide && <th scope="col">{translate("Actions")}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.adjustment_id}>
              <td>{translate(LEDGER_ACCOUNT_LABELS[r.account])}</td>
              <td className="text-end text-nowrap">+{amountOf(r)}</td>
              <td>{r.note}</td>
              <td>{r.requested_by_username ?? "-"}</td>
              <td className="text-nowrap">{formatDateTime(r.requested_at)}</td>
              {mayDecide && (
                <td className="text-nowrap">
                  {r.requested_by === me ? (
                    <span className="small text-muted me-2">
                      {translate("Another person approves")}
                    </span>
                  ) : (
                    <Button
                      size="sm"
                      variant="success"
                      className="me-1"
                      onClick={() => setAsking({ request: r, status: "approved" })}
                    >
                      {translate("Approve")}
                    </Button>
                  )}
                  <Button
                    size="sm"
                    variant="danger"
                    onClick={() => setAsking({ request: r, status: "rejected" })}
                  >
                    {translate("Reject")}
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </Table>
      <ConfirmDialog
        show={asking !== null}
        title={asking?.status === "approved" ? "Approve Alert" : "Reject Alert"}
        confirmVariant={asking?.status === "approved" ? "success" : "danger"}
        busy={decide.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => {
          if (!asking) return;
          const { request, status } = asking;
          const what = amountOf(request);
          decide.mutate(
            { request, status },
            {
              onSuccess: () =>
                showToast(
                  status === "approved"
                    ? translate("The adjustment of {{amount}} was approved and posted.", {
                        amount: what,
                      })
                    : translate("The adjustment of {{amount}} was rejected.", { amount: what }),
                  "success",
                ),
              onError: (error) => reportStaleRow(error, `adjustment of ${what}`),
              onSettled: () => setAsking(null),
            },
          );
        }}
      >
        {asking?.status === "approved"
          ? translate("Approve the adjustment of {{amount}}? It is posted at once.", {
              amount: asking ? amountOf(asking.request) : "",
            })
          : translate("Reject the adjustment of {{amount}}? Nothing is posted.", {
              amount: asking ? amountOf(asking.request) : "",
            })}
      </ConfirmDialog>
    </section>
  );
}
