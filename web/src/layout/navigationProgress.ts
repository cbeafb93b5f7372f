import type { DataRouter } from "react-router";

/**
 * What the progress bar (ProgressBar.tsx) knows of navigation beyond what is
 * drawn: React Router moves to a new location inside a React transition, so
 * while the next screen's code or data is on its way the old screen stays on
 * show with nothing changed (issue 20: "a sidebar click leaves the old page for
 * 5 s"). The router's own state already holds the new location then; the
 * screen drawn still has the old one. The two differing is a navigation under way.
 */
let watched: DataRouter | null = null;

/** Called once with the app's router (main.tsx). */
export function watchNavigation(router: DataRouter): void {
  watched = router;
}

export function subscribeNavigation(listener: () => void): () => void {
  return watched ? watched.subscribe(listener) : () => {};
}

/**
 * The key of the location the router is going to, with "loading" or
 * "submitting" while a loader or action runs; null with no router watched.
 */
export function wantedLocation(): string | null {
  if (!watched) return null;
  const { location, navigation } = watched.state;
  return navigation.state === "idle" ? location.key : `${location.key}:${navigation.state}`;
}

/** Screens waiting for their code with their placeholder drawn (a first load, a Suspense fallback). */
let waiting = 0;
const waitingListeners = new Set<() => void>();

export function subscribeWaiting(listener: () => void): () => void {
  waitingListeners.add(listener);
  return () => waitingListeners.delete(listener);
}

export const screensWaiting = () => waiting;

/** Counts a placeholder drawn while a screen's code loads; the answer uncounts it. */
export function countWaiting(): () => void {
  waiting++;
  for (const listener of waitingListeners) listener();
  return () => {
    waiting--;
    for (const listener of waitingListeners) listener();
  };
}
