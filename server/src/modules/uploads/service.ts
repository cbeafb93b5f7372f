import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import {
  BRAND_IMAGE_TYPES,
  IMAGE_MAX_BYTES,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  PRODUCT_IMAGE_TYPES,
} from "@store/contract";
import { fileTypeFromBuffer } from "file-type";
import { HttpError } from "../../lib/errors";

/** What each picker accepts (docs/REQUIREMENTS.md section 5). */
export const UPLOAD_KINDS = {
  product: { types: PRODUCT_IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES },
  banner: { types: PRODUCT_IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES },
  brand: { types: BRAND_IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES },
  logo: { types: LOGO_TYPES, maxBytes: LOGO_MAX_BYTES },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

export const INVALID_TYPE_MESSAGE = "Ahem, please use a valid image file type. 😏";
export const TOO_LARGE_MESSAGE = "Uh-oh! file size is too big. 😒";

/**
 * Stores an uploaded image under DATA_DIR/uploads, judging its type by its
 * content, never by its name, and answers the new file name.
 */
export async function storeUpload(
  uploadsDir: string,
  kind: UploadKind,
  content: Buffer,
): Promise<{ file_name: string; size: number }> {
  const rule = UPLOAD_KINDS[kind];
  if (content.length > rule.maxBytes)
    throw new HttpError(413, "upload_too_large", {}, TOO_LARGE_MESSAGE);
  const detected = await fileTypeFromBuffer(content);
  const ext = detected?.ext === "jpg" ? "jpg" : detected?.ext;
  if (!ext || !(rule.types as readonly string[]).includes(ext)) {
    throw new HttpError(415, "upload_type", {}, INVALID_TYPE_MESSAGE);
  }
  const fileName = `${randomUUID()}.${ext}`;
  await fs.writeFile(path.join(uploadsDir, fileName), content);
  return { file_name: fileName, size: content.length };
}
