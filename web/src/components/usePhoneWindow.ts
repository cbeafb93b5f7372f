import { useSyncExternalStore } from "react";

/** Bootstrap's md: below it a list shows cards rather than a table. */
export const PHONE_BELOW_PX = 768;
const query = `(max-width: ${PHONE_BELOW_PX - 0.02}px)`;

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => {};
  const list = window.matchMedia(query);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** True while the window is narrower than 768 px; follows resizes and turns. */
export function usePhoneWindow(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === "function" && window.matchMedia(query).matches,
  );
}
