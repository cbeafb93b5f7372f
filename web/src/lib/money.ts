/**
 * Exact sums of money strings ("12.50", "-3", "7.5"), in whole sen as
 * BigInt: a figure the admin confirms (a balance after a withdrawal) is
 * never a float's approximation. Answers "12.50".
 */
function toSen(value: string): bigint {
  const text = value.trim();
  if (!/^-?\d+(\.\d{1,2})?$/.test(text)) throw new Error(`Not an amount: ${value}`);
  const negative = text.startsWith("-");
  const [whole = "0", frac = ""] = text.replace("-", "").split(".");
  const sen = BigInt(whole) * 100n + BigInt(`${frac}00`.slice(0, 2));
  return negative ? -sen : sen;
}

function fromSen(sen: bigint): string {
  const negative = sen < 0n;
  const abs = negative ? -sen : sen;
  const frac = String(abs % 100n).padStart(2, "0");
  return `${negative ? "-" : ""}${abs / 100n}.${frac}`;
}

/** a + b, exactly. */
export function addMoney(a: string, b: string): string {
  return fromSen(toSen(a) + toSen(b));
}

/** a − b, exactly. */
export function subtractMoney(a: string, b: string): string {
  return fromSen(toSen(a) - toSen(b));
}

/** True when the text is an amount with at most two decimal places (a sign allowed). */
export function isAmount(value: string): boolean {
  return /^-?\d+(\.\d{1,2})?$/.test(value.trim());
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
