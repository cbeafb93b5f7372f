import { z } from "zod";
import type { App } from "../../appType";
import { UPLOAD_NAME } from "./service";
import { findUpload } from "./storage";

/** A name is its content's hash: the bytes behind it never change. */
const IMMUTABLE = "public, max-age=31536000, immutable";
const NOT_FOUND = { message: "Not found.", code: "not_found", params: {} };

/**
 * GET /uploads/<name>: any server on the database answers any image, from the
 * row or the bucket (docs/decisions/uploads-in-database.md). The security
 * headers of every answer (app.ts) stay; nosniff is said here too, since an
 * image must never be read as anything else.
 */
export function registerUploadServing(files: App): void {
  files.get(
    "/uploads/:name",
    { schema: { hide: true, params: z.object({ name: z.string() }) } },
    async (request, reply) => {
      reply.header("x-content-type-options", "nosniff");
      const hash = UPLOAD_NAME.exec(request.params.name)?.[1];
      if (!hash) return reply.code(404).send(NOT_FOUND);
      const etag = `"${hash}"`;
      const storage = files.uploadStorage;
      // A kyc upload (an identity card) is never served here (docs/decisions/kyc.md).
      const found = await findUpload(files.db, request.params.name);
      if (!found || found.private) return reply.code(404).send(NOT_FOUND);
      if (matches(request.headers["if-none-match"], etag)) {
        return reply.code(304).header("etag", etag).header("cache-control", IMMUTABLE).send();
      }
      const image = await storage.get(request.params.name);
      if (!image) return reply.code(404).send(NOT_FOUND);
      return reply
        .header("etag", etag)
        .header("cache-control", IMMUTABLE)
        .header("content-length", image.size)
        .type(image.contentType)
        .send(image.body);
    },
  );
}

/** If-None-Match's weak comparison (RFC 9110 13.1.2): any listed tag, W/ or not, or *. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}
