/**
 * Deleting a member (DELETE users/{id}, DELETE usersWallet/{id} and the bulk
 * delete of both lists; docs/REQUIREMENTS.md section 4, "Deleting a member").
 * Money never disappears with a member: a non-zero wallet, cash wallet or PV
 * is refused with the figures, to be zeroed on the statement first, and so
 * is an amount the member still owes the store. A member
 * who refers others is deleted only once the caller chose where their direct
 * referrals go: up to the member's own referrer, or to none.
 */
import {
  ADMIN_ROLE,
  fromSen,
  type MemberBalances,
  type ReferralMove,
  toSen,
  type User,
} from "@store/contract";
import { and, eq, sql } from "drizzle-orm";
import { requireStepUp } from "../../auth/service";
import type { Db, Tx } from "../../db/client";
import { users, userWallets, withdrawRequests } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { conflict, conflictWith, notFound } from "../../lib/errors";
import { requireVersion } from "../../lib/versions";
import { owedBy } from "../ledger/owed";
import { type AccessCaller, assertAnotherAdminRemains, checkDelete, lockAdminSet } from "./access";
import { applyReferralChange, lockReferralTree, lockUsers } from "./referrals";
import { findUser, userRecord } from "./users";

/** What the caller chose: where the referrals go, and the version they were shown (If-Match). */
export interface MemberDeletion {
  referrals?: ReferralMove;
  expected?: number;
}

/** The member's three balances, read under the caller's locks; no wallet row holds nothing. */
async function balancesOf(tx: Tx, user: User): Promise<MemberBalances> {
  const [wallet] = await tx
    .select({ wallet: userWallets.wallet_amt, cash_wallet: userWallets.c_wallet_amt })
    .from(userWallets)
    .where(eq(userWallets.user_id, user.user_id))
    .for("update");
  const exact = (amount: string | undefined) => fromSen(toSen(amount ?? "0"));
  return {
    wallet: exact(wallet?.wallet),
    cash_wallet: exact(wallet?.cash_wallet),
    pv: exact(user.ttl_pv),
  };
}

/** 409 naming every balance while any is not zero: the ledger would lose its trail. */
function assertHoldsNothing(user: User, balances: MemberBalances): void {
  if (Object.values(balances).every((amount) => toSen(amount) === 0n)) return;
  throw conflictWith(
    "member_holds_money",
    { name: user.username, cash: balances.cash_wallet, wallet: balances.wallet, pv: balances.pv },
    `${user.username} holds RM ${balances.cash_wallet} in the cash wallet, RM ${balances.wallet} in the wallet and ${balances.pv} PV. Zero them with an adjustment on the statement (paid out by hand, or forfeited), then delete.`,
    { balances },
  );
}

/**
 * 409 while a commission plan holds money or PV for the member until their
 * period's release (docs/decisions/commission-plans.md): deleting them would
 * leave the release nobody to pay.
 */
async function assertHoldsNothingHeld(tx: Tx, user: User): Promise<void> {
  const [wallet] = await tx
    .select({ held: userWallets.held_amt })
    .from(userWallets)
    .where(eq(userWallets.user_id, user.user_id));
  const [member] = await tx
    .select({ held_pv: users.held_pv })
    .from(users)
    .where(eq(users.user_id, user.user_id));
  const held = fromSen(toSen(wallet?.held ?? "0"));
  const pv = fromSen(toSen(member?.held_pv ?? "0"));
  if (held === "0.00" && pv === "0.00") return;
  throw conflictWith(
    "member_holds_held",
    { name: user.username, held, pv },
    `${user.username} has RM ${held} commission and ${pv} PV held until their commission period is released; release it, then delete.`,
    { held: { held, held_pv: pv } },
  );
}

/**
 * 409 while the member owes the store (a reversal their balance could not
 * cover, ledger/owed.ts): deleting them would lose the debt with its trail.
 */
async function assertOwesNothing(tx: Tx, user: User): Promise<void> {
  const owed = await owedBy(tx, user.user_id);
  if (toSen(owed.cash_wallet) === 0n && toSen(owed.pv) === 0n) return;
  throw conflictWith(
    "member_owes",
    { name: user.username, cash: owed.cash_wallet, pv: owed.pv },
    `${user.username} owes the store RM ${owed.cash_wallet} (cash wallet) and ${owed.pv} PV from reversed orders. It is recovered from their next credits; until then they cannot be deleted.`,
    { owed },
  );
}

/** The member's direct referrals, by a fresh count (down_line may be read stale by a caller). */
async function directReferrals(tx: Tx, userId: number): Promise<number[]> {
  const rows = await tx
    .select({ user_id: users.user_id })
    .from(users)
    .where(eq(users.referral_of, userId))
    .orderBy(users.user_id);
  return rows.map((row) => row.user_id);
}

