import {
  MESSAGE_EVENT_NAMES,
  MESSAGE_EVENTS,
  MESSAGE_LANGUAGES,
  MESSAGE_STATUS_LABELS,
  type MessageEvent,
  type MessageLanguage,
  type MessageStatus,
} from "@store/contract";
import { Badge } from "react-bootstrap";
import { languageByCode } from "../../i18n";
import { translate } from "../../i18n/messages";

/** An event in words, in the chosen language ("Order shipped"). */
export const eventText = (event: MessageEvent) => translate(MESSAGE_EVENTS[event].label);

/** A message's language by its own name, as the language menu shows it ("Bahasa Melayu"). */
export const languageName = (language: MessageLanguage) => languageByCode(language).name;

export const EVENT_OPTIONS = MESSAGE_EVENT_NAMES.map((e) => ({
  value: e,
  label: MESSAGE_EVENTS[e].label,
}));
export const LANGUAGE_OPTIONS = MESSAGE_LANGUAGES.map((l) => ({
  value: l,
  label: languageName(l),
}));

/** Queued grey (waiting for the mail server), sent green, failed red. */
const STATUS_BG: Record<MessageStatus, string> = {
  queued: "secondary",
  sent: "success",
  failed: "danger",
};

export function MessageStatusBadge({ status }: { status: MessageStatus }) {
  return <Badge bg={STATUS_BG[status]}>{translate(MESSAGE_STATUS_LABELS[status])}</Badge>;
}
