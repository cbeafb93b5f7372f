import { createHash } from "node:crypto";
import {
  BRAND_IMAGE_TYPES,
  IMAGE_MAX_BYTES,
  KYC_DOCUMENT_MAX_BYTES,
  KYC_DOCUMENT_TYPES,
  LOGO_MAX_BYTES,
  LOGO_TYPES,
  PRODUCT_IMAGE_TYPES,
} from "@store/contract";
import type { Tx } from "../../db/client";
import { HttpError } from "../../lib/errors";
import type { UploadStorage } from "./storage";

/** What each picker accepts (docs/REQUIREMENTS.md section 5). */
export const UPLOAD_KINDS = {
  product: { types: PRODUCT_IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES },
  banner: { types: PRODUCT_IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES },
  brand: { types: BRAND_IMAGE_TYPES, maxBytes: IMAGE_MAX_BYTES },
  logo: { types: LOGO_TYPES, maxBytes: LOGO_MAX_BYTES },
  // An identity card's picture (docs/decisions/kyc.md): stored private, never served by GET /uploads.
  kyc: { types: KYC_DOCUMENT_TYPES, maxBytes: KYC_DOCUMENT_MAX_BYTES },
} as const;
export type UploadKind = keyof typeof UPLOAD_KINDS;

export const INVALID_TYPE_MESSAGE = "Ahem, please use a valid image file type. 😏";
export const TOO_LARGE_MESSAGE = "Uh-oh! file size is too big. 😒";

/**
 * Stores an uploaded image through the configured storage, judging its type by
 * its content, never by its name, and answers its name: the sha-256 of the
 * bytes and their extension, so the same bytes twice are one image
 * (docs/decisions/uploads-in-database.md).
 */
export async function storeUpload(
  storage: UploadStorage,
  kind: UploadKind,
  content: Buffer,
): Promise<{ file_name: string; size: number }> {
  const rule = UPLOAD_KINDS[kind];
  if (content.length > rule.maxBytes)
    throw new HttpError(413, "upload_too_large", {}, TOO_LARGE_MESSAGE);
  const image = await imageOf(content);
  if (!image || !(rule.types as readonly string[]).includes(image.ext)) {
    throw new HttpError(415, "upload_type", {}, INVALID_TYPE_MESSAGE);
  }
  await storage.put(image.key, content, image.contentType);
  return { file_name: image.key, size: content.length };
}

/** An image's name and type from its bytes, or null when they are no image format at all. */
export async function imageOf(
  content: Buffer,
): Promise<{ key: string; ext: string; contentType: string } | null> {
  // Loaded on the first upload: it is 0.1 s of every start and test file otherwise.
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(content);
  if (!detected?.mime.startsWith("image/")) return null;
  const { ext, mime } = detected;
  return { key: uploadKey(content, ext), ext, contentType: mime };
}

/** `<sha-256 hex>.<ext>`: the name of these bytes. */
export function uploadKey(content: Buffer, ext: string): string {
  return `${createHash("sha256").update(content).digest("hex")}.${ext}`;
}

/** Stores an image the server made itself (the demo seed) without the upload rules. */
export async function storeImage(
  storage: UploadStorage,
  content: Buffer,
  tx?: Tx,
): Promise<string> {
  const image = await imageOf(content);
  if (!image) throw new Error("Not an image: the demo seed draws PNGs.");
  await storage.put(image.key, content, image.contentType, tx);
  return image.key;
}

/** The sha-256 part of a stored image's name: its strong ETag. */
export const UPLOAD_NAME = /^([0-9a-f]{64})\.[a-z0-9]{1,8}$/;
