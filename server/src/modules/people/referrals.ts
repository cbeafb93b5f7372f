/**
 * The referral tree: down_line counts, cycles and membership promotion.
 *
 * down_line is never adjusted by +1/-1; it is recomputed from a fresh count of
 * the users naming the referrer, inside the transaction that changed an edge,
 * with the referrer's row locked, so concurrent edits cannot make it drift.
 * Every transaction that changes an edge first takes one advisory lock, so
 * two edits can never form a cycle between them.
 */
import { eq, inArray, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest } from "../../lib/errors";

/** Serialises changes to the referral tree until the transaction ends (key: any fixed number). */
export async function lockReferralTree(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727275)`);
}

/** Locks users' rows in id order (one order everywhere, so no deadlocks). */
export async function lockUsers(tx: Tx, ids: (number | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  if (wanted.length === 0) return;
  await tx
    .select({ user_id: users.user_id })
    .from(users)
    .where(inArray(users.user_id, wanted))
    .orderBy(users.user_id)
    .for("update");
}

/**
 * Refuses a referrer that is the user, or that the user already refers
 * directly or through others (a cycle).
 */
export async function assertNoCycle(tx: Tx, userId: number, referrerId: number): Promise<void> {
  if (userId === referrerId) {
    throw badRequest("referral_of", "A user cannot be their own referral.");
  }
  // Walk up from the chosen referrer; meeting the user means a cycle.
  const result = await tx.execute<{ found: boolean }>(sql`
    with recursive chain(user_id) as (
      select referral_of from users where user_id = ${referrerId}
      union
      select u.referral_of from users u join chain c on u.user_id = c.user_id
    )
    select exists(select 1 from chain where user_id = ${userId}) as found`);
  if (result.rows[0]?.found) {
    throw badRequest(
      "referral_of",
      "That referral would form a cycle: the chosen referrer is already referred, directly or through others, by this user.",
    );
  }
}

/** Sets down_line of these users to the number of users that name them now. */
export async function recountDownLines(tx: Tx, ids: (number | null | undefined)[]): Promise<void> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === "number"))];
  if (wanted.length === 0) return;
  await lockUsers(tx, wanted);
  await tx.execute(sql`
    update users set
      down_line = (select count(*) from users c where c.referral_of = users.user_id),
      updated_at = now()
    where users.user_id in (${sql.join(wanted, sql`, `)})
      and users.down_line <> (select count(*) from users c where c.referral_of = users.user_id)`);
}

/**
 * docs/REQUIREMENTS.md section 4: after gaining a referral, the referrer moves up one tier
 * (the next membership by member_id) when (a) their tier's condition is
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
        where n.member_id > m.member_id order by n.member_id limit 1
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

/**
 * After a user's referrer changed from `oldReferrer` to `newReferrer`: both
 * counts are recomputed and the new referrer may be promoted.
 */
export async function applyReferralChange(
  tx: Tx,
  actor: Actor | null,
  oldReferrer: number | null,
  newReferrer: number | null,
): Promise<void> {
  await recountDownLines(tx, [oldReferrer, newReferrer]);
  if (newReferrer !== null) await promoteReferrer(tx, actor, newReferrer);
}

/** The referrer a user names now, read under the caller's locks. */
export async function currentReferrer(tx: Tx, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ referral_of: users.referral_of })
    .from(users)
    .where(eq(users.user_id, userId));
  return row?.referral_of ?? null;
}
