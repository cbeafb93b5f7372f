/**
 * Messages to members and staff (issue 41, docs/decisions/messages.md): each
 * event of an order, a commission, a withdrawal, a KYC check or a password
 * reset is written to an outbox in its own transaction and e-mailed by a job,
 * in the recipient's language, from a template the store may edit.
 */
import { z } from "zod";
import { newPassword } from "./auth";
import { email, nullableTimestamp, requiredText, text, timestamp } from "./primitives";
import { recordVersion } from "./versions";

/** The languages a template is written in (the back office's three, packages/i18n). */
export const MESSAGE_LANGUAGES = ["en", "ms", "zh"] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

/**
 * Every event that sends a message, what its template may name, and whether
 * it is essential: a member who asked for no other messages
 * (`users.messages_opt_out`) still gets those about their money and orders.
 * Every event's template may also name `store_name` and `name` (the recipient's).
 */
export const MESSAGE_EVENTS = {
  order_confirmed: {
    label: "Order confirmed",
    essential: true,
    variables: ["order_number", "order_date", "subtotal", "discount", "shipping", "total"],
  },
  order_shipped: {
    label: "Order shipped",
    essential: true,
    variables: ["order_number", "tracking_number", "courier"],
  },
  order_completed: {
    label: "Order completed",
    essential: false,
    variables: ["order_number", "pv"],
  },
  order_refunded: {
    label: "Order canceled, refunded or returned",
    essential: true,
    variables: ["order_number", "status", "amount", "pv"],
  },
  commission_credited: {
    label: "Commission credited or released",
    essential: true,
    variables: ["amount", "reason", "order_number"],
  },
  withdrawal_approved: {
    label: "Withdrawal approved",
    essential: true,
    variables: ["request_id", "amount", "bank_name", "bank_account"],
  },
  withdrawal_paid: {
    label: "Withdrawal paid",
    essential: true,
    variables: ["request_id", "amount", "bank_name", "bank_account"],
  },
  withdrawal_rejected: {
    label: "Withdrawal rejected",
    essential: true,
    variables: ["request_id", "amount", "reason"],
  },
  withdrawal_reversed: {
    label: "Withdrawal reversed",
    essential: true,
    variables: ["request_id", "amount", "reason"],
  },
  kyc_verified: { label: "KYC verified", essential: true, variables: [] },
  kyc_rejected: { label: "KYC rejected", essential: true, variables: ["reason"] },
  password_reset: {
    label: "Password reset",
    essential: true,
    variables: ["link", "minutes"],
    personal: true,
  },
  /** To a staff member who asked for it (`users.sign_in_alerts`): a sign-in from a browser and address not seen before. */
  new_sign_in: {
    label: "New sign-in",
    essential: true,
    variables: ["when", "address", "device"],
    personal: true,
  },
} as const satisfies Record<
  string,
  { label: string; essential: boolean; variables: readonly string[]; personal?: true }
>;

/**
 * Events whose values are their recipient's alone (a reset link, where they
 * signed in): a preview or test never draws a real one, only examples.
 */
export function isPersonalEvent(event: MessageEvent): boolean {
  return "personal" in MESSAGE_EVENTS[event];
}
export type MessageEvent = keyof typeof MESSAGE_EVENTS;
export const MESSAGE_EVENT_NAMES = Object.keys(MESSAGE_EVENTS) as [MessageEvent, ...MessageEvent[]];
export const messageEvent = z.enum(MESSAGE_EVENT_NAMES);

/** What every event's template may name beside its own. */
export const COMMON_MESSAGE_VARIABLES = ["store_name", "name"] as const;

/** The variables a template of `event` may name. */
export function messageVariables(event: MessageEvent): string[] {
  return [...COMMON_MESSAGE_VARIABLES, ...MESSAGE_EVENTS[event].variables];
}

/** queued (written, waiting to be sent: the mail server's answer, or SMTP_URL) → sent, or failed after its tries. */
export const MESSAGE_STATUSES = ["queued", "sent", "failed"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: "Queued",
  sent: "Sent",
  failed: "Failed",
};

/** One message as /messages lists it. */
export const message = z.object({
  message_id: z.number(),
  event: messageEvent,
  recipient: z.string(),
  /** The member or staff member it went to (kept after they are deleted, as the ledger keeps its entries'). */
  user_id: z.number().nullable(),
  language: z.enum(MESSAGE_LANGUAGES),
  subject: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  tries: z.number(),
  /** Why the last try failed, or why it waits (no mail server configured). */
  last_error: z.string().nullable(),
  created_at: timestamp,
  sent_at: nullableTimestamp,
  /** The Message-ID it was sent with: the same on every try, so a copy sent twice is one. */
  smtp_message_id: z.string(),
  version: recordVersion,
});
export type Message = z.infer<typeof message>;

/** The subject and body of one event's message in one language, as the store wrote them. */
export const messageTemplate = z.object({
  event: messageEvent,
  language: z.enum(MESSAGE_LANGUAGES),
  subject: z.string(),
  body: z.string(),
  /** What this event's template may name, each as {{name}}. */
  variables: z.array(z.string()),
  /** false: the product's own text, never edited. */
  edited: z.boolean(),
  version: recordVersion,
  updated_at: nullableTimestamp,
});
export type MessageTemplate = z.infer<typeof messageTemplate>;

export const MESSAGE_SUBJECT_MAX = 200;
export const MESSAGE_BODY_MAX = 10_000;

/** PUT messageTemplates/{event}/{language}: checked against the event's variables before it is kept. */
export const messageTemplateInput = z.object({
  subject: requiredText("Subject", MESSAGE_SUBJECT_MAX),
  body: requiredText("Body", MESSAGE_BODY_MAX),
});
export type MessageTemplateInput = z.infer<typeof messageTemplateInput>;

export const messageTemplateParams = z.object({
  event: messageEvent,
  language: z.enum(MESSAGE_LANGUAGES),
});

/** A template drawn with a real record (the latest of its kind) or example values: what the member would read. */
export const messagePreview = z.object({
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MessagePreview = z.infer<typeof messagePreview>;

/** How long a password reset link works. */
export const PASSWORD_RESET_MINUTES = 30;

/** POST passwordReset: answered 202 whether or not the e-mail is a staff account's. */
export const passwordResetRequest = z.object({ email: email() });
/** POST passwordReset/confirm: the link's token and the new password. */
export const passwordResetConfirm = z.object({
  token: text().min(1).max(200),
  password: newPassword,
});
