/**
 * Money, the one module both sides use (docs/decisions/money-exact-decimal.md):
 * amounts are exact decimal strings ("12.50", "-3", "7.5"), added in whole sen
 * as BigInt, never as floats, and shown by one set of rules: "RM 1,234.50"
 * (a ledger account's points as "1,234.50 PV": `formatLedgerAmount`).
 */

const AMOUNT = /^-?\d+(\.\d{1,2})?$/;
const TWO_PLACES = /^-?\d+\.\d\d$/;

/** True when the text is an amount with at most two decimal places (a sign allowed). */
export function isAmount(value: string): boolean {
  return AMOUNT.test(value.trim());
}

/** "12.5" → "12.50", "-0" → "0.00", using string arithmetic only (a third decimal is dropped). */
export function toMoneyString(text: string): string {
  const negative = text.startsWith("-");
  const [whole = "0", frac = ""] = text.replace(/^-/, "").split(".");
  const cents = `${frac}00`.slice(0, 2);
  const wholeClean = whole.replace(/^0+(?=\d)/, "");
  const result = `${wholeClean}.${cents}`;
  return negative && result !== "0.00" ? `-${result}` : result;
}

/** An amount in whole sen; throws on anything that is not an amount ("1,000", "RM 5", "1.234"). */
export function toSen(value: string): bigint {
  // The database's numeric(20,2) text, on every row a report reads: the digits are the sen.
  if (TWO_PLACES.test(value)) return BigInt(value.slice(0, -3) + value.slice(-2));
  const text = value.trim();
  if (!AMOUNT.test(text)) throw new Error(`Not an amount: ${value}`);
  const negative = text.startsWith("-");
  const [whole = "0", frac = ""] = text.replace("-", "").split(".");
  const sen = BigInt(whole) * 100n + BigInt(`${frac}00`.slice(0, 2));
  return negative ? -sen : sen;
}

/** Whole sen as an amount with two places: 1250n → "12.50", -5n → "-0.05". */
export function fromSen(sen: bigint): string {
  const negative = sen < 0n;
  const abs = negative ? -sen : sen;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}

/** The whole units of an amount (a count kept in a decimal column: "12.00" → 12), its sen dropped. */
export function wholeUnits(value: string): number {
  // "12.00", as the database gives a count: the digits before the point.
  if (TWO_PLACES.test(value) && value.endsWith(".00")) return Number(value.slice(0, -3));
  return Number(toSen(value) / 100n);
}

/** a + b, exactly. */
export function addMoney(a: string, b: string): string {
  return fromSen(toSen(a) + toSen(b));
}

/** a − b, exactly. */
export function subtractMoney(a: string, b: string): string {
  return fromSen(toSen(a) - toSen(b));
}

/** -1, 0 or 1 as a is below, equal to or above b, exactly. */
export function compareMoney(a: string, b: string): -1 | 0 | 1 {
  const d = toSen(a) - toSen(b);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/** The sum of several amounts, exactly ("0.00" for none): a bulk dialog's total. */
export function sumMoney(values: readonly string[]): string {
  return fromSen(values.reduce((sum, value) => sum + toSen(value), 0n));
}

/** How digits are grouped and the decimals marked: a language's signs (the web reads them from Intl). */
export interface NumberSigns {
  group: string;
  decimal: string;
}

/** "1,234.50": the signs of the store's English, the default. */
export const ENGLISH_SIGNS: NumberSigns = { group: ",", decimal: "." };
/** "1234.50": no grouping, the wire's decimal point (the server's messages and notes). */
export const PLAIN_SIGNS: NumberSigns = { group: "", decimal: "." };

/**
 * "1,234.50" from an exact decimal string, grouped as text (never through a
 * float, so any length stays exact); nothing → "0.00"; text that is no number
 * is shown as it is.
 */
export function formatDecimal(
  value: string | number | null | undefined,
  signs: NumberSigns = ENGLISH_SIGNS,
): string {
  const text = value === null || value === undefined || value === "" ? "0" : String(value);
  if (!/^-?\d+(\.\d+)?$/.test(text)) return text;
  const negative = text.startsWith("-");
  const [whole = "0", frac = ""] = text.replace("-", "").split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, signs.group);
  return `${negative ? "-" : ""}${grouped}${signs.decimal}${`${frac}00`.slice(0, 2)}`;
}

/** "RM 1,234.50": money is always shown in ringgit, whatever the language. */
export function formatMoney(
  value: string | number | null | undefined,
  signs: NumberSigns = ENGLISH_SIGNS,
  symbol = "RM",
): string {
  return `${symbol} ${formatDecimal(value, signs)}`;
}

/**
 * The balances of a member the ledger keeps (docs/decisions/wallet-ledger.md):
 * the three a member spends and earns, and, under a commission plan, what is
 * held for them until their period is released (docs/decisions/commission-plans.md).
 */
export const LEDGER_ACCOUNTS = [
  "wallet",
  "cash_wallet",
  "pv",
  "held",
  "held_pv",
  // What the store withheld from the member's payouts for the tax authority (s.107D, docs/decisions/withholding.md).
  "tax_withheld",
] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];
/** The balances an administrator may adjust: held amounts move only by their orders and periods. */
export const ADJUSTABLE_ACCOUNTS = ["wallet", "cash_wallet", "pv"] as const;
export type AdjustableAccount = (typeof ADJUSTABLE_ACCOUNTS)[number];

/** What a balance is called on screen. */
export const LEDGER_ACCOUNT_LABELS: Record<LedgerAccount, string> = {
  wallet: "Wallet",
  cash_wallet: "Cash wallet",
  pv: "PV",
  held: "Held commission",
  held_pv: "Held PV",
  tax_withheld: "Tax withheld",
};

/** An amount of one account: "RM 1,234.50" for the two wallets, "1,234.50 PV" for points. */
export function formatLedgerAmount(
  account: LedgerAccount,
  value: string,
  signs: NumberSigns = ENGLISH_SIGNS,
): string {
  return account === "pv" || account === "held_pv"
    ? `${formatDecimal(value, signs)} PV`
    : formatMoney(value, signs);
}
