/**
 * The /messages and /messageTemplates screens' calls (issue 41,
 * docs/decisions/messages.md): the outbox listed and a message sent again,
 * each event's template read, checked, saved, previewed and sent as a test.
 * The outbox itself (queueMessage), the drawing (drawMessage) and the sending
 * job (queueSend) are outbox.ts, templates.ts and send.ts.
 */
import { randomUUID } from "node:crypto";
import {
  isPersonalEvent,
  type ListQuery,
  MESSAGE_EVENTS,
  type Message,
  type MessageEvent,
  type MessageLanguage,
  type MessagePreview,
  type MessageTemplate,
  type MessageTemplateInput,
  messageVariables,
} from "@store/contract";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { messages, messageTemplates, settings } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, type Page, readPage } from "../../lib/lists";
import { requireVersion } from "../../lib/versions";
import { queueMessage, queueSend, recipientOf } from "./outbox";
import { drawMessage, templateProblems } from "./templates";

// the outbox

/** A message as /messages lists it: never its html, text or variables (a member's data, the reset link). */
const messageColumns = {
  message_id: messages.message_id,
  event: messages.event,
  recipient: messages.recipient,
  user_id: messages.user_id,
  language: messages.language,
  subject: messages.subject,
  status: messages.status,
  tries: messages.tries,
  last_error: messages.last_error,
  created_at: messages.created_at,
  sent_at: messages.sent_at,
  smtp_message_id: messages.smtp_message_id,
  version: messages.version,
};

/**
 * Newest first; `q` searches the recipient and subject; filters status,
 * event, language, user_id. A simple list, as /jobs: its filters are
 * few-valued and its page one statement.
 */
const listSpec = defineList({
  search: [messages.recipient, messages.subject],
  fields: fieldsOf(messageColumns),
  defaultOrder: { by: messages.message_id, order: "desc" },
  key: messages.message_id,
});

export async function listMessages(db: Tx, query: ListQuery): Promise<Page<Message>> {
  const clauses = listClauses(query, listSpec);
  return readPage(db, clauses, {
    table: messages,
    rows: (where, orderBy) =>
      db
        .select(messageColumns)
        .from(messages)
        .where(where)
        .orderBy(...orderBy),
    keyOf: (row) => row.message_id,
  });
}

/** What a message's audit row records of it. */
const auditedMessage = (row: typeof messages.$inferSelect) => ({
  event: row.event,
  recipient: row.recipient,
  status: row.status,
  tries: row.tries,
  version: row.version,
});

/**
 * A sent or failed message queued again, its tries counted anew, with a new
 * sending job; 409 `message_queued` when it waits to be sent already.
 */
export async function resendMessage(
  db: Db,
  actor: Actor,
  id: number,
  expected: number | undefined,
): Promise<Message> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(messages).where(eq(messages.message_id, id)).for("update");
    if (!row) throw notFound("Message");
    await requireVersion(tx, { entity: "Message", id, row }, expected);
    if (row.status === "queued")
      throw conflict(
        "message_queued",
        {},
        "This message is queued already: it is sent as soon as the mail server takes it.",
      );
    const [after] = await tx
      .update(messages)
      .set({
        status: "queued",
        tries: 0,
        last_error: null,
        sending_until: null,
        // A copy of a message that arrived is a new message to the reader's mail
        // reader (which drops a Message-ID it has); a failed one keeps its own.
        ...(row.status === "sent" && {
          smtp_message_id: row.smtp_message_id.replace(
            /^<([^@.]+)(\.\d+)?@/,
            `<$1.${row.version}@`,
          ),
        }),
      })
      .where(eq(messages.message_id, id))
      .returning();
    if (!after) throw notFound("Message");
    await recordAudit(tx, actor, {
      entity: "Message",
      entityId: id,
      action: "update",
      before: auditedMessage(row),
      after: auditedMessage(after),
    });
    await queueSend(tx, after);
    return pick(after);
  });
}

const pick = (row: typeof messages.$inferSelect): Message =>
  Object.fromEntries(
    Object.keys(messageColumns).map((name) => [name, row[name as keyof typeof messageColumns]]),
  ) as Message;

// templates

const templateRecord = (row: typeof messageTemplates.$inferSelect): MessageTemplate => ({
  event: row.event,
  language: row.language,
  subject: row.subject,
  body: row.body,
  variables: messageVariables(row.event),
  edited: row.edited,
  version: row.version,
  updated_at: row.updated_at,
});

/** What a template's audit row records: its words, and the version they were (a 412 names what changed). */
const auditedTemplate = (row: typeof messageTemplates.$inferSelect) => ({
  event: row.event,
  language: row.language,
  subject: row.subject,
  body: row.body,
  edited: row.edited,
  version: row.version,
});

/** Every event × language, in the contract's order of events, then en, ms, zh. */
export async function listMessageTemplates(db: Tx): Promise<MessageTemplate[]> {
  const rows = await db
    .select()
    .from(messageTemplates)
    .orderBy(asc(messageTemplates.event), asc(messageTemplates.language));
  const order = Object.keys(MESSAGE_EVENTS);
  return rows
    .filter((row) => row.event in MESSAGE_EVENTS)
    .sort((a, b) => order.indexOf(a.event) - order.indexOf(b.event))
    .map(templateRecord);
}

