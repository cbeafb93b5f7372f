import { useQuery } from "@tanstack/react-query";
import { api } from "./client";

/** One line of the top bar's dropdown: GET /api/notifications → [{kind, title, count, link}]. */
export interface Notification {
  kind: string;
  title: string;
  count: number;
  link: string;
}

/** Refreshed by any write too (useRefresh in client.ts). */
export const notificationKeys = { all: ["notifications"] as const };

/** Counts asked every minute while the app is open, and after every write. */
export const NOTIFICATIONS_REFRESH_MS = 60_000;

export function useNotifications() {
  return useQuery<Notification[]>({
    queryKey: notificationKeys.all,
    queryFn: () => api.get<Notification[]>("notifications"),
    refetchInterval: NOTIFICATIONS_REFRESH_MS,
    staleTime: 0,
  });
}
