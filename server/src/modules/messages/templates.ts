import { render } from "@react-email/components";
import {
  MESSAGE_EVENT_NAMES,
  MESSAGE_LANGUAGES,
  type MessageEvent,
  type MessageLanguage,
  type MessageTemplateInput,
  messageVariables,
} from "@store/contract";
import { eq, sql } from "drizzle-orm";
import Handlebars from "handlebars";
import { createElement } from "react";
import type { Tx } from "../../db/client";
import { messageTemplates, settings } from "../../db/schema";
import { HttpError } from "../../lib/errors";
import { translatorIn } from "../../lib/labels";
import { PdfWording } from "../../lib/pdf";
import { DEFAULT_TEMPLATES } from "./defaults";
import { EmailLayout, type EmailLine } from "./EmailLayout";

/**
 * Each event's template per language (docs/decisions/messages.md): the
 * product's own text (defaults.ts) until the store edits it, checked against
 * the event's variables before it is kept, drawn with Handlebars into the
 * React Email layout.
 */

/**
 * Every template row the product offers, written at start: a new event's, and
 * the product's newer text of one the store never edited.
 */
export async function ensureMessageTemplates(db: Tx): Promise<void> {
  const rows = MESSAGE_EVENT_NAMES.flatMap((event) =>
    MESSAGE_LANGUAGES.map((language) => ({
      event,
      language,
      ...DEFAULT_TEMPLATES[event][language],
    })),
  );
  await db
    .insert(messageTemplates)
    .values(rows)
    .onConflictDoUpdate({
      target: [messageTemplates.event, messageTemplates.language],
      set: { subject: sql`excluded.subject`, body: sql`excluded.body` },
      setWhere: sql`not ${messageTemplates.edited} and (${messageTemplates.subject}, ${messageTemplates.body}) is distinct from (excluded.subject, excluded.body)`,
    });
}

/** Block helpers a template may use: show a part only when a value is there. */
const BLOCKS = new Set(["if", "unless"]);

interface HbsNode {
  type: string;
  body?: HbsNode[];
  path?: { type: string; original: string };
  params?: HbsNode[];
  program?: HbsNode;
  inverse?: HbsNode;
  original?: string;
}

/** The names a template's text uses; a helper other than if/unless, or a path, is refused. */
function namesIn(text: string, field: string): string[] {
  let program: HbsNode;
  try {
    program = Handlebars.parse(text) as unknown as HbsNode;
  } catch (error) {
    const message = error instanceof Error ? error.message.split("\n")[0] : String(error);
    throw new HttpError(
      400,
      "template_unreadable",
      { message: `${field}: ${message}` },
      `${field} cannot be read as a template: ${message}`,
    );
  }
  const names: string[] = [];
  const walk = (node: HbsNode | undefined) => {
    if (!node) return;
    if (node.type === "PathExpression" && node.original !== undefined) names.push(node.original);
    if (node.type === "MustacheStatement" && node.params?.length)
      names.push(node.path?.original ?? "");
    if (node.type === "BlockStatement") {
      const helper = node.path?.original ?? "";
      if (!BLOCKS.has(helper) || node.params?.length !== 1) names.push(`#${helper}`);
      node.params?.forEach(walk);
      walk(node.program);
      walk(node.inverse);
      return;
    }
    if (node.type === "MustacheStatement") walk(node.path as HbsNode);
    node.body?.forEach(walk);
  };
  walk(program);
  return names;
}

/** Refuses (400 `unknown_variable`) a subject or body naming what its event does not offer. */
export function templateProblems(event: MessageEvent, input: MessageTemplateInput): void {
  const allowed = messageVariables(event);
  for (const [field, text] of [
    ["Subject", input.subject],
    ["Body", input.body],
  ] as const) {
    const unknown = namesIn(text, field).find((name) => !allowed.includes(name));
    if (unknown !== undefined)
      throw new HttpError(
        400,
        "unknown_variable",
        { name: unknown, allowed: allowed.join(", ") },
        `${field} names {{${unknown}}}, which this message does not offer. It may use: ${allowed.map((n) => `{{${n}}}`).join(", ")}.`,
      );
  }
}

