/**
 * The wallet ledger (docs/decisions/wallet-ledger.md): every change of
 * a wallet, cash wallet or PV balance is one append-only entry, and each
 * balance equals the sum of its entries.
 */
import { z } from "zod";
import { listQuery } from "./common";
import { say } from "./errors";
import { job, jobProgress } from "./jobs";
import { ADJUSTABLE_ACCOUNTS, LEDGER_ACCOUNTS } from "./money";
import {
  atLeastCharacters,
  atMostCharacters,
  isRequired,
  MAX_ID,
  money,
  moneyOut,
  text,
  timestamp,
} from "./primitives";
import { recordVersion } from "./versions";

export const LEDGER_REASONS = [
  "opening",
  "adjustment",
  "withdrawal",
  "withdrawal_reversal",
  "pv_order",
  "pv_refund",
  "commission",
  "commission_reversal",
  "clawback_recovery",
  "commission_held",
  "commission_release",
  "payout_failed",
  "tax_withholding",
  "tax_withholding_reversal",
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

export const LEDGER_REASON_LABELS: Record<LedgerReason, string> = {
  opening: "Opening balance",
  adjustment: "Adjustment",
  withdrawal: "Withdrawal",
  withdrawal_reversal: "Withdrawal reversal",
  pv_order: "PV from order",
  pv_refund: "PV refund",
  commission: "Commission",
  commission_reversal: "Commission reversal",
  clawback_recovery: "Clawback recovery",
  commission_held: "Commission held",
  commission_release: "Commission release",
  payout_failed: "Payout failed at the bank",
  tax_withholding: "Tax withheld (s.107D)",
  tax_withholding_reversal: "Tax withheld given back",
};

/** What an entry came from: an order (orders_id), a withdrawal request (withdraw_id) or a commission period (period_id). */
export const LEDGER_REF_TYPES = ["order", "withdrawal", "period", "import"] as const;
export type LedgerRefType = (typeof LEDGER_REF_TYPES)[number];

/** One ledger entry as answered. Amounts are signed exact decimal strings ("-12.50"). */
export const ledgerEntry = z.object({
  entry_id: z.number(),
  user_id: z.number(),
  account: z.enum(LEDGER_ACCOUNTS),
  amount: moneyOut,
  balance_after: moneyOut,
  reason: z.enum(LEDGER_REASONS),
  ref_type: z.enum(LEDGER_REF_TYPES).nullable(),
  ref_id: z.number().nullable(),
  note: z.string(),
  /** The plan level of a commission entry (held, reversed); null for the rest. */
  level: z.number().nullable(),
  /** The administrator who posted it, as they were named then; null for the system (migration, seed). */
  actor_id: z.number().nullable(),
  actor_username: z.string().nullable(),
  created_at: timestamp,
});
export type LedgerEntry = z.infer<typeof ledgerEntry>;

const ACCOUNT_MESSAGE = say("ledger_account", {}, "Account must be wallet, cash_wallet or pv.");
const USER_ID_MESSAGE = say("user_id", {}, "User must be a user id.");
/** A list narrowed to one member (`user_id`), if asked. */
const userIdFilter = z.coerce
  .number({ error: USER_ID_MESSAGE })
  .int(USER_ID_MESSAGE)
  .positive(USER_ID_MESSAGE)
  .max(MAX_ID, USER_ID_MESSAGE)
  .optional();
// The API document's choices (the pipe's input is text, so the message is the contract's).
const accountOf = <const A extends readonly [string, ...string[]]>(accounts: A) =>
  text({ error: ACCOUNT_MESSAGE })
    .pipe(z.enum(accounts, { error: ACCOUNT_MESSAGE }))
    .meta({ enum: [...accounts] });
const ledgerAccount = accountOf(LEDGER_ACCOUNTS);

/** GET walletLedger: the usual paging, narrowed to one member and/or one account. Newest first. */
export const ledgerListQuery = listQuery.extend({
  user_id: userIdFilter,
  account: ledgerAccount.optional(),
});
export type LedgerListQuery = z.input<typeof ledgerListQuery>;

export const LEDGER_NOTE_MIN = 3;
export const LEDGER_NOTE_MAX = 500;

/** A note an administrator must write (adjustments, withdrawal reversals). */
export const ledgerNote = text({ error: isRequired("Note") })
  .trim()
  .min(1, isRequired("Note"))
  .min(LEDGER_NOTE_MIN, atLeastCharacters("Note", LEDGER_NOTE_MIN))
  .max(LEDGER_NOTE_MAX, atMostCharacters("Note", LEDGER_NOTE_MAX));

/**
 * POST walletAdjustments: an administrator's correction of one balance by a
 * signed amount (never zero). A result below zero is refused with 409.
 * Answers the entry (201).
 */
export const walletAdjustmentInput = z.object({
  user_id: z.coerce
    .number({ error: isRequired("User") })
    .int(isRequired("User"))
    .positive(isRequired("User"))
    .max(MAX_ID, say("existing_user", { field: "User" }, "User must be an existing user.")),
  account: accountOf(ADJUSTABLE_ACCOUNTS),
  amount: money("Amount", { min: -9_999_999_999.99 }).refine((v) => v !== "0.00", {
    message: say("amount_zero", {}, "Amount must not be zero."),
  }),
  note: ledgerNote,
});
export type WalletAdjustmentInput = z.input<typeof walletAdjustmentInput>;

/** One balance that differs from the sum of its entries. */
export const reconcileMismatch = z.object({
  user_id: z.number(),
  account: z.enum(LEDGER_ACCOUNTS),
  balance: moneyOut,
  ledger_sum: moneyOut,
});
export type ReconcileMismatch = z.infer<typeof reconcileMismatch>;

/**
 * An order whose money does not follow its status (docs/REQUIREMENTS.md
 * section 4) for one member and account: what the order holds for them
 * (`net`: its entries, plus PV held in the opening balance) less what is
 * still owed (`owed`) should be `expected` (complete: the PV or the recorded
 * commission; canceled, refund, returned: 0; 1-5: 0 or the credit).
 */
export const orderMismatch = z.object({
  orders_id: z.number(),
  user_id: z.number(),
  account: z.enum(["pv", "cash_wallet"]),
  order_status: z.number(),
  expected: moneyOut,
  net: moneyOut,
  owed: moneyOut,
});
export type OrderMismatch = z.infer<typeof orderMismatch>;

/** An account whose entries (every member's, deleted ones included) do not sum to its balances. */
export const accountTotalMismatch = z.object({
  account: z.enum(LEDGER_ACCOUNTS),
  balances: moneyOut,
  entries: moneyOut,
});
export type AccountTotalMismatch = z.infer<typeof accountTotalMismatch>;

/** GET walletLedger/reconcile: every live balance compared with the sum of its entries, every order with its status. */
export const reconcileReport = z.object({
  /** Members whose balances were compared (each: wallet, cash wallet and PV). */
  wallets_checked: z.number(),
  mismatches: reconcileMismatch.array(),
  /** Orders whose money was checked (complete ones, and any with a record, entries or an amount owed). */
  orders_checked: z.number(),
  order_mismatches: orderMismatch.array(),
  account_totals: accountTotalMismatch.array(),
});
export type ReconcileReport = z.infer<typeof reconcileReport>;

/**
 * POST walletLedger/reconcileRuns, GET walletLedger/reconcileRuns/latest (null before the first): the
 * same check as a job, a part of the store at a time, with its progress; the
 * report once done.
 */
export const reconcileRun = job
  .pick({ job_id: true, status: true, started_at: true, finished_at: true, last_error: true })
  .extend({
    /** Parts checked of all (members, then orders, 100,000 ids a part, then the account totals). */
    progress: jobProgress,
    report: reconcileReport.nullable(),
  });
export type ReconcileRun = z.infer<typeof reconcileRun>;

/**
 * PUT withdrawRequest/{id}/reverse: undoes a completed request; the amount
 * goes back to the cash wallet as a withdrawal_reversal entry. The note is
 * required.
 */
export const withdrawReversalInput = z.object({ note: ledgerNote });
export type WithdrawReversalInput = z.input<typeof withdrawReversalInput>;

/** The accounts an order credits, and so the ones a reversal can leave owed. */
export const OWED_ACCOUNTS = ["cash_wallet", "pv"] as const;
export type OwedAccount = (typeof OWED_ACCOUNTS)[number];

/** One reversal the balance could not cover in full. */
export const owedItem = z.object({
  owed_id: z.number(),
  account: z.enum(OWED_ACCOUNTS),
  orders_id: z.number(),
  amount: moneyOut,
  recovered: moneyOut,
  /** amount less recovered. */
  outstanding: moneyOut,
  note: z.string(),
  created_at: timestamp,
});
export type OwedItem = z.infer<typeof owedItem>;

/**
 * GET users/{id}/owed: what a member still owes from reversed orders, per
 * account (the statement's "Owed from reversed commissions"), and the items
 * not yet recovered, oldest first.
 */
export const owedSummary = z.object({
  user_id: z.number(),
  cash_wallet: moneyOut,
  pv: moneyOut,
  items: owedItem.array(),
});
export type OwedSummary = z.infer<typeof owedSummary>;

/**
 * A credit adjustment of money (wallet, cash wallet) above the second-approval
 * amount, or bringing one person's credits to one member within a day above
 * it (docs/decisions/four-eyes-payouts.md): POST walletAdjustments answers it
 * with 202, and nothing is posted until another holder of wallets:manage
 * approves it (PUT walletAdjustments/{id}).
 */
export const ADJUSTMENT_STATUSES = ["pending", "approved", "rejected"] as const;
export const adjustmentRequest = z.object({
  adjustment_id: z.number(),
  user_id: z.number(),
  username: z.string(),
  account: z.enum(["wallet", "cash_wallet"]),
  amount: moneyOut,
  note: z.string(),
  status: z.enum(ADJUSTMENT_STATUSES),
  requested_by: z.number().nullable(),
  requested_by_username: z.string().nullable(),
  requested_at: timestamp,
  decided_by: z.number().nullable(),
  decided_by_username: z.string().nullable(),
  decided_at: timestamp.nullable(),
  /** The ledger entry an approval posted. */
  entry_id: z.number().nullable(),
  version: recordVersion,
});
export type AdjustmentRequest = z.infer<typeof adjustmentRequest>;

/** GET walletAdjustments: the pending ones by default, of one member when asked. */
export const adjustmentRequestsQuery = z.object({
  user_id: userIdFilter,
  status: text()
    .pipe(z.enum(ADJUSTMENT_STATUSES, { error: isRequired("Status") }))
    .optional(),
});

/** PUT walletAdjustments/{id}: approve (another person posts it) or reject. */
export const adjustmentDecision = z.object({
  status: text({
    error: say("adjustment_decision", {}, "Status must be approved or rejected."),
  }).pipe(
    z.enum(["approved", "rejected"], {
      error: say("adjustment_decision", {}, "Status must be approved or rejected."),
    }),
  ),
});
export type AdjustmentDecision = z.input<typeof adjustmentDecision>;
