import { useSyncExternalStore } from "react";

/** The breakpoint of docs/REQUIREMENTS.md section 2 (Bootstrap's lg): below 992 px the sidebar collapses and the logo shrinks. */
export const NARROW_BELOW_PX = 992;
const query = `(max-width: ${NARROW_BELOW_PX - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** True while the window is narrower than 992 px; follows resizes. */
export function useNarrowWindow(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}
