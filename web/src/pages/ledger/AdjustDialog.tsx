import { zodResolver } from "@hookform/resolvers/zod";
import {
  LEDGER_ACCOUNT_LABELS,
  LEDGER_ACCOUNTS,
  LEDGER_NOTE_MAX,
  type LedgerAccount,
  type WalletAdjustmentInput,
  walletAdjustmentInput,
} from "@store/contract";
import { useEffect } from "react";
import { Button, Form, Modal } from "react-bootstrap";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "../../api/client";
import { type Balances, useAdjustWallet } from "../../api/ledger";
import { Field, showToast } from "../../components";
import { tx } from "../../i18n/messages";
import { showServerIssues } from "../../lib/formErrors";
import { addMoney, isAmount } from "../../lib/money";
import { formatBalance } from "./WalletStatementPage";

type Values = z.output<typeof walletAdjustmentInput>;
const FIELDS = ["account", "amount", "note"] as const;

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
  const { register, handleSubmit, reset, setError, watch, formState } = useForm<
    WalletAdjustmentInput,
    unknown,
    Values
  >({ resolver: zodResolver(walletAdjustmentInput), defaultValues: empty });
  const { errors, isSubmitting } = formState;

  // Each opening starts blank.
  useEffect(() => {
    if (show) reset({ user_id: userId, account: "wallet", amount: "", note: "" });
  }, [show, userId, reset]);

  const account = watch("account") as LedgerAccount;
  const amount = String(watch("amount") ?? "").trim();
  const current = balances[account] ?? "0.00";
  const after = isAmount(amount) ? addMoney(current, amount) : null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await adjust.mutateAsync(values);
      showToast(`${LEDGER_ACCOUNT_LABELS[values.account]} of ${username} adjusted.`, "success");
      onClose();
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        setError("amount", { type: "server", message: error.message }, { shouldFocus: true });
        return;
      }
      showServerIssues(error, setError, FIELDS);
    }
  });

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="adjust-title">
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel={tx("Close")}>
          <Modal.Title id="adjust-title" as="h2" className="h5">
            {tx("Adjust Balance")}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="text-muted small">
            Adjusting [{username}]. Use a negative amount to take away.
          </p>
          <Field htmlFor="adjust-account" label="Account" error={errors.account?.message}>
            {(aria) => (
              <Form.Select {...aria} {...register("account")}>
                {LEDGER_ACCOUNTS.map((a) => (
                  <option key={a} value={a}>
                    {LEDGER_ACCOUNT_LABELS[a]}
                  </option>
                ))}
              </Form.Select>
            )}
          </Field>
          <Field
            htmlFor="adjust-amount"
            label="Amount"
            error={errors.amount?.message}
            hint={
              <>
                Now {formatBalance(account, current)}
                {after !== null && <> · after {formatBalance(account, after)}</>}
              </>
            }
          >
            {(aria) => (
              <Form.Control
                {...aria}
                {...register("amount")}
                inputMode="decimal"
                autoComplete="off"
                placeholder={tx("e.g. 10.00 or -5.50")}
              />
            )}
          </Field>
          <Field htmlFor="adjust-note" label="Note" error={errors.note?.message}>
            {(aria) => (
              <Form.Control
                {...aria}
                {...register("note")}
                as="textarea"
                rows={2}
                maxLength={LEDGER_NOTE_MAX}
              />
            )}
          </Field>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {tx("Cancel")}
          </Button>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {tx("Save")}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
