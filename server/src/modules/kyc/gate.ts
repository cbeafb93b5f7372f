/**
 * The KYC gate (docs/decisions/kyc.md): once the store turns `kyc_required`
 * on (General settings), no money is paid out to a member who is not
 * verified. Every payout path calls it inside its own transaction, before it
 * writes: a withdrawal's approval (withdrawals/service.ts), a payout batch.
 */
import { asc, eq, inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { settings, userKyc, users } from "../../db/schema";
import { conflictWith } from "../../lib/errors";

/** Whether the store pays only verified members (settings record 1). */
export async function kycRequired(tx: Tx): Promise<boolean> {
  const [row] = await tx
    .select({ on: settings.kyc_required })
    .from(settings)
    .where(eq(settings.setting_id, 1));
  return row?.on === 1;
}

/**
 * Throws 409 `kyc_required` naming the first member (by id) of `userIds` who
 * is not verified, when the store's rule is on; the answer's `members` lists
 * every such member with their status. The members' KYC rows are locked FOR
 * SHARE until the caller's transaction ends, so a KYC change cannot slip
 * between this check and the payout. Off, it reads one setting and returns.
 */
export async function assertKycVerified(tx: Tx, userIds: number[]): Promise<void> {
  const ids = [...new Set(userIds)].sort((a, b) => a - b);
  if (ids.length === 0 || !(await kycRequired(tx))) return;
  const held = await tx
    .select({ user_id: userKyc.user_id, status: userKyc.status })
    .from(userKyc)
    .where(inArray(userKyc.user_id, ids))
    .orderBy(asc(userKyc.user_id))
    .for("share");
  const statusOf = new Map(held.map((row) => [row.user_id, row.status]));
  const unverified = ids.filter((id) => statusOf.get(id) !== "verified");
  if (unverified.length === 0) return;
  const named = await tx
    .select({ user_id: users.user_id, username: users.username })
    .from(users)
    .where(inArray(users.user_id, unverified))
    .orderBy(asc(users.user_id));
  if (named.length === 0) return;
  const members = named.map((member) => ({
    user_id: member.user_id,
    username: member.username,
    status: statusOf.get(member.user_id) ?? "none",
  }));
  const first = members[0] as (typeof members)[number];
  const others = members.length > 1 ? ` (and ${members.length - 1} more)` : "";
  throw conflictWith(
    "kyc_required",
    { name: first.username },
    `${first.username}${others} is not KYC-verified; the store pays out only to verified members (General settings). Nothing was paid.`,
    { members },
  );
}
