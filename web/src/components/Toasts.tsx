import { type ReactNode, useEffect, useState } from "react";
import { Toast, ToastContainer } from "react-bootstrap";
import { useTranslation } from "../i18n";
import { translateMessage } from "../i18n/messages";
import { subscribeToasts, type ToastMessage } from "./toastStore";

/** Failed calls show a short plain message (docs/REQUIREMENTS.md section 10: better than the original's silence). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<ToastMessage[]>([]);
  // Re-drawn in a newly chosen language; the server's English messages are translated here.
  useTranslation();
  useEffect(() => subscribeToasts((m) => setMessages((list) => [...list, m])), []);
  return (
    <>
      {children}
      <ToastContainer position="top-end" className="p-3 position-fixed" style={{ zIndex: 2000 }}>
        {messages.map((m) => (
          <Toast
            key={m.id}
            bg={m.variant}
            autohide
            delay={6000}
            onClose={() => setMessages((list) => list.filter((x) => x.id !== m.id))}
          >
            <Toast.Body className="text-white" role="alert">
              {translateMessage(m.text)}
            </Toast.Body>
          </Toast>
        ))}
      </ToastContainer>
    </>
  );
}
