import { useSyncExternalStore } from "react";
import { useTranslation } from "../i18n";
import { translate } from "../i18n/messages";

function subscribe(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

/** Whether the browser says it has a network (the online and offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * A banner while the browser is offline, on every screen: saves cannot reach
 * the server meanwhile, and a save tried is kept on its form with a Retry
 * (useRecordForm). A status, said once when it appears.
 */
export function OfflineBanner() {
  useTranslation();
  const online = useOnline();
  // The region is always there, so the words put in it are heard when they come.
  return (
    <div className={online ? undefined : "app-offline"} role="status">
      {!online && (
        <span data-testid="offline-banner">
          <strong>{translate("You are offline.")}</strong>{" "}
          {translate("Nothing you type is lost: save again once the connection is back.")}
        </span>
      )}
    </div>
  );
}
