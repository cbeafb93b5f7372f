/**
 * Staff password reset ("Forgot password?", issue 41, docs/decisions/messages.md).
 * The request looks nothing up: it only queues a job, so a known and an unknown
 * e-mail are answered alike and in the same time. The job finds the staff
 * account and writes a one-time link (only its sha-256 kept) with its message
 * in one transaction. The confirm spends the link once, sets the password and
 * ends every session of the person; it logs no one in.
 */
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { BACK_OFFICE_ROLES, PASSWORD_RESET_MINUTES, passwordResetRequest } from "@store/contract";
import { and, count, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Config } from "../config";
import type { Db } from "../db/client";
import { passwordResets, users } from "../db/schema";
import { recordAudit } from "../lib/audit";
import { HttpError, tooManyAttempts } from "../lib/errors";
import { enqueueJob } from "../modules/jobs/queue";
import type { JobHandler } from "../modules/jobs/runner";
import { queueMessage, recipientOf } from "../modules/messages/outbox";
import { hashPassword } from "./password";
import { endSessionsOf } from "./service";
import { throttledAttempt } from "./throttle";

export const PASSWORD_RESET_JOB = "password_reset.request";

/** The same answer for every e-mail: whether it is a staff account's is never said. */
export const PASSWORD_RESET_QUEUED =
  "If this e-mail belongs to a staff account, a link to reset the password is on its way.";
export const PASSWORD_RESET_INVALID =
  "This link has expired or was already used. Ask for a new one.";
export const PASSWORD_RESET_DONE = "Your password is changed. Log in with it.";

/**
 * A person with this many unused links still good gets no more until one is
 * used or expires: requests from many addresses cannot flood one mailbox.
 */
export const MAX_LIVE_RESET_LINKS = 3;

/**
 * The throttle's keys (auth/throttle.ts, login_failures): each request and each
 * failed confirm counts against the client's address as a failed login does,
 * under a fixed name that is no e-mail, so the typed e-mail is kept nowhere.
 */
const REQUEST_KEY = "password_reset:request";
const CONFIRM_KEY = "password_reset:confirm";

const isLiveStaff = and(inArray(users.role, [...BACK_OFFICE_ROLES]), eq(users.user_status, 1));

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * POST passwordReset: counted against the address (every request is, so a
 * mailbox cannot be flooded from one address), then the job queued. The
 * same statements run whatever the e-mail.
 */
export async function requestPasswordReset(db: Db, email: string, address: string): Promise<void> {
  // A "failure" that is never forgiven: each request stays counted for the window.
  const counted = await throttledAttempt(db, { email: REQUEST_KEY, address }, async () => null);
  if (counted.kind === "refused") throw tooManyAttempts(counted.retryAfter);
  await db.transaction(async (tx) => {
    await enqueueJob(tx, { kind: PASSWORD_RESET_JOB, key: randomUUID(), payload: { email } });
  });
}

/** The store's address the link points at: PUBLIC_URL's first origin, else where the server listens. */
export function resetLinkOrigin(config: Pick<Config, "publicOrigins" | "host" | "port">): string {
  return config.publicOrigins?.[0] ?? `http://${config.host}:${config.port}`;
}

/**
 * The job `password_reset.request`: for an active Admin or Staff member with
 * this e-mail, a link good for PASSWORD_RESET_MINUTES and its message, in one
 * transaction; for anyone else nothing. Registered in modules/index.ts.
 */
export function passwordResetJob(
  config: Pick<Config, "publicOrigins" | "host" | "port">,
): JobHandler {
  const origin = resetLinkOrigin(config);
  return async (db, { job }) => {
    const parsed = passwordResetRequest.safeParse(job.payload);
    if (!parsed.success) return { queued: false };
    const { email } = parsed.data;
    return db.transaction(async (tx) => {
      const [person] = await tx
        .select({ user_id: users.user_id })
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email})`, isLiveStaff))
        .limit(1);
      if (!person) return { queued: false };
      const [live] = await tx
        .select({ n: count() })
        .from(passwordResets)
        .where(
          and(
            eq(passwordResets.user_id, person.user_id),
            isNull(passwordResets.used_at),
            gt(passwordResets.expires_at, sql`now()`),
          ),
        );
      if ((live?.n ?? 0) >= MAX_LIVE_RESET_LINKS) return { queued: false };
      const to = await recipientOf(tx, person.user_id);
      if (!to) return { queued: false };
      const token = randomBytes(32).toString("base64url");
      await tx.insert(passwordResets).values({
        token_hash: hashToken(token),
        user_id: person.user_id,
        expires_at: sql`now() + make_interval(mins => ${PASSWORD_RESET_MINUTES})`,
      });
      const messageId = await queueMessage(tx, {
        event: "password_reset",
        // The job names the request: a retry of it is the message already written.
        about: `password_reset:${job.job_id}`,
        to,
        variables: {
          link: `${origin}/reset-password?token=${token}`,
          minutes: String(PASSWORD_RESET_MINUTES),
        },
      });
      return { queued: messageId !== null, message_id: messageId };
    });
  };
}

/**
 * POST passwordReset/confirm: the link good once and unexpired, its person
 * still an active Admin or Staff member. A wrong or spent link counts against
 * the address like a failed login. One transaction: the password, every link
 * of the person spent, every session ended, the audit row.
 */
export async function confirmPasswordReset(
  db: Db,
  input: { token: string; password: string },
  address: string,
): Promise<void> {
  const outcome = await throttledAttempt(db, { email: CONFIRM_KEY, address }, async () => {
    const tokenHash = hashToken(input.token);
    // Only a link that may still work costs the slow hash (scrypt).
    const [usable] = await db
      .select({ user_id: passwordResets.user_id })
      .from(passwordResets)
      .where(usableLink(tokenHash));
    if (!usable) return null;
    const password_hash = await hashPassword(input.password);
    return db.transaction(async (tx) => {
      // Locked and read again: two confirms of one link, one wins.
      const [link] = await tx
        .select({ user_id: users.user_id, username: users.username })
        .from(passwordResets)
        .innerJoin(users, eq(users.user_id, passwordResets.user_id))
        .where(and(usableLink(tokenHash), isLiveStaff))
        .for("update", { of: passwordResets });
      if (!link) return null;
      await tx
        .update(users)
        .set({ password_hash, updated_at: sql`now()` })
        .where(eq(users.user_id, link.user_id));
      // Every older link of the person dies with this one: the new password is the only way in.
      await tx
        .update(passwordResets)
        .set({ used_at: sql`now()` })
        .where(and(eq(passwordResets.user_id, link.user_id), isNull(passwordResets.used_at)));
      await endSessionsOf(tx, link.user_id);
      await recordAudit(tx, link, {
        entity: "User",
        entityId: link.user_id,
        action: "update",
        after: { password: "changed", by: "password_reset" },
      });
      return link.user_id;
    });
  });
  if (outcome.kind === "refused") throw tooManyAttempts(outcome.retryAfter);
  if (outcome.kind === "failed")
    throw new HttpError(400, "password_reset_invalid", {}, PASSWORD_RESET_INVALID);
}

const usableLink = (tokenHash: string) =>
  and(
    eq(passwordResets.token_hash, tokenHash),
    isNull(passwordResets.used_at),
    gt(passwordResets.expires_at, sql`now()`),
  );
