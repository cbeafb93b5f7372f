import { GetObjectCommand, type S3Client } from "@aws-sdk/client-s3";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { readConfig, readS3, type S3Settings } from "../src/config";
import { uploads } from "../src/db/schema";
import { storeImage } from "../src/modules/uploads/service";
import { listUploadKeys, openUploadStorage, uploadBytes } from "../src/modules/uploads/storage";
import { sweepUploads } from "../src/modules/uploads/sweep";
import { createTestContext, type TestContext } from "./helpers";
import { startS3 } from "./s3.fixtures";
import { multipartImage, pngOf } from "./uploads.fixtures";

const BUCKET = "store-images";
let ctx: TestContext;
let s3: Awaited<ReturnType<typeof startS3>>;
let folder: string;
let settings: S3Settings;
let app: App;
let bucket: S3Client;

beforeAll(async () => {
  s3 = await startS3(BUCKET);
  ({ folder, settings, bucket } = s3);
  ctx = await createTestContext();
  const config = { ...readConfig({ DATA_DIR: folder, PORT: "80" }), webDist: folder, s3: settings };
  // The store's own app keeps images in the database; this one is configured for the bucket.
  app = await buildApp({ db: ctx.db, config });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await ctx?.close();
  await s3?.close();
});

async function objectIn(key: string): Promise<Buffer | null> {
  try {
    const object = await bucket.send(new GetObjectCommand({ Bucket: BUCKET, Key: key }));
    return Buffer.from(
      await (object.Body as { transformToByteArray(): Promise<Uint8Array> }).transformToByteArray(),
    );
  } catch (error) {
    if ((error as { name?: string }).name === "NoSuchKey") return null;
    throw error;
  }
}

describe("uploads in S3-compatible storage", () => {
  it("puts the bytes in the bucket, keeps the row, and serves the image from the bucket", async () => {
    expect(app.uploadStorage.kind).toBe("s3");
    const png = pngOf(41);
    const res = await app.inject({
      method: "POST",
      url: "/api/uploads?kind=brand",
      ...multipartImage(png, ctx.cookie),
    });
    expect(res.statusCode, res.body).toBe(201);
    const name: string = res.json().file_name;
    expect((await objectIn(name))?.equals(png)).toBe(true);
    const [row] = await ctx.db.select().from(uploads).where(eq(uploads.name, name));
    expect(row).toMatchObject({ content_type: "image/png", size: png.length, content: null });

    const served = await app.inject({ method: "GET", url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({
      etag: `"${name.split(".")[0]}"`,
      "cache-control": "public, max-age=31536000, immutable",
      "content-type": "image/png",
      "x-content-type-options": "nosniff",
    });
    const again = await app.inject({
      method: "GET",
      url: `/uploads/${name}`,
      headers: { "if-none-match": served.headers.etag as string },
    });
    expect(again.statusCode).toBe(304);

    // The interface a backup reads every image through.
    const storage = await openUploadStorage(ctx.db, { s3: settings });
    const keys: string[] = [];
    for await (const key of listUploadKeys(ctx.db)) keys.push(key);
    expect(keys).toContain(name);
    const object = await storage.get(name);
    expect(object && (await uploadBytes(object)).equals(png)).toBe(true);
  });

  it("answers 404, not 500, when the bucket lost an image the table names", async () => {
    const name = await storeImage(app.uploadStorage, pngOf(42));
    await app.uploadStorage.remove(name);
    await ctx.db
      .insert(uploads)
      .values({ name, content_type: "image/png", size: 1, content: null });
    expect((await app.inject({ method: "GET", url: `/uploads/${name}` })).statusCode).toBe(404);
  });

  it("the sweep removes an old unnamed image from the bucket too", async () => {
    const kept = await storeImage(app.uploadStorage, pngOf(43));
    const swept = await storeImage(app.uploadStorage, pngOf(44));
    await ctx.db.execute(
      sql`update uploads set last_referenced_at = now() - interval '25 hours' where name = ${swept}`,
    );
    expect(await sweepUploads(ctx.db, app.uploadStorage)).toEqual([swept]);
    expect(await objectIn(swept)).toBeNull();
    expect(await objectIn(kept)).not.toBeNull();
    expect((await app.inject({ method: "GET", url: `/uploads/${swept}` })).statusCode).toBe(404);
  });

  it("refuses incomplete S3 settings at start with a plain message", () => {
    expect(readS3({})).toBeUndefined();
    expect(() => readS3({ S3_BUCKET: "b" })).toThrow(/S3_REGION/);
    expect(() => readS3({ S3_REGION: "us-east-1" })).toThrow(/without S3_BUCKET/);
    expect(() => readS3({ S3_BUCKET: "b", S3_REGION: "r", S3_ACCESS_KEY_ID: "k" })).toThrow(/both/);
    expect(() => readS3({ S3_BUCKET: "b", S3_REGION: "r", S3_ENDPOINT: "ftp://x" })).toThrow(
      /http/,
    );
  });
});