export interface TemplateKey {
  event: MessageEvent;
  language: MessageLanguage;
}

/** The store's subject and body for one event and language, checked first: a name the event has not is a 400. */
export async function saveMessageTemplate(
  db: Db,
  actor: Actor,
  key: TemplateKey,
  input: MessageTemplateInput,
  expected: number | undefined,
): Promise<MessageTemplate> {
  templateProblems(key.event, input);
  return db.transaction(async (tx) => {
    const where = and(
      eq(messageTemplates.event, key.event),
      eq(messageTemplates.language, key.language),
    );
    const [row] = await tx.select().from(messageTemplates).where(where).for("update");
    if (!row) throw notFound("Message template");
    const id = `${key.event}:${key.language}`;
    await requireVersion(tx, { entity: "MessageTemplate", id, row }, expected);
    const [after] = await tx
      .update(messageTemplates)
      .set({ subject: input.subject, body: input.body, edited: true })
      .where(where)
      .returning();
    if (!after) throw notFound("Message template");
    await recordAudit(tx, actor, {
      entity: "MessageTemplate",
      entityId: id,
      action: "update",
      before: auditedTemplate(row),
      after: auditedTemplate(after),
    });
    return templateRecord(after);
  });
}

/**
 * Values a template is previewed with when the outbox holds no message of its
 * event yet: made up, in the forms queueMessage keeps (money "1234.50",
 * dates "yyyy-MM-dd"). `store_name` is the store's own.
 */
export const EXAMPLE_VARIABLES: Record<MessageEvent, Record<string, string>> = {
  order_confirmed: {
    order_number: "ORD-100231",
    order_date: "2026-05-09",
    subtotal: "180.00",
    discount: "10.00",
    shipping: "8.00",
    total: "178.00",
  },
  order_shipped: {
    order_number: "ORD-100231",
    tracking_number: "MY123456789",
    courier: "Pos Laju",
  },
  order_completed: { order_number: "ORD-100231", pv: "45.00" },
  order_refunded: { order_number: "ORD-100231", status: "Refunded", amount: "178.00", pv: "45.00" },
  commission_credited: { amount: "36.50", reason: "Commission", order_number: "ORD-100231" },
  withdrawal_approved: {
    request_id: "1042",
    amount: "500.00",
    bank_name: "Maybank",
    bank_account: "****6789",
  },
  withdrawal_paid: {
    request_id: "1042",
    amount: "500.00",
    bank_name: "Maybank",
    bank_account: "****6789",
  },
  withdrawal_rejected: {
    request_id: "1042",
    amount: "500.00",
    reason: "Bank account name differs",
  },
  withdrawal_reversed: {
    request_id: "1042",
    amount: "500.00",
    reason: "Bank returned the payment",
  },
  kyc_verified: {},
  kyc_rejected: { reason: "The photo of the identity card is not readable" },
  password_reset: { link: "https://store.example.com/reset-password?token=example", minutes: "30" },
  new_sign_in: { when: "2026-11-22 09:15", address: "203.0.113.7", device: "Chrome (Windows)" },
};

/**
 * The values a preview or test is drawn with: the latest message of the event
 * (a real record), else the examples; only the examples for a personal event
 * (a live reset link would give its holder the account).
 */
async function previewValues(db: Tx, event: MessageEvent): Promise<Record<string, string>> {
  const [latest] = isPersonalEvent(event)
    ? []
    : await db
        .select({ variables: messages.variables })
        .from(messages)
        .where(eq(messages.event, event))
        .orderBy(desc(messages.message_id))
        .limit(1);
  const [store] = await db.select({ store_name: settings.store_name }).from(settings).limit(1);
  return {
    store_name: store?.store_name ?? "",
    name: "Aisyah",
    ...EXAMPLE_VARIABLES[event],
    ...(latest?.variables ?? {}),
  };
}

/** The unsaved subject and body drawn as the member would read them, checked as a save is. */
export async function previewMessageTemplate(
  db: Db,
  key: TemplateKey,
  input: MessageTemplateInput,
): Promise<MessagePreview> {
  templateProblems(key.event, input);
  const variables = await previewValues(db, key.event);
  return drawMessage(db, { ...key, variables, subject: input.subject, body: input.body });
}

/**
 * The saved template sent to the signed-in person's own e-mail, in the
 * template's language, with the preview's values: a test, named by a new
 * uuid so each is its own message.
 */
export async function sendTestMessage(db: Db, actor: Actor, key: TemplateKey): Promise<Message> {
  return db.transaction(async (tx) => {
    const me = await recipientOf(tx, actor.user_id);
    if (!me)
      throw badRequest(
        "email",
        "required",
        { field: "Email" },
        "Your account has no e-mail address to send the test to.",
      );
    const variables = await previewValues(tx, key.event);
    const id = await queueMessage(tx, {
      event: key.event,
      about: `test:${randomUUID()}`,
      to: { ...me, language: key.language, opted_out: false },
      variables,
    });
    if (id === null) throw new Error("a test message was not written");
    const [row] = await tx.select().from(messages).where(eq(messages.message_id, id));
    if (!row) throw notFound("Message");
    return pick(row);
  });
}
