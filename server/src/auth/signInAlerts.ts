/**
 * A staff member who asked for it (`users.sign_in_alerts`, their own account
 * screen) is e-mailed of each sign-in from a new device (issue 41,
 * docs/decisions/messages.md): the message `new_sign_in`, queued in the
 * transaction that creates the session (auth/service.ts createSession).
 */
import { and, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { messages, sessions, users } from "../db/schema";
import { type Actor, recordAudit } from "../lib/audit";
import { queueMessage, recipientOf } from "../modules/messages/outbox";
import { browserOf } from "./browsers";

/** The device as a reader knows it ("Chrome (Windows)"), else the user agent itself, cut short. */
export function deviceOf(userAgent: string): string {
  const { browser, system } = browserOf(userAgent);
  if (browser && system) return `${browser} (${system})`;
  return userAgent.trim().slice(0, 120) || "-";
}

/** The session just written, in the transaction that wrote it. */
export interface NewSession {
  session_id: number;
  /** Its start, yyyy-MM-dd HH:mm in the store's time. */
  started: string;
  address: string;
  user_agent: string;
}

/**
 * Queues `new_sign_in` when the person asked for it and the (user agent,
 * address) pair is new to them: no other session of theirs shows it. A
 * session is deleted at sign-out and once expired, so an earlier alert for
 * the same device and address counts as seen too: signing out and in again
 * from one browser is not a new device each morning.
 */
export async function alertNewSignIn(tx: Tx, userId: number, session: NewSession): Promise<void> {
  const [person] = await tx
    .select({ on: users.sign_in_alerts })
    .from(users)
    .where(eq(users.user_id, userId));
  if (!person?.on) return;
  const [seen] = await tx
    .select({ session_id: sessions.session_id })
    .from(sessions)
    .where(
      and(
        eq(sessions.user_id, userId),
        ne(sessions.session_id, session.session_id),
        // A login still owing its code is no device the person showed.
        eq(sessions.totp_pending, false),
        eq(sessions.address, session.address),
        eq(sessions.user_agent, session.user_agent),
      ),
    )
    .limit(1);
  if (seen) return;
  const device = deviceOf(session.user_agent);
  const [told] = await tx
    .select({ message_id: messages.message_id })
    .from(messages)
    .where(
      and(
        eq(messages.user_id, userId),
        eq(messages.event, "new_sign_in"),
        sql`${messages.variables}->>'address' = ${session.address}`,
        sql`${messages.variables}->>'device' = ${device}`,
      ),
    )
    .limit(1);
  if (told) return;
  const to = await recipientOf(tx, userId);
  if (!to) return;
  await queueMessage(tx, {
    event: "new_sign_in",
    about: `sign_in:${session.session_id}`,
    to,
    variables: { when: session.started, address: session.address, device },
  });
}

/** Whether the person asked to hear of sign-ins from new devices. */
export async function signInAlertsOf(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ on: users.sign_in_alerts })
    .from(users)
    .where(eq(users.user_id, userId));
  return row?.on ?? false;
}

/** Saves the person's own choice, with its audit row; the same choice again writes nothing. */
export async function saveSignInAlerts(db: Db, admin: Actor, on: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ on: users.sign_in_alerts })
      .from(users)
      .where(eq(users.user_id, admin.user_id))
      .for("update");
    if (!row || row.on === on) return on;
    await tx
      .update(users)
      .set({ sign_in_alerts: on, updated_at: sql`now()` })
      .where(eq(users.user_id, admin.user_id));
    await recordAudit(tx, admin, {
      entity: "User",
      entityId: admin.user_id,
      action: "update",
      before: { sign_in_alerts: row.on },
      after: { sign_in_alerts: on },
    });
    return on;
  });
}
