import { auditEntry, listQuery } from "@store/contract";
import type { App } from "../../appType";
import { sendPage } from "../../lib/lists";
import { listAuditLog } from "./service";

/** GET auditLog: the recorded changes, paged, sorted, filtered (docs/decisions/audit-trail.md). */
export function registerAuditRoutes(app: App): void {
  app.get(
    "/auditLog",
    {
      config: { permission: "audit:view" },
      schema: { tags: ["audit"], querystring: listQuery, response: { 200: auditEntry.array() } },
    },
    async (request, reply) => sendPage(reply, await listAuditLog(app.db, request.query)),
  );
}
