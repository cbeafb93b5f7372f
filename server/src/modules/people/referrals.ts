/**
 * The referral tree: down_line counts, cycles and membership promotion.
 *
 * down_line is never adjusted by +1/-1; it is recomputed from a fresh count of
 * the users naming the referrer, inside the transaction that changed an edge,
 * with the referrer's row locked, so concurrent edits cannot make it drift.
 * Every transaction that changes an edge first takes one advisory lock, so
 * two edits can never form a cycle between them.
 */
import { DOWNLINE_MAX_NODES, type downlineQuery, type GenealogyNode } from "@store/contract";
import { eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema";
import type { Actor } from "../../lib/audit";
import { badRequest, notFound } from "../../lib/errors";
import { promoteReferrer } from "../membership/rank";

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
    throw badRequest("referral_of", "own_referral", {}, "A user cannot be their own referral.");
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
      "referral_cycle",
      {},
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

/*
 * The genealogy screen's reads (docs/decisions/genealogy.md). Each level is
 * one lookup per parent on users_referral_of_idx (referral_of, user_id), so a
 * call costs what it answers, never the size of the tree.
 */

interface NodeRow extends Record<string, unknown> {
  user_id: number;
  username: string;
  membership: number;
  membership_name: string | null;
  down_line: number;
  ttl_pv: string;
  referral_of: number | null;
}

const nodeColumns = sql`u.user_id, u.username, u.membership, m.membership as membership_name,
  u.down_line, u.ttl_pv::text as ttl_pv, u.referral_of`;

function asNode(row: NodeRow, level: number): GenealogyNode {
  return {
    user_id: row.user_id,
    username: row.username,
    membership: row.membership,
    membership_name: row.membership_name,
    down_line: row.down_line,
    ttl_pv: row.ttl_pv,
    referral_of: row.referral_of,
    has_children: row.down_line > 0,
    level,
  };
}

async function assertUserExists(tx: Tx, userId: number): Promise<{ down_line: number }> {
  const [row] = await tx
    .select({ down_line: users.down_line })
    .from(users)
    .where(eq(users.user_id, userId));
  if (!row) throw notFound("User");
  return row;
}

/**
 * GET users/{id}/downline: the member's referrals, level by level down to
 * `depth`; each parent's first `_limit` children by user id (the first level
 * after `after`), and no more than DOWNLINE_MAX_NODES in all. `total` is the
 * member's direct referrals.
 */
export async function readDownline(
  tx: Tx,
  userId: number,
  query: z.output<typeof downlineQuery>,
): Promise<{ rows: GenealogyNode[]; total: number }> {
  const member = await assertUserExists(tx, userId);
  const nodes: GenealogyNode[] = [];
  let parents = [userId];
  for (let level = 1; level <= query.depth && parents.length > 0; level++) {
    const room = DOWNLINE_MAX_NODES - nodes.length;
    if (room <= 0) break;
    const after = level === 1 ? (query.after ?? 0) : 0;
    const result = await tx.execute<NodeRow>(sql`
      select ${nodeColumns}
      from unnest(${sql.param(parents)}::int[]) with ordinality p(id, n)
      cross join lateral (
        select * from users c
        where c.referral_of = p.id and c.user_id > ${after}
        order by c.user_id limit ${query._limit}
      ) u
      left join memberships m on m.member_id = u.membership
      order by p.n, u.user_id
      limit ${room}`);
    const levelNodes = result.rows.map((row) => asNode(row, level));
    nodes.push(...levelNodes);
    parents = levelNodes.filter((node) => node.has_children).map((node) => node.user_id);
  }
  return { rows: nodes, total: member.down_line };
}

/** The most levels an upline walk climbs (cycles are refused on write; this only bounds a bad row). */
const MAX_UPLINE = 100_000;

/** GET users/{id}/upline: from the root of the member's tree down to the member. */
export async function readUpline(tx: Tx, userId: number): Promise<GenealogyNode[]> {
  await assertUserExists(tx, userId);
  const result = await tx.execute<NodeRow & { step: number }>(sql`
    with recursive chain(user_id, step) as (
      select ${userId}::int, 0
      union all
      select p.referral_of, c.step + 1
      from chain c join users p on p.user_id = c.user_id
      where p.referral_of is not null and c.step < ${MAX_UPLINE}
    )
    select ${nodeColumns}, c.step
    from chain c
    join users u on u.user_id = c.user_id
    left join memberships m on m.member_id = u.membership
    order by c.step desc`);
  return result.rows.map((row, index) => asNode(row, index));
}
