/**
 * Where uploaded images' bytes live (docs/decisions/uploads-in-database.md):
 * the `uploads` table always holds one row per image (its name, type and
 * size); the bytes are in that row (the default) or in an S3-compatible
 * bucket when S3_BUCKET is set. Either way every server on the database
 * serves every image. Backups (ops) read every image through this interface.
 */
import { Readable } from "node:stream";
import { asc, eq, gt, sql } from "drizzle-orm";
import type { S3Settings } from "../../config";
import type { Db, Tx } from "../../db/client";
import { uploads } from "../../db/schema";

/** An image as storage answers it. The body is a stream when it comes from a bucket. */
export interface UploadObject {
  contentType: string;
  size: number;
  body: Buffer | Readable;
}

export interface UploadStorage {
  readonly kind: "database" | "s3";
  /**
   * Stores the bytes under key (idempotent: the same key is the same bytes)
   * and restarts the image's 24 hours before a sweep may remove it. `tx`: the
   * row is written in that transaction (a batch of the move-in, a seed).
   */
  put(key: string, content: Buffer, contentType: string, tx?: Tx): Promise<void>;
  /** The image, or null when no row names it. */
  get(key: string): Promise<UploadObject | null>;
  /** Removes the bytes and the row; nothing when the key is unknown. */
  remove(key: string): Promise<void>;
}

/** The image's row without its bytes: enough for a 304 or a 404. */
export async function findUpload(
  db: Tx,
  key: string,
): Promise<{ contentType: string; size: number; private: boolean } | null> {
  const [row] = await db
    .select({ contentType: uploads.content_type, size: uploads.size, private: uploads.private })
    .from(uploads)
    .where(eq(uploads.name, key));
  return row ?? null;
}

/**
 * Marks an upload personal data (a kyc upload, docs/decisions/kyc.md): GET
 * /uploads never serves it; only its record's own audited route does.
 */
export async function markPrivate(db: Tx, key: string): Promise<void> {
  await db.update(uploads).set({ private: true }).where(eq(uploads.name, key));
}

/** Every stored image's key, a page at a time in key order (backups walk them all). */
export async function* listUploadKeys(db: Tx, pageSize = 500): AsyncGenerator<string> {
  let after = "";
  for (;;) {
    const page = await db
      .select({ name: uploads.name })
      .from(uploads)
      .where(gt(uploads.name, after))
      .orderBy(asc(uploads.name))
      .limit(pageSize);
    for (const row of page) yield row.name;
    const last = page.at(-1);
    if (!last || page.length < pageSize) return;
    after = last.name;
  }
}

/** The whole body of an image as bytes (a backup archive's entry). */
export async function uploadBytes(object: UploadObject): Promise<Buffer> {
  if (Buffer.isBuffer(object.body)) return object.body;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** The row of a put: a new image, or the same bytes again (its 24 hours start over). */
async function putRow(
  db: Tx,
  key: string,
  content: Buffer | null,
  contentType: string,
  size: number,
): Promise<void> {
  await db
    .insert(uploads)
    .values({ name: key, content_type: contentType, size, content })
    .onConflictDoUpdate({
      target: uploads.name,
      set: {
        last_referenced_at: sql`now()`,
        // A row whose bytes were in a bucket gets them when the store now keeps them here.
        content: sql`coalesce(excluded.content, ${uploads.content})`,
      },
    });
}

/** The default: the bytes in the row itself. */
export function databaseStorage(db: Db): UploadStorage {
  return {
    kind: "database",
    async put(key, content, contentType, tx) {
      await putRow(tx ?? db, key, content, contentType, content.length);
    },
    async get(key) {
      const [row] = await db
        .select({ contentType: uploads.content_type, size: uploads.size, body: uploads.content })
        .from(uploads)
        .where(eq(uploads.name, key));
      if (!row?.body) return null;
      return { contentType: row.contentType, size: row.size, body: row.body };
    },
    async remove(key) {
      await db.delete(uploads).where(eq(uploads.name, key));
    },
  };
}

/** S3-compatible storage: the row says the image exists, the bucket holds its bytes. */
export async function s3Storage(db: Db, settings: S3Settings): Promise<UploadStorage> {
  // Loaded only when a bucket is configured: the SDK is large.
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand } = await import(
    "@aws-sdk/client-s3"
  );
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.credentials && { credentials: settings.credentials }),
  });
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    async put(key, content, contentType, tx) {
      // The bytes first: a row never names an object the bucket lacks.
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: content, ContentType: contentType }),
      );
      await putRow(tx ?? db, key, null, contentType, content.length);
    },
    async get(key) {
      const found = await findUpload(db, key);
      if (!found) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) return null;
        return { ...found, body: object.Body };
      } catch (error) {
        if ((error as { name?: unknown }).name === "NoSuchKey") return null;
        throw error;
      }
    },
    async remove(key) {
      await db.delete(uploads).where(eq(uploads.name, key));
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}

/** The storage the configuration names: S3 when S3_BUCKET is set, else the database. */
export async function openUploadStorage(
  db: Db,
  config: { s3: S3Settings | undefined },
): Promise<UploadStorage> {
  return config.s3 ? s3Storage(db, config.s3) : databaseStorage(db);
}
