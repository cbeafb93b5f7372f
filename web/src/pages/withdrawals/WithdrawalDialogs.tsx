import {
  addMoney,
  compareMoney,
  LEDGER_NOTE_MAX,
  type PayoutApproval,
  subtractMoney,
  type WithdrawRequest,
  withdrawReversalInput,
} from "@store/contract";
import { useEffect } from "react";
import { Form } from "react-bootstrap";
import { ApiError, isUnreachable, recordVersion } from "../../api/client";
import { useBalances, useReverseWithdrawal } from "../../api/ledger";
import { useSettings } from "../../api/settings";
import { usePayoutApprovals } from "../../api/withdrawals";
import { ConfirmDialog, Field, RecordForm, reportStaleRow, useRecordForm } from "../../components";
import { translate } from "../../i18n/messages";
import { formatMoney } from "../../lib/format";
import { useCan } from "../../lib/permissions";

/**
 * The member's cash wallet now and what it will be once this request is
 * approved (`sign` -1) or reversed (+1): read afresh from the ledger when the
 * dialog opens (nothing is shown until it is there).
 */
export function CashWalletFigures({
  request,
  sign,
  moves = true,
}: {
  request: WithdrawRequest;
  sign: -1 | 1;
  /** False for a first approval of two: nothing leaves the wallet yet, so no "After approval". */
  moves?: boolean;
}) {
  // A deleted member has no ledger to read, and a person who may not view wallets
  // (payouts only) may not read it: the request's own figure, as the list read it, then.
  const readsLedger = useCan("wallets:view") && request.user_id !== null;
  const balances = useBalances(readsLedger ? request.user_id : null, { fresh: true });
  const now =
    !readsLedger || balances.isError
      ? request.c_wallet_amt
      : balances.isFetching
        ? undefined
        : balances.data?.cash_wallet;
  if (now === undefined)
    return (
      <p className="small text-muted mt-3 mb-0" aria-live="polite">
        {translate("Reading the cash wallet…")}
      </p>
    );
  const after =
    sign < 0 ? subtractMoney(now, request.withdraw_amt) : addMoney(now, request.withdraw_amt);
  const short = after.startsWith("-");
  if (!moves)
    return (
      <>
        <dl className="row mb-0 mt-3 small" aria-label={translate("Cash wallet")}>
          <dt className="col-7 fw-normal">{translate("Cash wallet now")}</dt>
          <dd className="col-5 text-end mb-0" data-testid="cash-now">
            {formatMoney(now)}
          </dd>
        </dl>
        <LimitWarning amount={request.withdraw_amt} />
      </>
    );
  return (
    <>
      <dl className="row mb-0 mt-3 small" aria-label={translate("Cash wallet")}>
        <dt className="col-7 fw-normal">{translate("Cash wallet now")}</dt>
        <dd className="col-5 text-end mb-1" data-testid="cash-now">
          {formatMoney(now)}
        </dd>
        <dt className="col-7 fw-normal">
          {sign < 0 ? translate("After approval") : translate("After reversal")}
        </dt>
        <dd className={`col-5 text-end mb-0 fw-semibold ${short ? "text-danger" : ""}`}>
          <span data-testid="cash-after">{formatMoney(after)}</span>
        </dd>
      </dl>
      {short && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {translate("The cash wallet does not hold this amount.")}
        </p>
      )}
      {sign < 0 && <LimitWarning amount={request.withdraw_amt} />}
    </>
  );
}

/** Says before Confirm when the store's withdrawal minimum or maximum (General tab) will refuse it. */
function LimitWarning({ amount }: { amount: string }) {
  // Only for who may read the settings (else the server's refusal would be said for nothing).
  const settings = useSettings({ enabled: useCan("settings:view") });
  const min = settings.data?.withdraw_min_amt;
  const max = settings.data?.withdraw_max_amt;
  let text: string | null = null;
  if (min !== undefined && compareMoney(amount, min) < 0)
    text = translate("{{sum}} is below the store's minimum withdrawal of {{limit}}.", {
      sum: formatMoney(amount),
      limit: formatMoney(min),
    });
  else if (max != null && compareMoney(amount, max) > 0)
    text = translate("{{sum}} is above the store's maximum withdrawal of {{limit}}.", {
      sum: formatMoney(amount),
      limit: formatMoney(max),
    });
  if (!text) return null;
  return (
    <p className="text-danger small mt-2 mb-0" role="alert">
      {text}
    </p>
  );
}

/**
 * "Reverse" on a completed request: asks for a note (why the payout is
 * undone) and a Confirm, then the amount goes back to the cash wallet as a
 * withdrawal_reversal entry; the request itself is not edited.
 */
