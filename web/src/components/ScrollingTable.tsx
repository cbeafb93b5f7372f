import type { ReactNode } from "react";

/**
 * A table that may be wider than a phone's screen: the region that scrolls
 * sideways is a tab stop (a group) named like its table, so a keyboard reaches it and
 * scrolls it with the arrow keys (WCAG 2.1.1, axe `scrollable-region-focusable`).
 * Use it instead of react-bootstrap's `<Table responsive>`, whose wrapper is not.
 */
export function ScrollingTable({
  label,
  children,
  className = "",
}: {
  /** What the table holds: the region's accessible name. */
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    // A group, not a region: no second landmark inside the card or section around it.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would give a table a form's semantics.
    <div
      className={`table-responsive ${className}`.trim()}
      role="group"
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must take focus to be scrolled by keyboard.
      tabIndex={0}
    >
      {children}
    </div>
  );
}
