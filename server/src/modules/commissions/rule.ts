/**
 * The plan's rule for one order (docs/decisions/commission-plans.md), with
 * no database: given the sponsor line above the buyer as it stands, which
 * upline is paid at which level and how much. Every amount is half-up to the
 * sen, per order and level; caps take from the last levels first.
 */
import type { CommissionLevel, CommissionLineOutcome } from "@store/contract";
import { toSen } from "@store/contract";

/** One upline as the rule sees it: depth 1 is the buyer's referrer. */
export interface Upline {
  user_id: number;
  username: string;
  depth: number;
  active: boolean;
  membership: number;
  /** Their own PV from orders completed in the period, in sen. */
  personal_pv: bigint;
  /** What they have earned in the period already, in sen. */
  period_earned: bigint;
}

export interface PlanRule {
  levels: readonly CommissionLevel[];
  cap_per_order: string | null;
  cap_per_period: string | null;
}

export interface DecidedLine {
  user_id: number;
  username: string;
  depth: number;
  level: number | null;
  outcome: CommissionLineOutcome;
  /** The level's rate for the upline's tier, "10.00". */
  percent: string;
  /** In sen. */
  amount: bigint;
}

/** base × percent / 100, half up to the sen; base and percent in hundredths. */
export function percentOf(baseSen: bigint, percent: string): bigint {
  const rate = toSen(percent);
  return (baseSen * rate * 2n + 10_000n) / 20_000n;
}

const smaller = (a: bigint, b: bigint | null) => (b !== null && b < a ? b : a);

/**
 * Walks the line upwards: each level goes to the next upline; an upline
 * inactive or short of the level's personal PV is passed by, and the level
 * is then either lost (skip) or offered to the next upline (compress).
 * Uplines above the last level are not looked at.
 */
export function payLines(plan: PlanRule, line: readonly Upline[], baseSen: bigint): DecidedLine[] {
  const decided: DecidedLine[] = [];
  let orderLeft = plan.cap_per_order === null ? null : toSen(plan.cap_per_order);
  const periodCap = plan.cap_per_period === null ? null : toSen(plan.cap_per_period);
  let index = 0;
  for (const upline of line) {
    const level = plan.levels[index];
    if (!level) break;
    const base = { user_id: upline.user_id, username: upline.username, depth: upline.depth };
    const qualified = upline.active && upline.personal_pv >= toSen(level.min_personal_pv);
    if (!qualified) {
      const compress = level.when_unqualified === "compress";
      decided.push({
        ...base,
        level: null,
        outcome: compress ? "compressed" : "unqualified",
        percent: "0.00",
        amount: 0n,
      });
      if (!compress) index += 1;
      continue;
    }
    index += 1;
    const percent = level.rates[String(upline.membership)] ?? "0.00";
    const full = percentOf(baseSen, percent);
    const periodLeft =
      periodCap === null
        ? null
        : periodCap > upline.period_earned
          ? periodCap - upline.period_earned
          : 0n;
    const amount = smaller(smaller(full, orderLeft), periodLeft);
    if (orderLeft !== null) orderLeft -= amount;
    decided.push({
      ...base,
      level: level.level,
      outcome: amount > 0n ? "paid" : full > 0n ? "capped" : "zero",
      percent,
      amount,
    });
  }
  return decided;
}
