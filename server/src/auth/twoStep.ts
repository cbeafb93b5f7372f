import { createHash, randomBytes } from "node:crypto";
import {
  isAuthenticatorCode,
  normaliseCode,
  RECOVERY_CODE_COUNT,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  type TotpEnrolment,
} from "@store/contract";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import type { Db, Tx } from "../db/client";
import { recoveryCodes, settings, totpFailures, totpLocks, users } from "../db/schema";
import { type Actor, recordAudit } from "../lib/audit";
import { badRequest, HttpError, notFound } from "../lib/errors";

/**
 * Two-step login (RFC 6238 TOTP through the otpauth library;
 * docs/decisions/two-step-login.md): enrolment, its recovery codes, and the
 * one check every code goes through (login, step-up).
 */

/** Codes one step either side of now are accepted: a phone's clock a little off still works. */
const DRIFT_STEPS = 1;

function totpOf(secret: string, label = "", issuer = ""): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: "SHA1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

/** The time step a code belongs to, if it is one of the accepted steps around `now`. */
function stepOfCode(secret: string, code: string, now: number): number | null {
  const delta = totpOf(secret).validate({
    token: normaliseCode(code),
    timestamp: now,
    window: DRIFT_STEPS,
  });
  if (delta === null) return null;
  return Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/**
 * sha-256 of a recovery code. A code carries 80 random bits, so no table of
 * guesses can be built and a slow, salted hash would add nothing but time.
 */
function hashRecoveryCode(code: string): string {
  return createHash("sha256").update(normaliseCode(code)).digest("hex");
}

/** Sixteen base32 characters (80 bits) in groups of four: XXXX-XXXX-XXXX-XXXX. */
function newRecoveryCode(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const bytes = randomBytes(16);
  let code = "";
  for (const byte of bytes) code += alphabet[byte & 31];
  return code.match(/.{4}/g)?.join("-") ?? code;
}

export const TOTP_INVALID =
  "The code is not valid. Enter the current code from your authenticator app, or a recovery code.";

/**
 * Spends a code of the user's: an authenticator code of a step later than
 * the last one accepted (so each is good once), or an unused recovery code.
 * Each is one conditional UPDATE, so two requests racing with one code cannot
 * both pass. Answers whether the code was good.
 */
export async function spendCode(
  db: Db | Tx,
  userId: number,
  code: string,
  now = Date.now(),
): Promise<"totp" | "recovery" | null> {
  if (!code) return null;
  if (isAuthenticatorCode(code)) {
    const [row] = await db
      .select({ secret: users.totp_secret })
      .from(users)
      .where(eq(users.user_id, userId))
      .limit(1);
    const step = row?.secret ? stepOfCode(row.secret, code, now) : null;
    if (step === null) return null;
    const spent = await db
      .update(users)
      .set({ totp_last_step: step })
      .where(
        and(
          eq(users.user_id, userId),
          sql`${users.totp_secret} is not null`,
          or(isNull(users.totp_last_step), lt(users.totp_last_step, step)),
        ),
      )
      .returning({ user_id: users.user_id });
    return spent.length > 0 ? "totp" : null;
  }
  const used = await db
    .update(recoveryCodes)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(recoveryCodes.user_id, userId),
        eq(recoveryCodes.code_hash, hashRecoveryCode(code)),
        isNull(recoveryCodes.used_at),
        // Only while two-step login is on: codes of an earlier enrolment are gone anyway.
        sql`exists (select 1 from ${users} where ${users.user_id} = ${userId} and ${users.totp_secret} is not null)`,
      ),
    )
    .returning({ user_id: recoveryCodes.user_id });
  return used.length > 0 ? "recovery" : null;
}

/** Whether the user has two-step login on. */
export async function hasTwoStep(db: Db | Tx, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: sql<boolean>`${users.totp_secret} is not null`.mapWith(Boolean) })
    .from(users)
    .where(eq(users.user_id, userId))
    .limit(1);
  return row?.on ?? false;
}

