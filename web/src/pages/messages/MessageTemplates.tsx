import {
  MESSAGE_BODY_MAX,
  MESSAGE_EVENT_NAMES,
  MESSAGE_LANGUAGES,
  MESSAGE_SUBJECT_MAX,
  type MessageEvent,
  type MessageLanguage,
  type MessagePreview,
  type MessageTemplate,
} from "@store/contract";
import { useEffect, useId, useRef, useState } from "react";
import { Alert, Button, Form } from "react-bootstrap";
import { ApiError, isStale } from "../../api/client";
import {
  previewMessageTemplate,
  useMessageTemplates,
  useSaveMessageTemplate,
  useSendTestMessage,
} from "../../api/messages";
import { LoadingDots, PageHeader, showToast } from "../../components";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { useMayDo } from "../../resources/context";
import { eventText, languageName } from "./messageText";

/** How long the typing rests before the preview is drawn again. */
export const PREVIEW_DELAY_MS = 400;

type Field = "subject" | "body";

/** Which field names the unknown `{{name}}` (the server's 400 names the name, not the field). */
function fieldNaming(name: string, text: { subject: string; body: string }): Field {
  const named = new RegExp(`\\{\\{[^}]*\\b${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`);
  return named.test(text.subject) ? "subject" : "body";
}

/** The server's refusal of a text, by the field it is about; null when it is of another kind. */
function refusalOf(error: unknown, text: { subject: string; body: string }) {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const name = typeof error.params.name === "string" ? error.params.name : "";
  const field: Field =
    error.code === "unknown_variable"
      ? fieldNaming(name, text)
      : error.issues[0]?.path === "subject"
        ? "subject"
        : "body";
  return { field, text: errorText(error) };
}

/**
 * The preview of the unsaved text, drawn again once the typing rests: the
 * member's e-mail in a sandboxed frame (no script, no link followed), and its
 * text part. A text the server refuses keeps the last good preview and says why.
 */
