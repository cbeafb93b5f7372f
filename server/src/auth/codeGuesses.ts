import { isAuthenticatorCode } from "@store/contract";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { totpFailures, totpLocks } from "../db/schema";
import { type Actor, recordAudit } from "../lib/audit";
import { HttpError } from "../lib/errors";
import { spendCode } from "./twoStep";

/**
 * Authenticator-code guesses per account, whatever the address
 * (docs/decisions/two-step-login.md, "Guesses per account"): the login
 * throttle counts per address and lets each new address try, so a thief with
 * the password and many addresses could go on guessing six digits. Past
 * `perHour` wrong codes in an hour the account's two-step login is locked:
 * no authenticator code passes, the right one included, until an Admin
 * unlocks it or a recovery code (80 bits, beyond guessing) is spent.
 */
export const CODE_GUESS_LIMIT = { perHour: 100 } as const;

export const TOTP_LOCKED =
  "Two-step login for this account is locked after too many wrong codes. Sign in with a recovery code, or ask an Admin to unlock it.";
/** The audit row's word for the state (History translates it: packages/i18n). */
export const LOCKED_STATE = "Locked after too many wrong codes";

const locked = () => new HttpError(423, "totp_locked", {}, TOTP_LOCKED);

async function isLocked(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ user_id: totpLocks.user_id })
    .from(totpLocks)
    .where(eq(totpLocks.user_id, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * Spends a code of the user's (twoStep.ts `spendCode`) under the account's
 * limit. The guess is recorded BEFORE it is counted and checked, so racing
 * guesses see each other and at most `perHour` are checked; the one over the
 * limit locks the account and is refused unchecked (423 `totp_locked`). A
 * right code removes only its own row: the owner signing in does not give a
 * guesser a new hundred.
 */
export async function guessCode(
  db: Db,
  userId: number,
  code: string,
): Promise<"totp" | "recovery" | null> {
  if (await isLocked(db, userId)) {
    if (isAuthenticatorCode(code)) throw locked();
    // The recovery path: a recovery code still signs in, and frees the lock.
    const spent = await spendCode(db, userId, code);
    if (spent) await unlock(db, null, userId);
    return spent;
  }
  const [row] = await db
    .insert(totpFailures)
    .values({ user_id: userId })
    .returning({ id: totpFailures.failure_id });
  const id = row?.id ?? 0;
  const [counted] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(totpFailures)
    .where(
      and(
        eq(totpFailures.user_id, userId),
        sql`${totpFailures.failed_at} > now() - interval '1 hour'`,
      ),
    );
  if (Number(counted?.n ?? 0) > CODE_GUESS_LIMIT.perHour) {
    await db.delete(totpFailures).where(eq(totpFailures.failure_id, id));
    await lock(db, userId);
    throw locked();
  }
  let spent: "totp" | "recovery" | null;
  try {
    spent = await spendCode(db, userId, code);
  } catch (error) {
    await db.delete(totpFailures).where(eq(totpFailures.failure_id, id));
    throw error;
  }
  if (spent) await db.delete(totpFailures).where(eq(totpFailures.failure_id, id));
  // Housekeeping: the account's rows past the window are never counted again.
  else
    await db
      .delete(totpFailures)
      .where(
        and(
          eq(totpFailures.user_id, userId),
          sql`${totpFailures.failed_at} < now() - interval '1 hour'`,
        ),
      );
  return spent;
}

async function lock(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const made = await tx
      .insert(totpLocks)
      .values({ user_id: userId })
      .onConflictDoNothing()
      .returning({ user_id: totpLocks.user_id });
    if (made.length === 0) return;
    await recordAudit(tx, null, {
      entity: "User",
      entityId: userId,
      action: "update",
      before: { two_step_login: "On" },
      after: { two_step_login: LOCKED_STATE },
    });
  });
}

/**
 * Frees a locked two-step login and forgets the account's wrong codes (an
 * Admin's POST users/{id}/totp/unlock, a recovery code, two-step login turned
 * off). False when it was not locked.
 */
export async function unlock(db: Db, actor: Actor | null, userId: number): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.delete(totpFailures).where(eq(totpFailures.user_id, userId));
    const freed = await tx
      .delete(totpLocks)
      .where(eq(totpLocks.user_id, userId))
      .returning({ user_id: totpLocks.user_id });
    if (freed.length === 0) return false;
    await recordAudit(tx, actor, {
      entity: "User",
      entityId: userId,
      action: "update",
      before: { two_step_login: LOCKED_STATE },
      after: { two_step_login: "On" },
    });
    return true;
  });
}
