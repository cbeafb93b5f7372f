/** A tiny store so that code outside React (query caches) can show a toast. */
export interface ToastMessage {
  id: number;
  text: string;
  variant: "danger" | "success";
}

type Listener = (message: ToastMessage) => void;
const listeners = new Set<Listener>();
let nextId = 1;

export function showToast(text: string, variant: ToastMessage["variant"] = "danger"): void {
  const message = { id: nextId++, text, variant };
  for (const listener of listeners) listener(message);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
