import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { setStepUpHandler } from "../api/client";

// Drawn only once a call asks for it: the dialog (and its form code) stays out of every first download.
const StepUpDialog = lazy(() => import("../components/StepUpDialog"));

/**
 * Gives the focus back to the control that led to the dialog. A form's button
 * is disabled while its save is under way (and so lost the focus before the
 * dialog opened): it gets the focus back once it is enabled again.
 */
function returnFocus(to: HTMLElement | null) {
  if (!to?.isConnected) return;
  const focusable = () => !(to as HTMLButtonElement).disabled;
  if (focusable()) {
    to.focus();
    return;
  }
  const watch = new MutationObserver(() => {
    if (!focusable()) return;
    watch.disconnect();
    to.focus();
  });
  watch.observe(to, { attributes: true, attributeFilter: ["disabled"] });
  setTimeout(() => watch.disconnect(), 10_000);
}

/**
 * Where the one step-up dialog lives (docs/decisions/two-step-login.md): the
 * API client asks it for a fresh proof on a 403 step_up_required, and sends
 * the refused call again once the person has confirmed it is them.
 */
export function StepUpHost() {
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);
  // The last control focused outside a dialog, and the one to return to.
  const lastFocus = useRef<HTMLElement | null>(null);
  const returnTo = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const noteFocus = (event: FocusEvent) => {
      const target = event.target;
      if (target instanceof HTMLElement && !target.closest("[role=dialog]"))
        lastFocus.current = target;
    };
    document.addEventListener("focusin", noteFocus);
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          answer.current = resolve;
          returnTo.current = lastFocus.current;
          setAsked(true);
          setOpen(true);
        }),
    );
    return () => {
      document.removeEventListener("focusin", noteFocus);
      setStepUpHandler(null);
    };
  }, []);

  const done = useCallback((confirmed: boolean) => {
    setOpen(false);
    answer.current?.(confirmed);
    answer.current = null;
  }, []);

  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog show={open} onDone={done} onExited={() => returnFocus(returnTo.current)} />
    </Suspense>
  );
}
