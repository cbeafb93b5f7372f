import { type RefObject, useCallback, useEffect, useLayoutEffect, useState } from "react";

/** Each cell's offset (the widths of the cells before it, in order) and their whole width. */
function offsets(cells: HTMLElement[]): { at: number[]; width: number } {
  let width = 0;
  const at = cells.map((cell) => {
    const before = width;
    width += cell.getBoundingClientRect().width;
    return before;
  });
  return { at, width };
}

export interface StickyOffsets {
  lefts: number[];
  rights: number[];
  /** The width of the start columns together. */
  startWidth: number;
}

/**
 * Keeps the sticky columns side by side: a "start" column's left edge is the
 * width of the start columns before it, an "end" column's right edge the
 * width of the end columns after it, measured from the header row (widths
 * follow the content, so they are measured, not fixed).
 */
export function useStickyOffsets(table: RefObject<HTMLTableElement | null>): StickyOffsets {
  const [at, setAt] = useState<StickyOffsets>({ lefts: [], rights: [], startWidth: 0 });
  const measure = useCallback(() => {
    const head = table.current?.querySelector("thead");
    const starts = offsets([...(head?.querySelectorAll<HTMLElement>("th.sticky-start") ?? [])]);
    const ends = [...(head?.querySelectorAll<HTMLElement>("th.sticky-end") ?? [])].reverse();
    const next = {
      lefts: starts.at,
      rights: offsets(ends).at.reverse(),
      startWidth: starts.width,
    };
    setAt((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
  }, [table]);
  useLayoutEffect(measure);
  useEffect(() => {
    if (!table.current || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(table.current);
    return () => observer.disconnect();
  }, [table, measure]);
  return at;
}