/**
 * The audit row of a change of two-step login: its state in the web's own words
 * (History translates them: components/AuditChanges.tsx), never a secret or a code.
 */
function auditTwoStep(tx: Tx, actor: Actor, before: string, after: string, userId = actor.user_id) {
  return recordAudit(tx, actor, {
    entity: "User",
    entityId: userId,
    action: "update",
    before: { two_step_login: before },
    after: { two_step_login: after },
  });
}

const alreadyOn = () => new HttpError(409, "totp_already_on", {}, "Two-step login is already on.");

/**
 * POST /api/me/totp: a new secret, kept as pending until a code from it
 * confirms it; a second start replaces the first. The authenticator names the
 * account by the store's name and the person's e-mail.
 */
export async function startEnrolment(
  db: Db,
  actor: Actor & { email: string },
): Promise<TotpEnrolment> {
  const secret = new Secret({ size: 20 }).base32;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ on: sql<boolean>`${users.totp_secret} is not null`.mapWith(Boolean) })
      .from(users)
      .where(eq(users.user_id, actor.user_id))
      .for("update");
    if (row?.on) throw alreadyOn();
    await tx
      .update(users)
      .set({ totp_pending_secret: secret })
      .where(eq(users.user_id, actor.user_id));
    await auditTwoStep(tx, actor, "Off", "Being set up");
    const [store] = await tx
      .select({ name: settings.store_name })
      .from(settings)
      .orderBy(settings.setting_id)
      .limit(1);
    const issuer = store?.name || "Store back-office";
    return { secret, otpauth_url: totpOf(secret, actor.email, issuer).toString() };
  });
}

/**
 * POST /api/me/totp/confirm: a code from the pending secret turns two-step
 * login on and answers ten new recovery codes, shown this once (only their
 * hashes are kept).
 */
export async function confirmEnrolment(
  db: Db,
  actor: Actor,
  code: string,
  now = Date.now(),
): Promise<string[]> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ secret: users.totp_secret, pending: users.totp_pending_secret })
      .from(users)
      .where(eq(users.user_id, actor.user_id))
      .for("update");
    if (row?.secret) throw alreadyOn();
    if (!row?.pending)
      throw new HttpError(409, "totp_not_started", {}, "Start setting up two-step login first.");
    const step = isAuthenticatorCode(code) ? stepOfCode(row.pending, code, now) : null;
    if (step === null) throw badRequest("code", "totp_invalid", {}, TOTP_INVALID);
    await tx
      .update(users)
      .set({ totp_secret: row.pending, totp_pending_secret: null, totp_last_step: step })
      .where(eq(users.user_id, actor.user_id));
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, actor.user_id));
    await tx
      .insert(recoveryCodes)
      .values(codes.map((c) => ({ user_id: actor.user_id, code_hash: hashRecoveryCode(c) })));
    await auditTwoStep(tx, actor, "Off", "On");
    return codes;
  });
}

/**
 * DELETE /api/me/totp, or DELETE /api/users/{id}/totp for a person who lost
 * their authenticator and their recovery codes (after a step-up): two-step
 * login off, its recovery codes gone. False when it was not on.
 */
export async function turnOff(db: Db, actor: Actor, userId = actor.user_id): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ secret: users.totp_secret, pending: users.totp_pending_secret })
      .from(users)
      .where(eq(users.user_id, userId))
      .for("update");
    if (!row) throw notFound("User");
    if (!row.secret && !row.pending) return false;
    await tx
      .update(users)
      .set({ totp_secret: null, totp_pending_secret: null, totp_last_step: null })
      .where(eq(users.user_id, userId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    // A lock after wrong codes (auth/codeGuesses.ts) belongs to the secret that is gone.
    await tx.delete(totpLocks).where(eq(totpLocks.user_id, userId));
    await tx.delete(totpFailures).where(eq(totpFailures.user_id, userId));
    await auditTwoStep(tx, actor, row.secret ? "On" : "Being set up", "Off", userId);
    return true;
  });
}
