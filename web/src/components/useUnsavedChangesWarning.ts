import { useEffect } from "react";
import { useBlocker } from "react-router";

const QUESTION = "You have unsaved changes. Leave this page and lose them?";

/**
 * Asks before leaving a form with unsaved changes for another screen (a
 * sidebar link, the browser's back) and on reload or close. Going to `listRoute`
 * (Cancel, the back link, after a save) is the form's own way out and is not asked.
 * Pass `isDirty && !isSubmitting`.
 */
export function useUnsavedChangesWarning(dirty: boolean, listRoute: string): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      nextLocation.pathname !== currentLocation.pathname &&
      nextLocation.pathname !== listRoute,
  );
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(QUESTION)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}
