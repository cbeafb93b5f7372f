import { useEffect, useRef } from "react";
import { type BlockerFunction, useBlocker } from "react-router";
import { translate } from "../i18n/messages";

const QUESTION = "You have unsaved changes. Leave this page and lose them?";

/**
 * Every form on show, with whether it holds unsaved changes. A router heeds
 * only one blocker at a time (the last one mounted), so each blocker asks all
 * of them: the settings screen's several forms are guarded alike.
 */
const guards = new Map<symbol, { dirty: boolean; listRoute: string }>();

const shouldBlock: BlockerFunction = ({ currentLocation, nextLocation }) => {
  if (nextLocation.pathname === currentLocation.pathname) return false;
  for (const guard of guards.values()) {
    if (guard.dirty && nextLocation.pathname !== guard.listRoute) return true;
  }
  return false;
};

/**
 * Asks before leaving a form with unsaved changes for another screen (a
 * sidebar link, the browser's back) and on reload or close. Going to `listRoute`
 * (Cancel, the back link, after a save) is the form's own way out and is not asked.
 * Pass `isDirty && !isSubmitting`.
 */
export function useUnsavedChangesWarning(dirty: boolean, listRoute: string): void {
  const key = useRef(Symbol("form"));
  useEffect(() => {
    const id = key.current;
    guards.set(id, { dirty, listRoute });
    return () => {
      guards.delete(id);
    };
  }, [dirty, listRoute]);
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state !== "blocked") return;
    if (window.confirm(translate(QUESTION))) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);
}
