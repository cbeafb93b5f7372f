/**
 * A member's commission statement for one period, and a period's report
 * (docs/decisions/commission-plans.md): read from the period's sponsor lines
 * (commission_lines) and the orders' statuses now.
 */
import type {
  CommissionLineState,
  CommissionPeriodReport,
  CommissionStatement,
  StatementLine,
} from "@store/contract";
import { fromSen, toSen } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema";
import { csvLine } from "../../lib/csv";
import { notFound } from "../../lib/errors";
import { owedBy } from "../ledger/owed";
import { getPeriod } from "./periods";

/** A line's state: taken back with its order; else held until the period's release, or paid at once. */
const STATE_SQL = sql`case
  when o.order_status in (7, 8, 9) then 'reversed'
  when l.held and p.status = 'released' then 'released'
  when l.held then 'held'
  else 'paid' end`;

export async function statementOf(
  tx: Tx,
  userId: number,
  periodId: number,
): Promise<CommissionStatement> {
  const [member] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.user_id, userId));
  if (!member) throw notFound("User");
  const period = await getPeriod(tx, periodId);
  const result = await tx.execute<StatementLine & { level: number }>(sql`
    select l.orders_id, b.username as buyer_username, l.level, l.percent::text as percent,
      l.base_amount::numeric(12,2)::text as base_amount, l.amount::numeric(12,2)::text as amount,
      ${STATE_SQL} as state,
      to_char(l.decided_at at time zone current_setting('TimeZone'), 'YYYY-MM-DD HH24:MI:SS') as completed_at
    from commission_lines l
    join orders o on o.orders_id = l.orders_id
    join commission_periods p on p.period_id = l.period_id
    left join users b on b.user_id = o.user_id
    where l.user_id = ${userId} and l.period_id = ${periodId} and l.amount > 0
    order by l.orders_id, l.level`);
  const lines = result.rows.map((row) => ({ ...row, level: Number(row.level) }));
  const sum = (states: CommissionLineState[]) =>
    fromSen(
      lines
        .filter((line) => states.includes(line.state))
        .reduce((total, line) => total + toSen(line.amount), 0n),
    );
  const byLevel = new Map<number, bigint>();
  for (const line of lines) {
    if (line.state === "reversed") continue;
    byLevel.set(line.level, (byLevel.get(line.level) ?? 0n) + toSen(line.amount));
  }
  const adjustments = (
    await tx.execute<CommissionStatement["adjustments"][number]>(sql`
      select a.orders_id, a.of_period_id, p.starts_on::text as of_starts_on, a.level,
        a.amount::numeric(12,2)::text as amount,
        to_char(a.created_at, 'YYYY-MM-DD HH24:MI:SS') as created_at
      from commission_adjustments a join commission_periods p on p.period_id = a.of_period_id
      where a.user_id = ${userId} and a.period_id = ${periodId}
      order by a.adjustment_id`)
  ).rows;
  return {
    user_id: userId,
    username: member.username,
    period,
    adjustments,
    adjusted: fromSen(adjustments.reduce((total, a) => total + toSen(a.amount), 0n)),
    lines,
    levels: [...byLevel.entries()]
      .sort(([a], [b]) => a - b)
      .map(([level, amount]) => ({ level, amount: fromSen(amount) })),
    earned: sum(["held", "released", "paid"]),
    held: sum(["held"]),
    released: sum(["released"]),
    paid: sum(["paid"]),
    reversed: sum(["reversed"]),
    owed: (await owedBy(tx, userId)).cash_wallet,
  };
}

/** The statement as CSV: one row per line, then the totals. */
export function statementCsv(statement: CommissionStatement): string {
  const rows = [
    csvLine([
      "orders_id",
      "buyer_username",
      "level",
      "percent",
      "base_amount",
      "amount",
      "state",
      "completed_at",
    ]),
    ...statement.lines.map((line) =>
      csvLine([
        line.orders_id,
        line.buyer_username,
        line.level,
        line.percent,
        line.base_amount,
        line.amount,
        line.state,
        line.completed_at,
      ]),
    ),
    ...statement.adjustments.map((a) =>
      csvLine([
        a.orders_id,
        `correction of period ${a.of_starts_on}`,
        a.level,
        "",
        "",
        a.amount,
        "adjustment",
        a.created_at,
      ]),
    ),
    ...(["earned", "held", "released", "paid", "reversed", "adjusted", "owed"] as const).map(
      (name) => csvLine(["", "", "", "", "", statement[name], name, ""]),
    ),
  ];
  return `\uFEFF${rows.join("")}`;
}

/** GET commissionPeriods/{id}/report: what the period pays per level, per tier, and its ten top earners. */
export async function periodReport(tx: Tx, periodId: number): Promise<CommissionPeriodReport> {
  const period = await getPeriod(tx, periodId);
  const standing = sql`from commission_lines l join orders o on o.orders_id = l.orders_id
    where l.period_id = ${periodId} and l.amount > 0 and o.order_status not in (7, 8, 9)`;
  const [levels, tiers, top] = await Promise.all([
    tx.execute<{ level: number; amount: string; lines: number }>(sql`
      select l.level, sum(l.amount)::numeric(14,2)::text as amount, count(*)::int as lines
      ${standing} group by l.level order by l.level`),
    // Each earner under the tier they hold now.
    tx.execute<{ member_id: number; membership: string; amount: string; members: number }>(sql`
      select m.member_id, m.membership, sum(l.amount)::numeric(14,2)::text as amount,
        count(distinct l.user_id)::int as members
      from commission_lines l join orders o on o.orders_id = l.orders_id
      join users u on u.user_id = l.user_id join memberships m on m.member_id = u.membership
      where l.period_id = ${periodId} and l.amount > 0 and o.order_status not in (7, 8, 9)
      group by m.member_id, m.membership order by m.member_id`),
    tx.execute<{ user_id: number; username: string; amount: string }>(sql`
      select l.user_id, min(l.username) as username, sum(l.amount)::numeric(14,2)::text as amount
      ${standing} group by l.user_id order by sum(l.amount) desc, l.user_id limit 10`),
  ]);
  return {
    period,
    levels: levels.rows.map((row) => ({ ...row, level: Number(row.level) })),
    tiers: tiers.rows,
    top_earners: top.rows,
  };
}
