import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { setStepUpHandler } from "../api/client";

// Drawn only once a call asks for it: the dialog (and its form code) stays out of every first download.
const StepUpDialog = lazy(() => import("../components/StepUpDialog"));

/**
 * Where the one step-up dialog lives (docs/decisions/two-step-login.md): the
 * API client asks it for a fresh proof on a 403 step_up_required, and sends
 * the refused call again once the person has confirmed it is them.
 */
export function StepUpHost() {
  const [asked, setAsked] = useState(false);
  const [open, setOpen] = useState(false);
  const answer = useRef<((confirmed: boolean) => void) | null>(null);

  useEffect(() => {
    setStepUpHandler(
      () =>
        new Promise<boolean>((resolve) => {
          answer.current = resolve;
          setAsked(true);
          setOpen(true);
        }),
    );
    return () => setStepUpHandler(null);
  }, []);

  const done = useCallback((confirmed: boolean) => {
    setOpen(false);
    answer.current?.(confirmed);
    answer.current = null;
  }, []);

  if (!asked) return null;
  return (
    <Suspense fallback={null}>
      <StepUpDialog show={open} onDone={done} />
    </Suspense>
  );
}
