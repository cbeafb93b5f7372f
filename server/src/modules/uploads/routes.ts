import { type Permission, uploadResult } from "@store/contract";
import { z } from "zod";
import type { App } from "../../appType";
import { requirePermission } from "../../auth/permissions";
import { recordAudit } from "../../lib/audit";
import { readUpload } from "./read";
import { storeUpload, UPLOAD_KINDS, type UploadKind } from "./service";
import { markPrivate } from "./storage";

const uploadQuery = z.object({
  kind: z.enum(Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]]).default("product"),
});

/** Who may upload each kind of image: whoever manages the screen that shows it. */
const UPLOAD_PERMISSION: Record<UploadKind, Permission> = {
  product: "catalog:manage",
  brand: "catalog:manage",
  banner: "content:manage",
  logo: "settings:manage",
  kyc: "kyc:manage",
};

export function registerUploadRoutes(app: App): void {
  app.post(
    "/uploads",
    {
      // Any screen's image; the kind's own permission is checked below.
      config: { multipartFile: "file", permission: Object.values(UPLOAD_PERMISSION) },
      schema: { tags: ["uploads"], querystring: uploadQuery, response: { 201: uploadResult } },
    },
    async (request, reply) => {
      requirePermission(request.admin.permissions, UPLOAD_PERMISSION[request.query.kind]);
      const content = await readUpload(request);
      const kind = request.query.kind;
      const stored = await storeUpload(app.uploadStorage, kind, content);
      await app.db.transaction(async (tx) => {
        // Personal data: GET /uploads/<name> answers 404 for it (docs/decisions/kyc.md).
        if (kind === "kyc") await markPrivate(tx, stored.file_name);
        await recordAudit(tx, request.admin, {
          entity: "Upload",
          entityId: stored.file_name,
          action: "upload",
          after: { kind, ...stored },
        });
      });
      return reply.code(201).send(stored);
    },
  );
}
