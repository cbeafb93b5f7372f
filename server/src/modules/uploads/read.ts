import type { FastifyRequest } from "fastify";
import { HttpError } from "../../lib/errors";
import { TOO_LARGE_MESSAGE } from "./service";

export const UNREADABLE_MESSAGE = "The upload could not be read.";

/** @fastify/multipart's limit errors: the sender's file or form is too big. */
const TOO_LARGE_CODES = new Set([
  "FST_REQ_FILE_TOO_LARGE",
  "FST_FILES_LIMIT",
  "FST_PARTS_LIMIT",
  "FST_FIELDS_LIMIT",
]);

/**
 * The one file of a multipart upload. A body that is not a well-formed form
 * (no boundary, a cut-off part, a malformed part header: busboy's plain
 * errors, which carry no status) is the sender's fault, a 400, not a 500.
 */
export async function readUpload(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart())
    throw new HttpError(415, "multipart_required", {}, "Send the image as multipart/form-data.");
  try {
    const file = await request.file();
    if (!file)
      throw new HttpError(400, "no_file", {}, "No file was sent.", {
        issues: [{ path: "file", message: "No file was sent.", code: "no_file", params: {} }],
      });
    return await file.toBuffer();
  } catch (error) {
    if (error instanceof HttpError) throw error;
    const code = (error as { code?: unknown }).code;
    if (typeof code === "string" && TOO_LARGE_CODES.has(code)) {
      throw new HttpError(413, "upload_too_large", {}, TOO_LARGE_MESSAGE);
    }
    throw new HttpError(400, "upload_unreadable", {}, UNREADABLE_MESSAGE);
  }
}