export function ReverseDialog({
  request,
  onClose,
}: {
  request: WithdrawRequest | null;
  onClose: () => void;
}) {
  const reverse = useReverseWithdrawal();
  // The shared form pattern (docs/ARCHITECTURE.md) inside a confirm dialog: no
  // record screen, so no leave-page guard; Confirm submits it.
  const recordForm = useRecordForm({
    schema: withdrawReversalInput,
    defaults: { note: "" },
    save: async (input) => {
      if (!request) return;
      try {
        return await reverse.mutateAsync({
          id: request.withdraw_id,
          input,
          version: recordVersion(request),
        });
      } catch (failure) {
        reportStaleRow(failure, `withdrawal of [${request.username}]`);
        // A refused note stays open to be corrected, and an unsent one to be sent again (its
        // Retry); anything else closes (its toast says it).
        if (!(failure instanceof ApiError && failure.status === 400) && !isUnreachable(failure))
          onClose();
        throw failure;
      }
    },
    savedMessage: () =>
      translate("Withdrawal of [{{name}}] reversed.", { name: request?.username ?? "" }),
    onSaved: () => {
      onClose();
    },
  });
  const { reset } = recordForm.form;
  // Each opening starts blank.
  useEffect(() => {
    if (request) reset({ note: "" });
  }, [request, reset]);

  return (
    <ConfirmDialog
      show={request !== null}
      title={translate("Reverse Alert")}
      confirmVariant="warning"
      busy={reverse.isPending || recordForm.isSubmitting}
      onCancel={onClose}
      onConfirm={() => void recordForm.onSubmit()}
    >
      {translate("Are you sure you want to reverse withdrawal of [{{name}}]?", {
        name: request?.username ?? "",
      })}
      <div className="small text-muted mt-2">
        {translate(
          "{{money}} goes back to the cash wallet. The request stays completed and its reversal is recorded.",
          { money: formatMoney(request?.withdraw_amt) },
        )}
      </div>
      {request && <CashWalletFigures request={request} sign={1} />}
      <RecordForm form={recordForm}>
        <Field name="note" id="reverse-note" label="Note" className="mt-3 mb-0">
          {(input) => (
            <Form.Control {...input} as="textarea" rows={2} maxLength={LEDGER_NOTE_MAX} />
          )}
        </Field>
      </RecordForm>
    </ConfirmDialog>
  );
}

/** What one approval will be, said before Confirm (docs/decisions/four-eyes-payouts.md). */
export function approvalText(approval: PayoutApproval, above: string | null): string | null {
  switch (approval.stage) {
    case "first":
      return approval.reason === "day_total"
        ? translate(
            "A first approval only: with your approvals of this member today ({{total}}) it passes the second-approval amount of {{above}}. Nothing is paid until a second person approves.",
            { total: formatMoney(approval.day_total), above: formatMoney(above) },
          )
        : translate(
            "A first approval only: it is above the second-approval amount of {{above}}. Nothing is paid until a second person approves.",
            { above: formatMoney(above) },
          );
    case "second":
      return translate("The second approval: the money is paid now.");
    case "same_person":
      return translate(
        "You approved this payout already. A second, different person must approve it.",
      );
    default:
      return null;
  }
}

/** "You will be asked for your password once." when the approval needs a fresh step-up. */
function StepUpNote({ needed }: { needed: boolean }) {
  if (!needed) return null;
  return (
    <p className="small text-muted mt-2 mb-0" data-testid="step-up-note">
      {translate("You will be asked for your password or authenticator code once.")}
    </p>
  );
}

/**
 * The single Approve dialog's figures: what this approval will be, then the
 * cash wallet now and, when the money moves, after.
 */
export function ApprovalFigures({ request }: { request: WithdrawRequest }) {
  const approvals = usePayoutApprovals([request.withdraw_id]);
  const approval = approvals.data?.approvals[0];
  if (approvals.isFetching || !approvals.data)
    return (
      <p className="small text-muted mt-3 mb-0" aria-live="polite">
        {translate("Reading the cash wallet…")}
      </p>
    );
  const text = approval ? approvalText(approval, approvals.data.above) : null;
  return (
    <>
      {text && (
        <p
          className={`mt-3 mb-0 ${approval?.stage === "same_person" ? "text-danger" : "fw-semibold"}`}
          data-testid="approval-stage"
        >
          {text}
        </p>
      )}
      <CashWalletFigures request={request} sign={-1} moves={approval?.stage !== "first"} />
      <StepUpNote needed={approvals.data.step_up} />
    </>
  );
}

/**
 * Under a bulk Approve's list: the requests that get only a first approval
 * (named, with their amounts), and whether the password is asked (once).
 */
export function BulkApprovalNote({ rows }: { rows: { id: number; row: WithdrawRequest }[] }) {
  const approvals = usePayoutApprovals(rows.map((r) => r.id));
  if (!approvals.data) return null;
  const firstOnly = approvals.data.approvals.filter((a) => a.stage === "first");
  const byId = new Map(rows.map((r) => [r.id, r.row]));
  return (
    <div data-testid="bulk-approval-note">
      {firstOnly.length > 0 && (
        <>
          <p className="fw-semibold mt-3 mb-1">
            {translate(
              "Only a first approval for these (nothing is paid until a second person approves):",
            )}
          </p>
          <ul className="mb-0" aria-label={translate("First approval only")}>
            {firstOnly.map((a) => {
              const row = byId.get(a.withdraw_id);
              return (
                <li key={a.withdraw_id}>
                  {row?.username} {formatMoney(row?.withdraw_amt)}
                  {a.reason === "day_total" && (
                    <span className="text-muted">
                      {" "}
                      {translate("(with your approvals of this member today: {{total}})", {
                        total: formatMoney(a.day_total),
                      })}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </>
      )}
      <StepUpNote needed={approvals.data.step_up} />
    </div>
  );
}
