import { useEffect, useRef, useState } from "react";

/**
 * Text typed freely and applied after a pause: the one debounce of the web
 * app (a list's search box, the audit log's typed filters, a type-ahead's
 * search). `apply(trimmed)` runs once the typing has stopped for `delay` ms
 * and the text says something other than `applied`; when `applied` changes
 * elsewhere (back, forward, Clear filters) the text follows it.
 */
export function useDebouncedText(applied: string, apply: (text: string) => void, delay: number) {
  const [text, setText] = useState(applied);
  // The latest callback, so a re-render does not restart the pause.
  const latest = useRef(apply);
  latest.current = apply;
  // What this hook last applied: its echo must not undo what was typed since
  // (the router draws the new address a moment later, in a transition).
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (applied === sent.current) return;
    sent.current = null;
    setText((current) => (current.trim() === applied ? current : applied));
  }, [applied]);

  useEffect(() => {
    const next = text.trim();
    if (next === applied) return;
    const timer = setTimeout(() => {
      sent.current = next;
      latest.current(next);
    }, delay);
    return () => clearTimeout(timer);
  }, [text, applied, delay]);

  return [text, setText] as const;
}
