import type { MessageLanguage } from "@store/contract";
import { and, eq, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import nodemailer, { type Transporter } from "nodemailer";
import type { MailConfig } from "../../config";
import type { Db, Tx } from "../../db/client";
import { jobs, messages } from "../../db/schema";
import type { JobContext, JobHandler } from "../jobs/runner";
import type { EmailLine } from "./EmailLayout";
import { MESSAGE_SEND_JOB, queueSend } from "./outbox";
import { drawMessage } from "./templates";

/**
 * Sending the outbox (docs/decisions/messages.md): one job per message, which
 * one server runs at a time; the message is held while it is sent, so a
 * second server's job for it leaves it; a mail server that refuses or is down
 * is tried again by the queue with backoff, under the same Message-ID.
 */

/** Why a message waits when the server has no mail server to send through. */
export const NO_MAIL_SERVER =
  "No mail server is configured (SMTP_URL): the message waits, queued, until one is.";

/** One transport per mail server, reused between messages (its connections pooled). */
const transports = new Map<string, Transporter>();
function transportFor(url: string): Transporter {
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    transports.set(url, transport);
  }
  return transport;
}

/** A file a message carries, and an order's lines listed under its text. */
export interface MessageAttachment {
  file: { filename: string; content: Buffer; contentType: string };
  lines: EmailLine[];
}
/**
 * Draws what a message carries, by kind: an order's invoice (orders/messages.ts),
 * given by modules/index.ts, so this module never reads the orders itself.
 */
export type AttachmentDrawers = Record<
  "invoice",
  (db: Db, ordersId: number, language: MessageLanguage) => Promise<MessageAttachment | null>
>;

async function attachmentsOf(
  db: Db,
  row: typeof messages.$inferSelect,
  drawers: AttachmentDrawers,
) {
  const files: MessageAttachment["file"][] = [];
  const lines: EmailLine[] = [];
  for (const attachment of row.attachments) {
    const drawn = await drawers[attachment.kind](db, attachment.orders_id, row.language);
    if (!drawn) continue;
    files.push(drawn.file);
    lines.push(...drawn.lines);
  }
  return { files, lines };
}

/** Records the end of one try: sent, or why not (failed once its tries are spent). */
async function recordTry(db: Db, id: number, values: PgUpdateSetSource<typeof messages>) {
  await db
    .update(messages)
    .set({
      ...values,
      tries: sql`${messages.tries} + 1`,
      sending_until: null,
      updated_at: sql`now()`,
    })
    .where(eq(messages.message_id, id));
}

/** message.send: sends one queued message through the mail server, or says why it waits. */
export function sendMessageJob(
  mail: MailConfig | undefined,
  drawers: AttachmentDrawers,
): JobHandler {
  return async (db: Db, { job }: JobContext) => {
    const { message_id } = job.payload as { message_id: number };
    if (!mail) {
      await db
        .update(messages)
        .set({ last_error: NO_MAIL_SERVER })
        .where(
          and(
            eq(messages.message_id, message_id),
            eq(messages.status, "queued"),
            sql`${messages.last_error} is distinct from ${NO_MAIL_SERVER}`,
          ),
        );
      return { waiting: NO_MAIL_SERVER };
    }
    // Held for this try: another server's job finds it held (or sent) and leaves it.
    const [row] = await db
      .update(messages)
      .set({ sending_until: sql`now() + interval '2 minutes'` })
      .where(
        and(
          eq(messages.message_id, message_id),
          eq(messages.status, "queued"),
          sql`coalesce(${messages.sending_until}, '-infinity') < now()`,
        ),
      )
      .returning();
    if (!row) return { skipped: "not queued, or being sent" };
    try {
      const { files, lines } = await attachmentsOf(db, row, drawers);
      const drawn = await drawMessage(db, {
        event: row.event,
        language: row.language,
        variables: row.variables,
        lines,
      });
      const sent = await transportFor(mail.url).sendMail({
        from: mail.from,
        to: row.recipient,
        subject: row.subject,
        html: drawn.html,
        text: drawn.text,
        messageId: row.smtp_message_id,
        attachments: files,
      });
      await recordTry(db, message_id, {
        status: "sent",
        sent_at: sql`now()`,
        last_error: null,
        html: drawn.html,
        text: drawn.text,
      });
      return { sent: sent.messageId };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // The queue's last try: the message is failed, to be sent again by hand.
      const last = job.tries >= job.max_tries;
      await recordTry(db, message_id, { last_error: message, ...(last && { status: "failed" }) });
      throw error;
    }
  };
}

/**
 * At start with a mail server: every queued message whose sending job ended
 * while there was none (or was lost) is queued to be sent again.
 */
export async function requeueWaiting(db: Db): Promise<number> {
  return db.transaction(async (tx: Tx) => {
    const waiting = await tx
      .select({ message_id: messages.message_id, version: messages.version })
      .from(messages)
      .where(
        and(
          eq(messages.status, "queued"),
          sql`not exists (select from ${jobs} where ${jobs.kind} = ${MESSAGE_SEND_JOB}
            and ${jobs.status} in ('queued', 'running')
            and (${jobs.payload} ->> 'message_id')::int = ${messages.message_id})`,
        ),
      );
    for (const row of waiting) {
      // A new version names a new job (outbox.ts queueSend).
      const [bumped] = await tx
        .update(messages)
        .set({ last_error: null, updated_at: sql`now()` })
        .where(eq(messages.message_id, row.message_id))
        .returning({ message_id: messages.message_id, version: messages.version });
      if (bumped) await queueSend(tx, bumped);
    }
    return waiting.length;
  });
}
