import { DEFAULT_MEMBERSHIP_ID, type membershipInput } from "@store/contract";
import { and, eq, max, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { memberships, users } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { crudService } from "../../lib/crud";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { requireVersion } from "../../lib/versions";

type MembershipInput = z.output<typeof membershipInput>;

const crud = crudService({
  table: memberships,
  id: memberships.member_id,
  entity: "Membership",
  list: {
    search: [memberships.membership, memberships.req_condition],
    // Tiers read in their order: promotion follows rank (membership/rank.ts).
    defaultOrder: { by: memberships.rank, order: "asc" },
  },
});

/** Serialises changes to the tiers' order, so two saves cannot take one rank between them. */
async function lockRanks(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
}

/** A rank is one tier's: another tier holding it is a 400 on the field. */
async function assertRankFree(tx: Tx, rank: number, exceptId?: number): Promise<void> {
  const [holder] = await tx
    .select({ membership: memberships.membership })
    .from(memberships)
    .where(and(eq(memberships.rank, rank), ne(memberships.member_id, exceptId ?? 0)));
  if (holder) {
    throw badRequest(
      "rank",
      "rank_taken",
      { rank, name: holder.membership },
      `Rank ${rank} is already held by "${holder.membership}"; choose another rank, or move that tier first.`,
    );
  }
}

/** A new tier without a rank goes above the highest (where member_id order put it before). */
async function nextRank(tx: Tx): Promise<number> {
  const [row] = await tx.select({ top: max(memberships.rank) }).from(memberships);
  return (row?.top ?? 0) + 1;
}

/**
 * Membership tiers, in the order of their rank (docs/REQUIREMENTS.md section
 * 4). A tier held by users, or the default tier new users get, cannot be
 * deleted (409 with a plain message).
 */
export const membershipService = {
  ...crud,
  async create(db: Db, actor: Actor | null, input: MembershipInput) {
    return db.transaction(async (tx) => {
      await lockRanks(tx);
      if (input.rank !== undefined) await assertRankFree(tx, input.rank);
      const rank = input.rank ?? (await nextRank(tx));
      const [row] = await tx
        .insert(memberships)
        .values({ ...input, rank })
        .returning();
      if (!row) throw new Error("The membership was not written.");
      await recordAudit(tx, actor, {
        entity: "Membership",
        entityId: row.member_id,
        action: "create",
        after: row,
      });
      return row;
    });
  },
  async update(
    db: Db,
    actor: Actor | null,
    key: number,
    input: MembershipInput,
    expected?: number,
  ) {
    return db.transaction(async (tx) => {
      await lockRanks(tx);
      const before = await crud.find(tx, key, true);
      if (!before) throw notFound("Membership");
      await requireVersion(tx, { entity: "Membership", id: key, row: before }, expected);
      if (input.rank !== undefined) await assertRankFree(tx, input.rank, key);
      const { rank, ...fields } = input;
      const [row] = await tx
        .update(memberships)
        .set({ ...fields, ...(rank === undefined ? {} : { rank }), updated_at: sql`now()` })
        .where(eq(memberships.member_id, key))
        .returning();
      if (!row) throw notFound("Membership");
      await recordAudit(tx, actor, {
        entity: "Membership",
        entityId: key,
        action: "update",
        before,
        after: row,
      });
      return row;
    });
  },
  async remove(db: Db, actor: Actor | null, key: number, expected?: number) {
    return db.transaction(async (tx) => {
      const before = await crud.find(tx, key, true);
      if (!before) throw notFound("Membership");
      await requireVersion(tx, { entity: "Membership", id: key, row: before }, expected);
      if (key === DEFAULT_MEMBERSHIP_ID) {
        throw conflict(
          "default_membership",
          { name: before.membership },
          `"${before.membership}" is the membership every new user gets; it cannot be deleted.`,
        );
      }
      const holders = await tx.$count(users, eq(users.membership, key));
      if (holders > 0) {
        const who = holders === 1 ? "1 user holds" : `${holders} users hold`;
        throw conflict(
          "membership_in_use",
          { name: before.membership, count: holders },
          `"${before.membership}" cannot be deleted: ${who} this membership.`,
        );
      }
      await tx.delete(memberships).where(eq(memberships.member_id, key));
      await recordAudit(tx, actor, {
        entity: "Membership",
        entityId: key,
        action: "delete",
        before,
      });
      return before;
    });
  },
};
