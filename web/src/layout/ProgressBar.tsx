import { useIsFetching } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { useTranslation } from "../i18n";
import {
  countWaiting,
  screensWaiting,
  subscribeNavigation,
  subscribeWaiting,
  wantedLocation,
} from "./navigationProgress";

/** A navigation shows the bar after this long (a screen already loaded draws at once, unmarked). */
const NAVIGATION_DELAY_MS = 150;
/** A load shows the bar only when it lasts (issue 20 item 5: more than ~300 ms). */
const FETCH_DELAY_MS = 300;

/** `on`, once it has stayed on for `ms`; off at once. */
function useLasting(on: boolean, ms: number): boolean {
  const [lasted, setLasted] = useState(false);
  useEffect(() => {
    if (!on) {
      setLasted(false);
      return;
    }
    const timer = setTimeout(() => setLasted(true), ms);
    return () => clearTimeout(timer);
  }, [on, ms]);
  return on && lasted;
}

/**
 * The thin bar at the top of the window while a screen is on its way (a
 * sidebar click whose code or data is loading) or a load lasts (any query
 * fetching for more than ~300 ms). An indeterminate progressbar: it has a
 * name but no live region, so a screen reader is not interrupted by it
 * (docs/decisions/feedback-for-every-click.md).
 */
export function ProgressBar() {
  // Drawn again in a newly chosen language (its accessible name).
  const { t } = useTranslation();
  // Read outside the transition (a store, not the router's context): the new location at once.
  const wanted = useSyncExternalStore(subscribeNavigation, wantedLocation, () => null);
  // Read through the router's context: the location of the screen drawn.
  const shown = useLocation().key;
  const waiting = useSyncExternalStore(subscribeWaiting, screensWaiting, () => 0);
  const navigating = (wanted !== null && wanted !== shown) || waiting > 0;
  const fetching = useIsFetching() > 0;
  const navigationLasts = useLasting(navigating, NAVIGATION_DELAY_MS);
  const fetchLasts = useLasting(fetching, FETCH_DELAY_MS);
  if (!navigationLasts && !fetchLasts) return null;
  return (
    <div
      className="app-progress"
      role="progressbar"
      aria-label={t("common.loading")}
      data-testid="progress-bar"
    >
      <div className="app-progress-bar" />
    </div>
  );
}

/** A screen's placeholder while its code loads; counted, so the bar shows meanwhile. */
export function ScreenPlaceholder() {
  useLayoutEffect(countWaiting, []);
  return (
    <div className="placeholder-glow p-3">
      <span className="placeholder col-6" />
    </div>
  );
}
