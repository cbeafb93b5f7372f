import {
  errorBody,
  idParams,
  listQuery,
  message,
  messagePreview,
  messageTemplate,
  messageTemplateInput,
  messageTemplateParams,
} from "@store/contract";
import type { App } from "../../appType";
import { sendPage } from "../../lib/lists";
import { ifMatchOf } from "../../lib/versions";
import {
  listMessages,
  listMessageTemplates,
  previewMessageTemplate,
  resendMessage,
  saveMessageTemplate,
  sendTestMessage,
} from "./service";

const stale = {
  412: errorBody.describe("The record changed since the version named in If-Match."),
};
const checked = {
  400: errorBody.describe(
    "Not valid: a field, a `{{name}}` the event has not (`unknown_variable`, naming it and the allowed ones), or a template that cannot be read (`template_unreadable`).",
  ),
};

/** Messages and their templates (issue 41, docs/decisions/messages.md). */
export function registerMessageRoutes(app: App): void {
  const tags = ["messages"];
  app.get(
    "/messages",
    {
      config: { permission: "messages:view" },
      schema: {
        tags,
        querystring: listQuery,
        description:
          "The outbox, newest first: each message's recipient, event, language, subject, status (queued, sent, failed), tries and last error. `q` searches the recipient and subject. What was sent (its text and values) is never answered.",
        response: { 200: message.array() },
      },
    },
    async (request, reply) => sendPage(reply, await listMessages(app.db, request.query)),
  );
  app.post(
    "/messages/:id/resend",
    {
      config: { permission: "messages:manage" },
      schema: {
        tags,
        params: idParams,
        description:
          "A sent or failed message queued again, its tries counted anew, and sent by a job as soon as the mail server takes it; a sent one goes under a new Message-ID (a mail reader drops one it has), a failed one under its own.",
        response: {
          200: message,
          409: errorBody.describe("The message is queued already (`message_queued`)."),
          ...stale,
        },
      },
    },
    async (request) => {
      const queued = await resendMessage(
        app.db,
        request.admin,
        request.params.id,
        ifMatchOf(request),
      );
      app.jobs.wake();
      return queued;
    },
  );
  app.get(
    "/messageTemplates",
    {
      config: { permission: "messages:view" },
      schema: {
        tags,
        description:
          "Every event's subject and body in each language (en, ms, zh), with the `{{names}}` it may use; `edited` false while it is the product's own text.",
        response: { 200: messageTemplate.array() },
      },
    },
    async () => listMessageTemplates(app.db),
  );
  app.put(
    "/messageTemplates/:event/:language",
    {
      config: { permission: "messages:manage" },
      schema: {
        tags,
        params: messageTemplateParams,
        body: messageTemplateInput,
        description:
          "The store's own subject and body for one event and language (Handlebars `{{name}}`, paragraphs separated by a blank line), checked before it is kept; used for every message written after.",
        response: { 200: messageTemplate, ...checked, ...stale },
      },
    },
    async (request) =>
      saveMessageTemplate(app.db, request.admin, request.params, request.body, ifMatchOf(request)),
  );
  app.post(
    "/messageTemplates/:event/:language/preview",
    {
      config: { permission: "messages:view" },
      schema: {
        tags,
        params: messageTemplateParams,
        body: messageTemplateInput,
        description:
          "An unsaved subject and body drawn as the member would read them (HTML and text), with the values of the latest message of the event, or example values when there is none. Checked as a save is; nothing is written.",
        response: { 200: messagePreview, ...checked },
      },
    },
    async (request) => previewMessageTemplate(app.db, request.params, request.body),
  );
  app.post(
    "/messageTemplates/:event/:language/test",
    {
      config: { permission: "messages:manage" },
      schema: {
        tags,
        params: messageTemplateParams,
        description:
          "The saved template in that language, drawn with the preview's values, queued to the caller's own e-mail (202): it is sent by a job, and listed on /messages.",
        response: { 202: message },
      },
    },
    async (request, reply) => {
      const queued = await sendTestMessage(app.db, request.admin, request.params);
      app.jobs.wake();
      return reply.code(202).send(queued);
    },
  );
}
