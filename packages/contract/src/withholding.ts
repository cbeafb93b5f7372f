/**
 * Withholding under s.107D of the Income Tax Act (issue 39 item 3,
 * docs/decisions/withholding.md): a payout to a member whose commissions from
 * the store in the previous calendar year exceeded RM 100,000.00 keeps back
 * 2% of it (half-up, in sen) for the tax authority; the store remits it
 * monthly from the remittance report.
 */
import { z } from "zod";
import { say } from "./errors";
import { fromSen, toSen } from "./money";
import { moneyOut, text } from "./primitives";

/** Above this, in the previous calendar year's commissions, a payout is withheld from (exactly it: not). */
export const WITHHOLDING_THRESHOLD = "100000.00";
/** The share withheld, in percent. */
export const WITHHOLDING_PERCENT = 2n;

/** 2% of a payout, half-up in sen: "100.25" → "2.01". */
export function withholdingOf(amount: string): string {
  const sen = toSen(amount);
  if (sen <= 0n) return "0.00";
  return fromSen((sen * WITHHOLDING_PERCENT + 50n) / 100n);
}

/** Whether a year's commissions oblige the store to withhold: more than RM 100,000.00. */
export const mustWithhold = (paidLastYear: string): boolean =>
  toSen(paidLastYear) > toSen(WITHHOLDING_THRESHOLD);

const MONTH_MESSAGE = say("report_month", {}, "Choose a month as YYYY-MM, e.g. 2026-01.");
/** A calendar month, YYYY-MM. */
export const calendarMonth = text({ error: MONTH_MESSAGE }).regex(
  /^(19|20|21)\d\d-(0[1-9]|1[0-2])$/,
  { error: MONTH_MESSAGE },
);

/** GET reports/withholding?month=YYYY-MM[&_format=csv|pdf]. */
export const withholdingQuery = z.object({
  month: calendarMonth,
  _format: z.enum(["json", "csv", "pdf"]).default("json"),
});
export type WithholdingQuery = z.input<typeof withholdingQuery>;

/** One member's line: what was withheld from them in the month, net of what was given back. */
export const withholdingRow = z.object({
  user_id: z.number(),
  username: z.string(),
  name: z.string(),
  /** The NRIC (or passport) masked to its last 4 characters; in full only for `kyc:view`, each such view audited. */
  id_number: z.string().nullable(),
  id_type: z.enum(["nric", "passport"]).nullable(),
  tin: z.string(),
  /** Withheld in the month less what was given back in it (a reversal, a failed bank payment). */
  amount: moneyOut,
  /** The payouts withheld from in the month. */
  payouts: z.number(),
});
export type WithholdingRow = z.infer<typeof withholdingRow>;

export const withholdingReport = z.object({
  month: z.string(),
  /** The first and last day, in the store's zone. */
  from: z.string(),
  to: z.string(),
  /** Whether id_number is in full (kyc:view) or masked. */
  full_id_numbers: z.boolean(),
  rows: withholdingRow.array(),
  /** What the store pays the tax authority for the month: the sum of the rows. */
  total: moneyOut,
});
export type WithholdingReport = z.infer<typeof withholdingReport>;
