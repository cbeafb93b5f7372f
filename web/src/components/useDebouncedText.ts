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

  useEffect(() => {
    setText((current) => (current.trim() === applied ? current : applied));
  }, [applied]);

  useEffect(() => {
    if (text.trim() === applied) return;
    const timer = setTimeout(() => latest.current(text.trim()), delay);
    return () => clearTimeout(timer);
  }, [text, applied, delay]);

  return [text, setText] as const;
}
