/**
 * Ranks at a period's close (docs/decisions/commission-plans.md): with the
 * plan's rank rules, each member's tier is weighed at the calculation on the
 * period's figures (own PV, the downline's PV within a depth, active direct
 * legs: direct referrals active with PV of their own in the period). A
 * member moves up to the highest tier they qualify for, and down, when the
 * plan says so, when they no longer qualify for their own. The changes are
 * kept with the figures and applied at the release: the rank history.
 */
import type { RankChange } from "@store/contract";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import type { Actor } from "../../lib/audit";
import type { PlanInForce } from "./plan";

/** Writes the period's tier changes anew (a re-run gives the same); nothing without rank rules. */
export async function qualifyRanks(tx: Tx, periodId: number, plan: PlanInForce): Promise<void> {
  await tx.execute(sql`delete from commission_period_ranks where period_id = ${periodId}`);
  if (plan.ranks.length === 0) return;
  const depth = Math.max(...plan.ranks.map((rule) => rule.group_depth));
  await tx.execute(sql`
    with recursive rules as (
      select r.*, m.rank from jsonb_to_recordset(${JSON.stringify(plan.ranks)}::jsonb)
        as r(member_id int, personal_pv numeric, group_pv numeric, group_depth int, active_legs int)
      join memberships m on m.member_id = r.member_id
    ),
    personal as (
      select c.buyer_id as user_id, sum(o.points_earned) as pv
      from order_commissions c join orders o on o.orders_id = c.orders_id
      where c.period_id = ${periodId} and o.order_status = 6 and c.buyer_id is not null
      group by c.buyer_id
    ),
    up as (
      select u.referral_of as ancestor, p.pv, 1 as depth
      from personal p join users u on u.user_id = p.user_id where u.referral_of is not null
      union all
      select u.referral_of, up.pv, up.depth + 1
      from up join users u on u.user_id = up.ancestor
      where u.referral_of is not null and up.depth < ${depth}
    ),
    up_sums as (select ancestor, depth, sum(pv) as pv from up group by ancestor, depth),
    group_all as (select ancestor as user_id, sum(pv) as pv from up_sums group by ancestor),
    legs as (
      select u.referral_of as user_id, count(*)::int as legs
      from users u join personal p on p.user_id = u.user_id
      where u.user_status = 1 and p.pv > 0 and u.referral_of is not null
      group by u.referral_of
    ),
    facts as (
      select u.user_id, u.username, u.membership, m.rank,
        coalesce(p.pv, 0) as personal_pv, coalesce(l.legs, 0) as legs, coalesce(g.pv, 0) as group_pv
      from users u
      join memberships m on m.member_id = u.membership
      left join personal p on p.user_id = u.user_id
      left join legs l on l.user_id = u.user_id
      left join group_all g on g.user_id = u.user_id
      where u.user_id in (select user_id from personal union select ancestor from up_sums
          union select user_id from legs)
        or (${plan.demote} and u.membership in (select member_id from rules))
    ),
    group_pv as (
      select s.ancestor as user_id, r.member_id, sum(s.pv) as pv
      from up_sums s join rules r on s.depth <= r.group_depth group by s.ancestor, r.member_id
    ),
    met as (
      select f.user_id, r.member_id, r.rank
      from facts f cross join rules r
      left join group_pv g on g.user_id = f.user_id and g.member_id = r.member_id
      where f.personal_pv >= r.personal_pv and coalesce(g.pv, 0) >= r.group_pv
        and f.legs >= r.active_legs
    ),
    best as (select distinct on (user_id) user_id, member_id, rank from met order by user_id, rank desc),
    lowest as (select member_id, rank from memberships order by rank limit 1)
    insert into commission_period_ranks (period_id, user_id, username, from_member, to_member,
      personal_pv, group_pv, active_legs)
    select ${periodId}, f.user_id, f.username, f.membership,
      case when b.rank > f.rank then b.member_id else coalesce(b.member_id, lw.member_id) end,
      f.personal_pv, f.group_pv, f.legs
    from facts f cross join lowest lw
    left join best b on b.user_id = f.user_id
    where b.rank > f.rank
      or (${plan.demote} and f.membership in (select member_id from rules)
        and not exists (select 1 from met where met.user_id = f.user_id and met.member_id = f.membership)
        and coalesce(b.rank, lw.rank) < f.rank)`);
}

/** At the release: each change whose member is still on the tier it was found on, with an audit row each. */
export async function applyRanks(tx: Tx, actor: Actor, periodId: number): Promise<void> {
  await tx.execute(sql`
    with moved as (
      update users u set membership = r.to_member, updated_at = now()
      from commission_period_ranks r
      where r.period_id = ${periodId} and r.applied_at is null and u.user_id = r.user_id
        and u.membership = r.from_member
      returning u.user_id, r.from_member, r.to_member
    ),
    applied as (
      update commission_period_ranks r set applied_at = now()
      from moved m where r.period_id = ${periodId} and r.user_id = m.user_id
      returning 1
    )
    insert into audit_log (actor_id, actor_username, entity, entity_id, action, before, after, label)
    select ${actor.user_id}, ${actor.username}, 'User', m.user_id::text, 'update',
      jsonb_build_object('membership', m.from_member),
      jsonb_build_object('membership', m.to_member, 'reason', 'rank at period close'),
      audit_label('User', m.user_id::text, null, null)
    from moved m`);
}

const CHANGES = sql`select period_id, user_id, username, from_member, to_member,
  personal_pv::numeric(14,2)::text as personal_pv, group_pv::numeric(14,2)::text as group_pv,
  active_legs, to_char(applied_at, 'YYYY-MM-DD HH24:MI:SS') as applied_at
  from commission_period_ranks`;

/** GET commissionPeriods/{id}/ranks: the period's tier changes, by member. */
export async function periodRanks(tx: Tx, periodId: number): Promise<RankChange[]> {
  const result = await tx.execute<RankChange>(
    sql`${CHANGES} where period_id = ${periodId} order by user_id`,
  );
  return result.rows;
}

/** GET users/{id}/ranks: a member's tier changes at period closes, newest first. */
export async function memberRanks(tx: Tx, userId: number): Promise<RankChange[]> {
  const result = await tx.execute<RankChange>(
    sql`${CHANGES} where user_id = ${userId} order by period_id desc`,
  );
  return result.rows;
}
