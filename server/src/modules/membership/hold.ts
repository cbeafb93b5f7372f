import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { users } from "../../db/schema";

/**
 * Holds a member against deletion (FOR KEY SHARE: their other writers go on)
 * before a row of theirs that a deletion locks after the member's (a
 * withdrawal request): the deletion's lock order, so the two never deadlock.
 */
export async function holdMember(tx: Tx, userId: number | null): Promise<void> {
  if (userId === null) return;
  await tx
    .select({ user_id: users.user_id })
    .from(users)
    .where(eq(users.user_id, userId))
    .for("key share");
}
