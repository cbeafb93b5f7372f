import { notification } from "@store/contract";
import type { App } from "../../appType";
import { notificationsOf } from "./service";

/** GET notifications: the top bar's counts with links, of the kinds the caller may view (modules/notifications/service.ts). */
export function registerNotificationRoutes(app: App): void {
  app.get(
    "/notifications",
    {
      config: { permission: "signed_in" },
      schema: { tags: ["notifications"], response: { 200: notification.array() } },
    },
    async (request, reply) => {
      // Counts of the moment: never from a cache.
      reply.header("Cache-Control", "no-store");
      return notificationsOf(app.db, request.admin);
    },
  );
}
