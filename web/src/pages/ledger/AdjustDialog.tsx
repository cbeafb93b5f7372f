import {
  ADJUSTABLE_ACCOUNTS,
  addMoney,
  isAmount,
  LEDGER_ACCOUNT_LABELS,
  LEDGER_NOTE_MAX,
  type LedgerAccount,
  type WalletAdjustmentInput,
  walletAdjustmentInput,
} from "@store/contract";
import { useEffect } from "react";
import { Button, Form, Modal } from "react-bootstrap";
import { type Balances, isPendingAdjustment, useAdjustWallet } from "../../api/ledger";
import { Field, RecordForm, useRecordForm } from "../../components";
import { translate } from "../../i18n/messages";
import { formatBalance } from "../../lib/format";

/**
 * "Adjust": an admin's correction of one balance by a signed amount, with a
 * required note. Shows the balance it will leave; the server refuses a result
 * below zero (409), said under the amount.
 */
export function AdjustDialog({
  show,
  userId,
  username,
  balances,
  onClose,
}: {
  show: boolean;
  userId: number;
  username: string;
  balances: Balances;
  onClose: () => void;
}) {
  const adjust = useAdjustWallet();
  const empty: WalletAdjustmentInput = { user_id: userId, account: "wallet", amount: "", note: "" };
  // The shared form pattern (docs/ARCHITECTURE.md) with no record screen: a dialog,
  // so no leave-page guard; a balance below zero (409) is said under the amount.
  const recordForm = useRecordForm({
    schema: walletAdjustmentInput,
    defaults: empty,
    conflictField: "amount",
    save: (values) => adjust.mutateAsync(values),
    savedMessage: (result, values) =>
      isPendingAdjustment(result)
        ? translate(
            "The credit of {{amount}} to {{name}} awaits a second person's approval; nothing is posted yet.",
            { amount: formatBalance(values.account, result.amount), name: username },
          )
        : translate("{{field}} of {{name}} adjusted.", {
            field: translate(LEDGER_ACCOUNT_LABELS[values.account]),
            name: username,
          }),
    onSaved: () => {
      onClose();
    },
  });
  const { reset, watch } = recordForm.form;
  const { isSubmitting } = recordForm;

  // Each opening starts blank.
  useEffect(() => {
    if (show) reset({ user_id: userId, account: "wallet", amount: "", note: "" });
  }, [show, userId, reset]);

  const account = watch("account") as LedgerAccount;
  const amount = String(watch("amount") ?? "").trim();
  const current = balances[account] ?? "0.00";
  const after = isAmount(amount) ? addMoney(current, amount) : null;

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="adjust-title">
      <RecordForm form={recordForm}>
        <Modal.Header closeButton closeLabel={translate("Close")}>
          <Modal.Title id="adjust-title" as="h2" className="h5">
            {translate("Adjust Balance")}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-muted small">
            {translate("Adjusting [{{name}}]. Use a negative amount to take away.", {
              name: username,
            })}
          </p>
          <Field name="account" id="adjust-account" label="Account">
            {(input) => (
              <Form.Select {...input}>
                {/* Held balances move only by their orders and periods, never by hand. */}
                {ADJUSTABLE_ACCOUNTS.map((a) => (
                  <option key={a} value={a}>
                    {translate(LEDGER_ACCOUNT_LABELS[a])}
                  </option>
                ))}
              </Form.Select>
            )}
          </Field>
          <Field
            name="amount"
            id="adjust-amount"
            label="Amount"
            hint={
              after === null
                ? translate("Now {{balance}}", { balance: formatBalance(account, current) })
                : translate("Now {{balance}} · after {{after}}", {
                    balance: formatBalance(account, current),
                    after: formatBalance(account, after),
                  })
            }
          >
            {(input) => (
              <Form.Control
                {...input}
                inputMode="decimal"
                autoComplete="off"
                placeholder={translate("e.g. 10.00 or -5.50")}
              />
            )}
          </Field>
          <Field name="note" id="adjust-note" label="Note">
            {(input) => (
              <Form.Control {...input} as="textarea" rows={2} maxLength={LEDGER_NOTE_MAX} />
            )}
          </Field>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {translate("Cancel")}
          </Button>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {translate("Save")}
          </Button>
        </Modal.Footer>
      </RecordForm>
    </Modal>
  );
}