/** Variables that are amounts (RM in the reader's language), points, or days. */
const MONEY = new Set(["amount", "subtotal", "discount", "shipping", "total"]);
const POINTS = new Set(["pv"]);
const DAYS = new Set(["order_date"]);

/** The event's values as the reader's language writes them ("RM 1,234.50", "22/11/2026"). */
export function formatted(
  variables: Record<string, string>,
  language: MessageLanguage,
): Record<string, string> {
  const words = new PdfWording(language);
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => {
      if (value === "") return [name, value];
      if (MONEY.has(name)) return [name, words.money(value)];
      if (POINTS.has(name)) return [name, words.money(value).replace(/^RM\s*/, "")];
      if (DAYS.has(name)) return [name, words.date(value)];
      // An order's status, by its name in the order statuses ("returned").
      if (name === "status") return [name, capitalised(translatorIn(language).label(value))];
      return [name, value];
    }),
  );
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** A text drawn with the values; the layout escapes them into HTML (noEscape: this is the plain text). */
function drawText(text: string, values: Record<string, string>): string {
  return Handlebars.compile(text, { noEscape: true, knownHelpersOnly: true })(values);
}

/**
 * Draws the subjects of an event's messages (kept on each when it is queued),
 * its templates and the store's name read once for all of them.
 */
export async function subjectDrawer(
  db: Tx,
  event: MessageEvent,
): Promise<(language: MessageLanguage, values: Record<string, string>) => string> {
  const kept = await db
    .select({ language: messageTemplates.language, subject: messageTemplates.subject })
    .from(messageTemplates)
    .where(eq(messageTemplates.event, event));
  const [store] = await db
    .select({ name: settings.store_name })
    .from(settings)
    .where(eq(settings.setting_id, 1));
  return (language, values) => {
    const subject =
      kept.find((t) => t.language === language)?.subject ??
      DEFAULT_TEMPLATES[event][language].subject;
    return oneLine(drawText(subject, { store_name: store?.name ?? "", ...values }));
  };
}

const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export interface DrawnMessage {
  subject: string;
  html: string;
  text: string;
}

/**
 * One message drawn in full: its template (or the unsaved `subject` and
 * `body` of a preview) with the event's values in the reader's language, in
 * the store's layout; `lines`: an order's, listed under the text.
 */
export async function drawMessage(
  db: Tx,
  m: {
    event: MessageEvent;
    language: MessageLanguage;
    variables: Record<string, string>;
    subject?: string;
    body?: string;
    lines?: EmailLine[];
  },
): Promise<DrawnMessage> {
  const template =
    m.subject !== undefined && m.body !== undefined
      ? { subject: m.subject, body: m.body }
      : await templateOf(db, m.event, m.language);
  const [store] = await db
    .select({
      name: settings.store_name,
      logo: settings.store_logo,
      address: settings.store_address,
      contact: settings.store_contact,
    })
    .from(settings)
    .where(eq(settings.setting_id, 1));
  const values = formatted({ store_name: store?.name ?? "", ...m.variables }, m.language);
  const body = drawText(template.body, values);
  const t = translatorIn(m.language);
  const element = createElement(EmailLayout, {
    lang: m.language,
    store: {
      name: store?.name ?? "",
      // Only an address a mail reader can fetch: an uploaded image's path is the store's own.
      logo: store?.logo && /^https:\/\//.test(store.logo) ? store.logo : undefined,
      address: store?.address ?? "",
      contact: store?.contact ?? "",
    },
    body,
    lines: m.lines && {
      heading: [t.label("Product"), t.label("Quantity"), t.label("Amount")],
      rows: m.lines,
    },
  });
  return {
    subject: oneLine(drawText(template.subject, values)),
    html: await render(element),
    text: body,
  };
}

/** The template kept for an event and language. */
export async function templateOf(db: Tx, event: MessageEvent, language: MessageLanguage) {
  const [row] = await db
    .select({ subject: messageTemplates.subject, body: messageTemplates.body })
    .from(messageTemplates)
    .where(
      sql`${messageTemplates.event} = ${event} and ${messageTemplates.language} = ${language}`,
    );
  return row ?? DEFAULT_TEMPLATES[event][language];
}
