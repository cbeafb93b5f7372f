import { type Permission, uploadResult } from "@store/contract";
import { z } from "zod";
import type { App } from "../../appType";
import { requirePermission } from "../../auth/permissions";
import { recordAudit } from "../../lib/audit";
import { readUpload } from "./read";
import { storeUpload, UPLOAD_KINDS, type UploadKind } from "./service";

const uploadQuery = z.object({
  kind: z.enum(Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]]).default("product"),
});

/** Who may upload each kind of image: whoever manages the screen that shows it. */
const UPLOAD_PERMISSION: Record<UploadKind, Permission> = {
  product: "catalog:manage",
  brand: "catalog:manage",
  banner: "content:manage",
  logo: "settings:manage",
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
      const stored = await storeUpload(app.uploadStorage, request.query.kind, content);
      await recordAudit(app.db, request.admin, {
        entity: "Upload",
        entityId: stored.file_name,
        action: "upload",
        after: { kind: request.query.kind, ...stored },
      });
      return reply.code(201).send(stored);
    },
  );
}
