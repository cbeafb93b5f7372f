/**
 * The sponsor line above a buyer as it stands now, with what the plan's
 * qualification and caps need of each upline in the period. Read once, at an
 * order's first completion, and kept as its commission_lines (the snapshot).
 */
import { toSen } from "@store/contract";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import type { PlanRule, Upline } from "./rule";

/** How far up compression may look for a qualified upline. */
export const LINE_DEPTH_MOST = 100;

/** How many uplines the rule may look at: the levels, or with compression the whole line up to LINE_DEPTH_MOST. */
function depthFor(plan: PlanRule): number {
  return plan.levels.some((level) => level.when_unqualified === "compress")
    ? LINE_DEPTH_MOST
    : plan.levels.length;
}

export async function sponsorLine(
  tx: Tx,
  plan: PlanRule & { cap_per_period: string | null },
  buyerId: number,
  periodId: number | null,
): Promise<Upline[]> {
  const depth = depthFor(plan);
  const needPv = plan.levels.some((level) => toSen(level.min_personal_pv) > 0n);
  const needEarned = plan.cap_per_period !== null;
  const result = await tx.execute<{
    user_id: number;
    username: string;
    depth: number;
    active: number;
    membership: number;
    personal_pv: string;
    period_earned: string;
  }>(sql`
    with recursive line as (
      select u.user_id, u.username, u.user_status, u.membership, u.referral_of, 1 as depth
      from users b join users u on u.user_id = b.referral_of
      where b.user_id = ${buyerId}
      union all
      select u.user_id, u.username, u.user_status, u.membership, u.referral_of, l.depth + 1
      from line l join users u on u.user_id = l.referral_of
      where l.depth < ${depth} and u.user_id <> ${buyerId}
    )
    select l.user_id, l.username, l.depth, l.user_status as active, l.membership,
      ${
        needPv && periodId !== null
          ? sql`coalesce((select sum(o.points_earned) from order_commissions c
              join orders o on o.orders_id = c.orders_id
              where c.period_id = ${periodId} and c.buyer_id = l.user_id and o.order_status = 6), 0)`
          : sql`0`
      }::numeric(14,2)::text as personal_pv,
      ${
        needEarned && periodId !== null
          ? sql`coalesce((select sum(cl.amount) from commission_lines cl
              join orders o on o.orders_id = cl.orders_id
              where cl.period_id = ${periodId} and cl.user_id = l.user_id and cl.amount > 0
                and o.order_status not in (7, 8, 9)), 0)`
          : sql`0`
      }::numeric(14,2)::text as period_earned
    from line l order by l.depth`);
  return result.rows.map((row) => ({
    user_id: row.user_id,
    username: row.username,
    depth: Number(row.depth),
    active: Number(row.active) === 1,
    membership: row.membership,
    personal_pv: toSen(row.personal_pv),
    period_earned: toSen(row.period_earned),
  }));
}
