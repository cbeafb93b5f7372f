import { createContext, type ReactNode, useCallback, useContext, useState } from "react";
import { Toast, ToastContainer } from "react-bootstrap";

interface ToastMessage {
  id: number;
  text: string;
  variant: "danger" | "success";
}

const ToastContext = createContext<(text: string, variant?: ToastMessage["variant"]) => void>(
  () => {},
);

/** Failed calls show a short plain message (DESIGN.md: better than SPEC's silence). */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<ToastMessage[]>([]);
  const show = useCallback((text: string, variant: ToastMessage["variant"] = "danger") => {
    setMessages((list) => [...list, { id: Date.now() + Math.random(), text, variant }]);
  }, []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      <ToastContainer position="top-end" className="p-3" style={{ zIndex: 2000 }}>
        {messages.map((m) => (
          <Toast
            key={m.id}
            bg={m.variant}
            autohide
            delay={6000}
            onClose={() => setMessages((list) => list.filter((x) => x.id !== m.id))}
          >
            <Toast.Body className="text-white" role="alert">
              {m.text}
            </Toast.Body>
          </Toast>
        ))}
      </ToastContainer>
    </ToastContext.Provider>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
