/**
 * Backups of a store whose images are in an S3-compatible bucket
 * (docs/decisions/backups.md): the archive carries each image the uploads
 * table names, read from the bucket; a restore puts them in rows, or back into
 * the bucket when the target has S3_* too. Against a real S3 server (s3rver).
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { DeleteObjectCommand, GetObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBackup } from "../src/backup/backup";
import { restoreBackup, restoreIntoOpen } from "../src/backup/restore";
import type { S3Settings } from "../src/config";
import { type Database, openDatabase } from "../src/db/client";
import { databaseStorage, openUploadStorage } from "../src/modules/uploads/storage";
import { createTestContext, pgliteTemplate, type TestContext } from "./helpers";
import { startS3 } from "./s3.fixtures";
import { adminQuery } from "./storeTemplate";
import { pngOf } from "./uploads.fixtures";

const BUCKET = "backup-images";
const timeZone = "Asia/Kuala_Lumpur";
const server = process.env.TEST_DATABASE_URL;
const signingKey = `backup-s3-key-${randomBytes(16).toString("hex")}`;
let ctx: TestContext;
let s3: Awaited<ReturnType<typeof startS3>>;
let folder: string;
let settings: S3Settings;
let bucket: S3Client;
let archive: string;
const images = { [`${"a".repeat(64)}.png`]: pngOf(1), [`${"b".repeat(64)}.png`]: pngOf(2) };

beforeAll(async () => {
  s3 = await startS3(BUCKET);
  ({ folder, settings, bucket } = s3);
  ctx = await createTestContext();
  const storage = await openUploadStorage(ctx.db, { s3: settings });
  for (const [key, bytes] of Object.entries(images)) await storage.put(key, bytes, "image/png");
}, 60_000);

afterAll(async () => {
  await ctx?.close();
  await s3?.close();
});

const source = (): Database => ({
  db: ctx.db,
  kind: server ? "postgres" : "pglite",
  exclusive: (run) => run(),
  close: async () => {},
});

const rowsOf = async (db: Database["db"]) =>
  (
    await db.execute<{ name: string; content: string | null }>(
      sql`select name, encode(content, 'hex') as content from uploads order by name`,
    )
  ).rows;

describe("a backup of a store with its images in a bucket", () => {
  it("carries every image the uploads table names, read from the bucket", async () => {
    archive = path.join(folder, "with-bucket.tar.gz");
    const storage = await openUploadStorage(ctx.db, { s3: settings });
    const manifest = await createBackup(source(), { file: archive, storage, signingKey });
    for (const [key, bytes] of Object.entries(images)) {
      expect(manifest.files[`uploads/${key}`]?.bytes).toBe(bytes.length);
    }
  });

  it("is refused without the bucket's settings, naming them", async () => {
    await expect(
      createBackup(source(), {
        file: path.join(folder, "without.tar.gz"),
        storage: databaseStorage(ctx.db),
      }),
    ).rejects.toThrow(/kept in a bucket: run the backup with the server's S3_\* settings/);
    expect(fs.existsSync(path.join(folder, "without.tar.gz"))).toBe(false);
  });

  it("restores the images into their rows when the target keeps no bucket", async () => {
    if (server) return; // PostgreSQL: the next test restores a whole database.
    const target = await openDatabase({ timeZone, loadDataDir: pgliteTemplate() });
    try {
      await restoreIntoOpen(archive, target, { signingKey });
      expect(await rowsOf(target.db)).toEqual(
        Object.entries(images).map(([name, bytes]) => ({ name, content: bytes.toString("hex") })),
      );
    } finally {
      await target.close();
    }
  });

  it.skipIf(!server)("puts the images back into the bucket when the target has S3_*", async () => {
    for (const key of Object.keys(images)) {
      await bucket.send(new DeleteObjectCommand({ Bucket: BUCKET, Key: key }));
    }
    const name = `restore_s3_${randomBytes(6).toString("hex")}`;
    await adminQuery(server ?? "", `create database ${name}`);
    const url = new URL(server ?? "");
    url.pathname = `/${name}`;
    try {
      const result = await restoreBackup(archive, {
        databaseUrl: url.toString(),
        dataDir: folder,
        timeZone,
        s3: settings,
        signingKey,
      });
      expect(result.counts.uploads).toBe(2);
      for (const [key, bytes] of Object.entries(images)) {
        const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
        expect(Buffer.from(await (object.Body?.transformToByteArray() ?? []))).toEqual(bytes);
      }
      const target = await openDatabase({ databaseUrl: url.toString(), timeZone });
      try {
        expect((await rowsOf(target.db)).map((row) => row.content)).toEqual([null, null]);
      } finally {
        await target.close();
      }
    } finally {
      await adminQuery(server ?? "", `drop database if exists ${name} with (force)`);
    }
  });
});
