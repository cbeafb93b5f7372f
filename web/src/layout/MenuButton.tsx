import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";

/**
 * A button that opens a small menu under it, aligned to its right edge: the top
 * bar's two menus. Bootstrap's dropdown markup placed by CSS alone
 * (data-bs-popper="static"); react-bootstrap's Dropdown would bring Popper
 * into every page's first download for two menus that never need to flip
 * (docs/benchmarks/web-and-edge.md, "Web app size and first load").
 * Click or Enter opens it; Escape, a click outside or choosing an item closes it;
 * the arrow keys move between its items.
 */
export function MenuButton({
  label,
  ariaLabel,
  className = "",
  children,
}: {
  label: ReactNode;
  ariaLabel?: string;
  className?: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!open) return;
    const closeOutside = (event: Event) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("focusin", closeOutside);
    return () => {
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("focusin", closeOutside);
    };
  }, [open]);

  function items(): HTMLElement[] {
    return [...(root.current?.querySelectorAll<HTMLElement>(".dropdown-item") ?? [])];
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape" && open) {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
      return;
    }
    if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
    event.preventDefault();
    if (!open) {
      setOpen(true);
      // The menu is drawn on the next render; focus its first item then.
      requestAnimationFrame(() => items()[0]?.focus());
      return;
    }
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next = event.key === "ArrowDown" ? at + 1 : at - 1;
    list[(next + list.length) % list.length]?.focus();
  }

  return (
    <div ref={root} className="dropdown" onKeyDown={onKeyDown}>
      <button
        ref={toggle}
        type="button"
        className={`btn btn-light dropdown-toggle ${className}`}
        aria-label={ariaLabel}
        aria-expanded={open}
        aria-haspopup="true"
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        {label}
      </button>
      {open && (
        // A click on an item has done its work (a link followed, a button pressed): close.
        <div
          id={menuId}
          className="dropdown-menu dropdown-menu-end show"
          data-bs-popper="static"
          onClick={() => setOpen(false)}
        >
          {children}
        </div>
      )}
    </div>
  );
}
