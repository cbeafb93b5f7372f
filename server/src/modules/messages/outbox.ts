import { createHash } from "node:crypto";
import { MESSAGE_EVENTS, type MessageEvent, type MessageLanguage } from "@store/contract";
import { codeOfStoredLanguage } from "@store/i18n";
import { inArray } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { messages, users } from "../../db/schema";
import { enqueueJob, enqueueJobs } from "../jobs/queue";
import { formatted, subjectDrawer } from "./templates";

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

/** The users' e-mail, language, opt-out and name, by id; those gone or without an e-mail left out. */
export async function recipientsOf(tx: Tx, ids: number[]): Promise<Map<number, MessageRecipient>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      user_id: users.user_id,
      email: users.email,
      languages: users.languages,
      opted_out: users.messages_opt_out,
      f_name: users.f_name,
      l_name: users.l_name,
      username: users.username,
    })
    .from(users)
    .where(inArray(users.user_id, ids));
  return new Map(
    rows
      .filter((user) => user.email.includes("@"))
      .map((user) => [
        user.user_id,
        {
          user_id: user.user_id,
          email: user.email,
          language: codeOfStoredLanguage(user.languages) ?? "en",
          opted_out: user.opted_out,
          name: `${user.f_name} ${user.l_name}`.trim() || user.username,
        },
      ]),
  );
}

/** The user's e-mail, language, opt-out and name; null when gone or without an e-mail. */
export async function recipientOf(tx: Tx, userId: number): Promise<MessageRecipient | null> {
  return (await recipientsOf(tx, [userId])).get(userId) ?? null;
}

/** One message to write: about what, to whom, with which values (see queueMessages). */
export interface MessageToQueue {
  about: string;
  to: MessageRecipient;
  variables: Record<string, string>;
  attachments?: { kind: "invoice"; orders_id: number }[];
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
  m: MessageToQueue & { event: MessageEvent },
): Promise<number | null> {
  const [id] = await queueMessages(tx, m.event, [m]);
  return id ?? null;
}

/**
 * Writes an event's messages to the outbox in `tx` in one statement, and
 * queues their sending in one more (a period's release tells a thousand
 * members a batch). Answers the ids written now or before; a member who
 * opted out of a non-essential event is left out.
 */
export async function queueMessages(
  tx: Tx,
  event: MessageEvent,
  items: MessageToQueue[],
): Promise<number[]> {
  const told = items.filter((m) => !m.to.opted_out || MESSAGE_EVENTS[event].essential);
  if (told.length === 0) return [];
  const subjectOf = await subjectDrawer(tx, event);
  const rows = told.map((m) => {
    const key = `${event}|${m.about}|${m.to.user_id}|${m.to.email.toLowerCase()}`;
    const hash = createHash("sha256").update(key).digest("base64url").slice(0, 32);
    const variables = { ...m.variables, name: m.to.name };
    return {
      event,
      message_key: key,
      user_id: m.to.user_id,
      recipient: m.to.email,
      language: m.to.language,
      subject: subjectOf(m.to.language, formatted(variables, m.to.language)),
      variables,
      attachments: m.attachments ?? [],
      smtp_message_id: `<${hash}@${MESSAGE_ID_DOMAIN.value}>`,
    };
  });
  const written = await tx
    .insert(messages)
    .values(rows)
    .onConflictDoNothing({ target: messages.message_key })
    .returning({ message_id: messages.message_id, version: messages.version });
  await enqueueJobs(tx, written.map(sendJobOf));
  if (written.length === rows.length) return written.map((row) => row.message_id);
  // Some were there already (the same event again): their ids too.
  const kept = await tx
    .select({ message_id: messages.message_id })
    .from(messages)
    .where(
      inArray(
        messages.message_key,
        rows.map((row) => row.message_key),
      ),
    );
  return kept.map((row) => row.message_id);
}

/** The job that sends a message as it stands (its version names the try: a resend is a new job). */
const sendJobOf = (row: { message_id: number; version: number }) => ({
  kind: MESSAGE_SEND_JOB,
  key: `${row.message_id}:${row.version}`,
  payload: { message_id: row.message_id },
  maxTries: MESSAGE_SEND_TRIES,
});

/** Queues the sending of a message as it stands (its version names the try: a resend is a new job). */
export async function queueSend(tx: Tx, row: { message_id: number; version: number }) {
  await enqueueJob(tx, sendJobOf(row));
}
