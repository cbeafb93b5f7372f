import { defineResource } from "./define";

/**
 * Messages to members and staff (issue 41, docs/decisions/messages.md): the
 * outbox (each e-mail's status, Resend) and each event's template per
 * language. Reading is messages:view; resending, saving a template and
 * sending oneself a test are messages:manage. Last in the sidebar, after
 * the screens of docs/REQUIREMENTS.md section 2.
 */
export const messages = defineResource({
  name: "messages",
  area: "messages",
  api: "messages",
  entity: "Message",
  noun: { one: "message", many: "messages" },
  list: {
    path: "/messages",
    title: "Messages",
    screen: () => import("../pages/messages/MessageList"),
  },
  sidebar: { group: "system", label: "Messages", icon: "list", order: 190 },
});

export const messageTemplates = defineResource({
  name: "messageTemplates",
  area: "messages",
  entity: "MessageTemplate",
  list: {
    path: "/messageTemplates",
    title: "Message Templates",
    screen: () => import("../pages/messages/MessageTemplates"),
  },
  sidebar: { group: "system", label: "Message Templates", icon: "list", order: 191 },
});