/** 409 with the count and the member's referrer, so the caller can ask where they go. */
function choiceNeeded(user: User, count: number): Error {
  const members = count === 1 ? "1 member" : `${count} members`;
  const referrer =
    user.referral_of === null || user.referrer_username === null
      ? null
      : { user_id: user.referral_of, username: user.referrer_username };
  const message = referrer
    ? `${user.username} refers ${members}: choose whether they move to ${user.username}'s referrer (${referrer.username}) or to no referrer.`
    : `${user.username} refers ${members} and has no referrer: confirm that they are left with no referrer.`;
  return referrer
    ? conflictWith(
        "member_refers",
        { name: user.username, count, referrer: referrer.username },
        message,
        { referrals: count, referrer },
      )
    : conflictWith("member_refers_no_referrer", { name: user.username, count }, message, {
        referrals: count,
        referrer,
      });
}

/**
 * Moves the member's direct referrals to `to` (the member's referrer, or
 * none), one audit row each. The counts are recomputed by the caller.
 */
async function moveReferrals(
  tx: Tx,
  actor: Actor,
  user: User,
  children: number[],
  to: number | null,
): Promise<void> {
  await lockUsers(tx, children);
  const moved = await tx
    .update(users)
    .set({ referral_of: to, updated_at: sql`now()` })
    .where(eq(users.referral_of, user.user_id))
    .returning({ user_id: users.user_id });
  for (const { user_id } of moved) {
    await recordAudit(tx, actor, {
      entity: "User",
      entityId: user_id,
      action: "update",
      before: { referral_of: user.user_id },
      after: { referral_of: to, reason: `referrer ${user.username} deleted` },
    });
  }
}

/**
 * Deletes a user, with their wallet and sessions (the database cascades them)
 * and their open withdrawal requests; decided requests are the money trail
 * and stay, with the username (docs/SECURITY.md). Refused (409, nothing
 * written) while they hold money or PV, or refer others and `referrals` is not
 * given. A back-office account is staff:manage's, the last active Admin
 * stays (409), and the deletion needs a fresh proof (step-up), asked once
 * nothing else refuses it (access.ts). Runs inside the caller's transaction.
 */
export async function removeUserIn(
  tx: Tx,
  actor: AccessCaller,
  userId: number,
  { referrals, expected }: MemberDeletion = {},
): Promise<User> {
  if (userId === actor.user_id)
    throw conflict("own_account_delete", {}, "You cannot delete your own account.");
  await lockReferralTree(tx);
  await lockAdminSet(tx);
  await lockUsers(tx, [userId]);
  const before = await findUser(tx, userId);
  if (!before) throw notFound("User");
  await requireVersion(tx, userRecord(before), expected);
  checkDelete(actor, before);
  if (before.role === ADMIN_ROLE && before.user_status === 1)
    await assertAnotherAdminRemains(tx, userId);
  assertHoldsNothing(before, await balancesOf(tx, before));
  await assertHoldsNothingHeld(tx, before);
  await assertOwesNothing(tx, before);
  const children = await directReferrals(tx, userId);
  if (children.length > 0 && referrals === undefined) {
    throw choiceNeeded(before, children.length);
  }
  requireStepUp(actor);
  // Where the referrals go; "up" without a referrer above has nowhere to go but none.
  const to = children.length > 0 && referrals === "up" ? before.referral_of : null;
  if (children.length > 0) await moveReferrals(tx, actor, before, children, to);
  const [wallet] = await tx.select().from(userWallets).where(eq(userWallets.user_id, userId));
  await keepWithdrawalTrail(tx, actor, before);
  await tx.delete(users).where(eq(users.user_id, userId));
  // The referrer lost the member; when the referrals moved up to it, it gained
  // them too: new referrals, so the promotion rule runs (membership/rank.ts).
  if (to !== null) await applyReferralChange(tx, actor, null, to);
  else await applyReferralChange(tx, actor, before.referral_of, null);
  await recordAudit(tx, actor, { entity: "User", entityId: userId, action: "delete", before });
  if (wallet) {
    await recordAudit(tx, actor, {
      entity: "Wallet",
      entityId: wallet.wallet_id,
      action: "delete",
      before: wallet,
    });
  }
  return before;
}

/** Open requests go with the user (nothing was paid); decided ones keep the username. */
async function keepWithdrawalTrail(tx: Tx, actor: Actor, user: User): Promise<void> {
  const open = await tx
    .delete(withdrawRequests)
    .where(
      and(
        eq(withdrawRequests.user_id, user.user_id),
        eq(withdrawRequests.withdraw_status, "processing"),
      ),
    )
    .returning();
  for (const request of open) {
    await recordAudit(tx, actor, {
      entity: "WithdrawRequest",
      entityId: request.withdraw_id,
      action: "delete",
      before: request,
    });
  }
  await tx
    .update(withdrawRequests)
    .set({ payee_username: user.username })
    .where(eq(withdrawRequests.user_id, user.user_id));
}

/** DELETE users/{id}[?referrals=up|none]: one transaction. */
export function deleteUser(
  db: Db,
  actor: AccessCaller,
  userId: number,
  choice: MemberDeletion = {},
): Promise<User> {
  return db.transaction((tx) => removeUserIn(tx, actor, userId, choice));
}
