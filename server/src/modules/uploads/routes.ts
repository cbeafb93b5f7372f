import path from "node:path";
import { uploadResult } from "@store/contract";
import { z } from "zod";
import type { App } from "../../appType";
import { recordAudit } from "../../lib/audit";
import { readUpload } from "./read";
import { storeUpload, UPLOAD_KINDS, type UploadKind } from "./service";

const uploadQuery = z.object({
  kind: z.enum(Object.keys(UPLOAD_KINDS) as [UploadKind, ...UploadKind[]]).default("product"),
});

export function registerUploadRoutes(app: App): void {
  const uploadsDir = path.join(app.config.dataDir, "uploads");
  app.post(
    "/uploads",
    {
      schema: { tags: ["uploads"], querystring: uploadQuery, response: { 201: uploadResult } },
      config: { multipartFile: "file" },
    },
    async (request, reply) => {
      const content = await readUpload(request);
      const stored = await storeUpload(uploadsDir, request.query.kind, content);
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