function usePreview(
  template: Pick<MessageTemplate, "event" | "language"> | undefined,
  subject: string,
  body: string,
) {
  const [preview, setPreview] = useState<MessagePreview | null>(null);
  const [refusal, setRefusal] = useState<{ field: Field; text: string } | null>(null);
  const event = template?.event;
  const language = template?.language;
  useEffect(() => {
    if (!event || !language || !subject.trim() || !body.trim()) return;
    let current = true;
    const timer = setTimeout(() => {
      previewMessageTemplate({ event, language }, { subject, body })
        .then((drawn) => {
          if (!current) return;
          setPreview(drawn);
          setRefusal(null);
        })
        .catch((error: unknown) => {
          if (current) setRefusal(refusalOf(error, { subject, body }));
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [event, language, subject, body]);
  return { preview, refusal };
}

/** The names a template may use, each a button that puts `{{name}}` where the cursor is. */
function VariableChips({
  names,
  disabled,
  onInsert,
}: {
  names: string[];
  disabled: boolean;
  onInsert: (name: string) => void;
}) {
  return (
    <fieldset className="mb-3">
      <legend className="small text-body-secondary mb-1 fs-6">
        {translate("Values it may use (click to insert):")}
      </legend>
      <div className="d-flex flex-wrap gap-1">
        {names.map((name) => (
          <Button
            key={name}
            size="sm"
            variant="outline-secondary"
            className="rounded-pill font-monospace"
            disabled={disabled}
            aria-label={translate("Insert {{name}}", { name })}
            onClick={() => onInsert(name)}
          >
            {`{{${name}}}`}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * /messageTemplates: each event's e-mail in each language, as the store
 * words it (docs/decisions/messages.md): the subject and body with the
 * event's values as `{{name}}`, previewed as the member would read it, saved
 * (If-Match), and sent to oneself as a test.
 */
export default function MessageTemplates() {
  const { data: templates, isLoading } = useMessageTemplates();
  const [event, setEvent] = useState<MessageEvent>("order_confirmed");
  const [language, setLanguage] = useState<MessageLanguage>("en");
  const template = templates?.find((t) => t.event === event && t.language === language);
  const [subject, setSubject] = useState("");
  const [body, setBody] = useState("");
  const [saveRefusal, setSaveRefusal] = useState<{ field: Field; text: string } | null>(null);
  const [stale, setStale] = useState<string | null>(null);
  const save = useSaveMessageTemplate();
  const sendTest = useSendTestMessage();
  const mayManage = useMayDo("update");
  const ids = { subject: useId(), body: useId(), preview: useId() };
  const fields = {
    subject: useRef<HTMLInputElement>(null),
    body: useRef<HTMLTextAreaElement>(null),
  };
  const lastFocused = useRef<Field>("body");

  // A template chosen (or first read): its saved text in the fields. A refetch of the
  // same one (after a save, or another person's) leaves the typing as it is.
  const shown = template ? `${template.event}/${template.language}` : "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a newly chosen template resets the fields.
  useEffect(() => {
    if (!template) return;
    setSubject(template.subject);
    setBody(template.body);
    setSaveRefusal(null);
    setStale(null);
  }, [shown]);

  const { preview, refusal: previewRefusal } = usePreview(template, subject, body);
  const refusal = saveRefusal ?? previewRefusal;
  const dirty = template !== undefined && (subject !== template.subject || body !== template.body);

  const insert = (name: string) => {
    const field = lastFocused.current;
    const element = fields[field].current;
    const value = field === "subject" ? subject : body;
    const token = `{{${name}}}`;
    const start = element?.selectionStart ?? value.length;
    const end = element?.selectionEnd ?? value.length;
    const next = value.slice(0, start) + token + value.slice(end);
    (field === "subject" ? setSubject : setBody)(next);
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + token.length, start + token.length);
    });
  };

  const onSave = () => {
    if (!template) return;
    setSaveRefusal(null);
    setStale(null);
    save.mutate(
      { template, input: { subject, body } },
      {
        onSuccess: (saved) => {
          setSubject(saved.subject);
          setBody(saved.body);
          showToast(
            translate("The {{event}} message in {{language}} is saved.", {
              event: eventText(saved.event),
              language: languageName(saved.language),
            }),
            "success",
          );
        },
        onError: (error) => {
          const said = refusalOf(error, { subject, body });
          if (said && error instanceof ApiError) {
            error.shownOnFields = true;
            setSaveRefusal(said);
          } else if (isStale(error)) {
            // Said here, beside the text still typed: the latest is loaded on asking.
            error.shownOnFields = true;
            setStale(errorText(error));
          }
        },
      },
    );
  };

  const loadLatest = () => {
    if (!template) return;
    setSubject(template.subject);
    setBody(template.body);
    setStale(null);
  };

  const onTest = () => {
    if (!template) return;
    sendTest.mutate(template, {
      onSuccess: (message) =>
        showToast(
          translate("A test is queued to {{email}}: see it on Messages.", {
            email: message.recipient,
          }),
          "success",
        ),
    });
  };

  const fieldError = (field: Field) =>
    refusal?.field === field ? (
      <Form.Control.Feedback type="invalid" id={`${ids[field]}-error`}>
        {refusal.text}
      </Form.Control.Feedback>
    ) : null;

  return (
    <>
      <PageHeader title={translate("Message Templates")} />
      <div className="card p-3 mb-3">
        <div className="d-flex flex-wrap gap-3">
          <Form.Group controlId="template-event">
            <Form.Label className="small mb-1">{translate("Event")}</Form.Label>
            <Form.Select value={event} onChange={(e) => setEvent(e.target.value as MessageEvent)}>
              {MESSAGE_EVENT_NAMES.map((name) => (
                <option key={name} value={name}>
                  {eventText(name)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
          <Form.Group controlId="template-language">
            <Form.Label className="small mb-1">{translate("Language")}</Form.Label>
            <Form.Select
              value={language}
              onChange={(e) => setLanguage(e.target.value as MessageLanguage)}
            >
              {MESSAGE_LANGUAGES.map((code) => (
                <option key={code} value={code} lang={code}>
                  {languageName(code)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        </div>
      </div>
      {isLoading || !template ? (
        <LoadingDots />
      ) : (
        <div className="row g-3">
          <div className="col-lg-6">
            <form
              className="card p-3 h-100"
              aria-label={translate("Template")}
              onSubmit={(e) => {
                e.preventDefault();
                onSave();
              }}
            >
              {stale && (
                <Alert variant="warning" role="alert">
                  <p className="mb-2">{stale}</p>
                  <Button size="sm" variant="outline-dark" onClick={loadLatest}>
                    {translate("Load the latest")}
                  </Button>
                </Alert>
              )}
              <fieldset disabled={!mayManage}>
                <Form.Group className="mb-3">
                  <Form.Label htmlFor={ids.subject}>{translate("Subject")}</Form.Label>
                  <Form.Control
                    id={ids.subject}
                    ref={fields.subject}
                    value={subject}
                    maxLength={MESSAGE_SUBJECT_MAX}
                    lang={language}
                    isInvalid={refusal?.field === "subject"}
                    aria-describedby={
                      refusal?.field === "subject" ? `${ids.subject}-error` : undefined
                    }
                    onFocus={() => {
                      lastFocused.current = "subject";
                    }}
                    onChange={(e) => {
                      setSubject(e.target.value);
                      setSaveRefusal(null);
                    }}
                  />
                  {fieldError("subject")}
                </Form.Group>
                <Form.Group className="mb-2">
                  <Form.Label htmlFor={ids.body}>{translate("Body")}</Form.Label>
                  <Form.Control
                    as="textarea"
                    id={ids.body}
                    ref={fields.body}
                    rows={12}
                    value={body}
                    maxLength={MESSAGE_BODY_MAX}
                    lang={language}
                    isInvalid={refusal?.field === "body"}
                    aria-describedby={refusal?.field === "body" ? `${ids.body}-error` : undefined}
                    onFocus={() => {
                      lastFocused.current = "body";
                    }}
                    onChange={(e) => {
                      setBody(e.target.value);
                      setSaveRefusal(null);
                    }}
                  />
                  {fieldError("body")}
                  <Form.Text>{translate("Separate paragraphs with a blank line.")}</Form.Text>
                </Form.Group>
                <VariableChips names={template.variables} disabled={!mayManage} onInsert={insert} />
              </fieldset>
              {mayManage && (
                <div className="d-flex flex-wrap gap-2 align-items-center">
                  <Button type="submit" variant="primary" disabled={!dirty || save.isPending}>
                    {translate("Save")}
                  </Button>
                  <Button
                    variant="outline-secondary"
                    disabled={sendTest.isPending}
                    onClick={onTest}
                  >
                    {translate("Send me a test")}
                  </Button>
                  {dirty && (
                    <span className="small text-body-secondary">
                      {translate("The test sends the saved text: save first.")}
                    </span>
                  )}
                </div>
              )}
            </form>
          </div>
          <div className="col-lg-6">
            <section className="card p-3 h-100" aria-labelledby={ids.preview}>
              <h2 id={ids.preview} className="h6">
                {translate("Preview")}
              </h2>
              {preview ? (
                <>
                  <p className="mb-2">
                    <span className="text-body-secondary">{translate("Subject")}: </span>
                    <strong data-testid="preview-subject">{preview.subject}</strong>
                  </p>
                  <iframe
                    title={translate("Preview of the e-mail")}
                    sandbox=""
                    srcDoc={preview.html}
                    className="w-100 border rounded mb-2 bg-white"
                    style={{ height: "24rem" }}
                  />
                  <h3 className="h6 small text-body-secondary">{translate("Text part")}</h3>
                  <pre
                    className="small mb-0"
                    style={{ whiteSpace: "pre-wrap" }}
                    data-testid="preview-text"
                  >
                    {preview.text}
                  </pre>
                </>
              ) : (
                <LoadingDots />
              )}
            </section>
          </div>
        </div>
      )}
    </>
  );
}
