import type { ErrorAnswer } from "../i18n/errors";

/** A tiny store so that code outside React (query caches) can show a toast. */
export interface ToastMessage {
  id: number;
  /** English shown through translate(), or an error shown by its code (i18n/errors.ts). */
  text: string | ErrorAnswer;
  variant: "danger" | "success";
  /** A button on the toast (a failed call's "Retry"); pressing it closes the toast. */
  action?: ToastAction | undefined;
}

export interface ToastAction {
  /** English, shown through translate(). */
  label: string;
  run: () => void;
}

type Listener = (message: ToastMessage) => void;
const listeners = new Set<Listener>();
let nextId = 1;

export function showToast(
  text: string | ErrorAnswer,
  variant: ToastMessage["variant"] = "danger",
  action?: ToastAction,
): void {
  const message = { id: nextId++, text, variant, action };
  for (const listener of listeners) listener(message);
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
