import { DEFAULT_MEMBERSHIP_ID } from "@store/contract";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { memberships, users } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { crudService } from "../../lib/crud";
import { conflict, notFound } from "../../lib/errors";
import { requireVersion } from "../../lib/versions";

const crud = crudService({
  table: memberships,
  id: memberships.member_id,
  entity: "Membership",
  list: {
    search: [memberships.membership, memberships.req_condition],
    sort: {
      member_id: memberships.member_id,
      membership: memberships.membership,
      member_percentage: memberships.member_percentage,
      member_earning: memberships.member_earning,
      min_requirement: memberships.min_requirement,
      req_condition: memberships.req_condition,
      created_at: memberships.created_at,
      updated_at: memberships.updated_at,
    },
    // Tiers read in their order: promotion follows member_id.
    defaultOrder: { by: memberships.member_id, order: "asc" },
  },
});

/**
 * Membership tiers. A tier held by users, or the default tier new users get,
 * cannot be deleted (409 with a plain message).
 */
export const membershipService = {
  ...crud,
  async remove(db: Db, actor: Actor | null, key: number, expected?: number) {
    return db.transaction(async (tx) => {
      const before = await crud.find(tx, key, true);
      if (!before) throw notFound("Membership");
      await requireVersion(tx, { entity: "Membership", id: key, row: before }, expected);
      if (key === DEFAULT_MEMBERSHIP_ID) {
        throw conflict(
          `"${before.membership}" is the membership every new user gets; it cannot be deleted.`,
        );
      }
      const holders = await tx.$count(users, eq(users.membership, key));
      if (holders > 0) {
        const who = holders === 1 ? "1 user holds" : `${holders} users hold`;
        throw conflict(`"${before.membership}" cannot be deleted: ${who} this membership.`);
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
