import type { Notification } from "@store/contract";
import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

/** Refreshed by every write too (AFTER_ANY_WRITE in useRefresh, client.ts). */
export const notificationKeys = { all: ["notifications"] as const };

/** The counts are asked again every minute while the app is open. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

/** GET notifications → [{kind, title, count, link}]: what waits for the administrator. */
export function useNotifications() {
  return useQuery<Notification[]>({
    queryKey: notificationKeys.all,
    queryFn: () => api.get<Notification[]>("notifications"),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    // A background tab catches up when it is looked at again.
    refetchOnWindowFocus: true,
    staleTime: 0,
  });
}
