import { type ReactNode, useEffect, useState } from "react";
import { Button, Toast, ToastContainer } from "react-bootstrap";
import { referenceOf } from "../api/client";
import { useTranslation } from "../i18n";
import { errorText } from "../i18n/errors";
import { translate } from "../i18n/messages";
import { subscribeToasts, type ToastMessage } from "./toastStore";

/**
 * Failed calls show a short plain message (docs/REQUIREMENTS.md section 10: better than the
 * original's silence), saves a short confirmation (docs/decisions/feedback-for-every-click.md).
 * A failure is an alert; a confirmation is a polite status, not read out over the next field.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<ToastMessage[]>([]);
  // Re-drawn in a newly chosen language; the server's English messages are translated here.
  useTranslation();
  useEffect(() => subscribeToasts((m) => setMessages((list) => [...list, m])), []);
  const close = (id: number) => setMessages((list) => list.filter((x) => x.id !== id));
  return (
    <>
      {children}
      <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: 2000 }}>
        {messages.map((m) => (
          <Toast
            key={m.id}
            bg={m.variant}
            autohide
            // A failure with a Retry waits longer: the admin may first check the connection.
            delay={m.action ? 15000 : m.variant === "success" ? 4000 : 6000}
            onClose={() => close(m.id)}
            data-testid={`toast-${m.variant}`}
            // A confirmation is only read: clicks go through it to the top bar beneath.
            style={m.action || m.variant !== "success" ? undefined : { pointerEvents: "none" }}
          >
            <Toast.Body
              className="text-white d-flex align-items-center gap-2"
              role={m.variant === "success" ? "status" : "alert"}
            >
              <span className="flex-grow-1">
                {typeof m.text === "string" ? translate(m.text) : errorText(m.text)}
                <Reference error={m.text} />
              </span>
              {m.action && (
                <Button
                  size="sm"
                  variant="light"
                  onClick={() => {
                    close(m.id);
                    m.action?.run();
                  }}
                >
                  {translate(m.action.label)}
                </Button>
              )}
            </Toast.Body>
          </Toast>
        ))}
      </ToastContainer>
    </>
  );
}

/** A server failure's request id, small under its message (api/client.ts referenceOf). */
export function Reference({ error }: { error: unknown }) {
  const id = referenceOf(error);
  if (!id) return null;
  return <small className="d-block opacity-75">{translate("Reference {{id}}", { id })}</small>;
}
