import { createHash } from "node:crypto";
import { MESSAGE_EVENTS, type MessageEvent, type MessageLanguage } from "@store/contract";
import { codeOfStoredLanguage } from "@store/i18n";
import { eq } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { messages, users } from "../../db/schema";
import { enqueueJob } from "../jobs/queue";
import { drawSubject, formatted } from "./templates";

/**
 * The outbox (docs/decisions/messages.md): a message is written in the
 * transaction of its event, so a change rolled back sends nothing, and sent
 * by a job (send.ts), so a mail server that is down loses nothing.
 */

export const MESSAGE_SEND_JOB = "message.send";
/** Tries of one sending, 5 s apart and doubling: about 20 minutes of a mail server down. */
export const MESSAGE_SEND_TRIES = 9;

/** The right side of every Message-ID: MAIL_FROM's domain, set at start (main.ts). */
export const MESSAGE_ID_DOMAIN = { value: "localhost" };

export interface MessageRecipient {
  user_id: number;
  email: string;
  language: MessageLanguage;
  /** Asked for no messages but those about their money and orders. */
  opted_out: boolean;
  name: string;
}

/** The user's e-mail, language, opt-out and name; null when gone or without an e-mail. */
export async function recipientOf(tx: Tx, userId: number): Promise<MessageRecipient | null> {
  const [user] = await tx
    .select({
      email: users.email,
      languages: users.languages,
      opted_out: users.messages_opt_out,
      f_name: users.f_name,
      l_name: users.l_name,
      username: users.username,
    })
    .from(users)
    .where(eq(users.user_id, userId));
  if (!user?.email.includes("@")) return null;
  return {
    user_id: userId,
    email: user.email,
    language: codeOfStoredLanguage(user.languages) ?? "en",
    opted_out: user.opted_out,
    name: `${user.f_name} ${user.l_name}`.trim() || user.username,
  };
}

/**
 * Writes one message to the outbox in `tx` and queues its sending. `about`
 * names the record and the step (`order:123:shipped`): with the event and the
 * recipient it names the message once, so the same event again (a retry, a
 * second server) is the message already there. Returns its id, or null when a
 * member who opted out is not sent a non-essential one.
 */
export async function queueMessage(
  tx: Tx,
  m: {
    event: MessageEvent;
    about: string;
    to: MessageRecipient;
    variables: Record<string, string>;
    attachments?: { kind: "invoice"; orders_id: number }[];
  },
): Promise<number | null> {
  if (m.to.opted_out && !MESSAGE_EVENTS[m.event].essential) return null;
  const key = `${m.event}|${m.about}|${m.to.user_id}|${m.to.email.toLowerCase()}`;
  const hash = createHash("sha256").update(key).digest("base64url").slice(0, 32);
  const variables = { ...m.variables, name: m.to.name };
  const subject = await drawSubject(
    tx,
    m.event,
    m.to.language,
    formatted(variables, m.to.language),
  );
  const [row] = await tx
    .insert(messages)
    .values({
      event: m.event,
      message_key: key,
      user_id: m.to.user_id,
      recipient: m.to.email,
      language: m.to.language,
      subject,
      variables,
      attachments: m.attachments ?? [],
      smtp_message_id: `<${hash}@${MESSAGE_ID_DOMAIN.value}>`,
    })
    .onConflictDoNothing({ target: messages.message_key })
    .returning({ message_id: messages.message_id, version: messages.version });
  if (!row) {
    const [kept] = await tx
      .select({ message_id: messages.message_id })
      .from(messages)
      .where(eq(messages.message_key, key));
    return kept?.message_id ?? null;
  }
  await queueSend(tx, row);
  return row.message_id;
}

/** Queues the sending of a message as it stands (its version names the try: a resend is a new job). */
export async function queueSend(tx: Tx, row: { message_id: number; version: number }) {
  await enqueueJob(tx, {
    kind: MESSAGE_SEND_JOB,
    key: `${row.message_id}:${row.version}`,
    payload: { message_id: row.message_id },
    maxTries: MESSAGE_SEND_TRIES,
  });
}
