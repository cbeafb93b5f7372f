import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { type Actor, recordAudit } from "../../lib/audit";

/**
 * docs/REQUIREMENTS.md section 4: after gaining a referral, the referrer moves up one tier
 * (the next membership by rank, migration 0014) when (a) their tier's condition is
 * down-line and down_line ≥ min_requirement, or (b) it is pv and ttl_pv ≥
 * min_requirement. Compared as exact numerics in SQL. Answers the new tier.
 */
export async function promoteReferrer(
  tx: Tx,
  actor: Actor | null,
  referrerId: number,
): Promise<number | null> {
  const result = await tx.execute<{ from_tier: number; to_tier: number }>(sql`
    update users u set membership = nx.member_id, updated_at = now()
    from memberships m,
      lateral (
        select n.member_id from memberships n
        where n.rank > m.rank order by n.rank limit 1
      ) nx
    where u.user_id = ${referrerId}
      and m.member_id = u.membership
      and (
        (m.req_condition = 'down-line' and u.down_line >= m.min_requirement)
        or (m.req_condition = 'pv' and u.ttl_pv >= m.min_requirement)
      )
    returning m.member_id as from_tier, nx.member_id as to_tier`);
  const promoted = result.rows[0];
  if (!promoted) return null;
  await recordAudit(tx, actor, {
    entity: "User",
    entityId: referrerId,
    action: "update",
    before: { membership: promoted.from_tier },
    after: { membership: promoted.to_tier, reason: "referral promotion" },
  });
  return promoted.to_tier;
}
