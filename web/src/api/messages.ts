import type {
  Message,
  MessageLanguage,
  MessagePreview,
  MessageTemplate,
  MessageTemplateInput,
} from "@store/contract";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import {
  type ListPage,
  refreshWhatever,
  request,
  requestPage,
  SAID_ON_SCREEN,
  useRefresh,
} from "./client";
import { type ListParams, resourceKeys } from "./crud";

/** Messages to members and staff (docs/decisions/messages.md): the outbox and the templates. */
export const messageKeys = {
  ...resourceKeys("messages"),
  templates: ["messageTemplates"] as const,
};

/** GET messages: one page of the outbox, newest first (status, event, language, user_id, q). */
export function useMessages(params: ListParams) {
  return useQuery<ListPage<Message>>({
    queryKey: messageKeys.list(params),
    queryFn: () => requestPage<Message>("messages", params),
    placeholderData: keepPreviousData,
    // The list shows its failure in its table, with a Retry (components/ListError.tsx).
    meta: SAID_ON_SCREEN,
  });
}

/** POST messages/{id}/resend (If-Match): a sent or failed message queued again. */
export function useResendMessage() {
  const refresh = useRefresh(messageKeys.all);
  return useMutation({
    mutationFn: (m: Pick<Message, "message_id" | "version">) =>
      request<Message>("POST", `messages/${m.message_id}/resend`, undefined, m.version),
    ...refreshWhatever(refresh),
  });
}

/** GET messageTemplates: every event in each language. */
export function useMessageTemplates() {
  return useQuery<MessageTemplate[]>({
    queryKey: messageKeys.templates,
    queryFn: () => request<MessageTemplate[]>("GET", "messageTemplates"),
  });
}

/** Where a template's calls go: its event and language. */
export const templatePath = (t: { event: string; language: MessageLanguage }) =>
  `messageTemplates/${t.event}/${t.language}`;

/** PUT messageTemplates/{event}/{language} (If-Match). */
export function useSaveMessageTemplate() {
  const refresh = useRefresh(messageKeys.templates);
  return useMutation({
    mutationFn: ({ template, input }: { template: MessageTemplate; input: MessageTemplateInput }) =>
      request<MessageTemplate>("PUT", templatePath(template), input, template.version),
    onSuccess: refresh,
  });
}

/** POST …/preview: the unsaved text drawn as the member would read it (nothing written). */
export function previewMessageTemplate(
  template: Pick<MessageTemplate, "event" | "language">,
  input: MessageTemplateInput,
): Promise<MessagePreview> {
  return request<MessagePreview>("POST", `${templatePath(template)}/preview`, input);
}

/** POST …/test: the saved template queued to the signed-in person's own e-mail. */
export function useSendTestMessage() {
  const refresh = useRefresh(messageKeys.all);
  return useMutation({
    mutationFn: (template: Pick<MessageTemplate, "event" | "language">) =>
      request<Message>("POST", `${templatePath(template)}/test`, {}),
    onSuccess: refresh,
  });
}
