/**
 * Images in the database (docs/decisions/uploads-in-database.md): named by
 * their content, served by any server on the database with a strong ETag.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { readConfig } from "../src/config";
import { type Database, openDatabase } from "../src/db/client";
import { createTestContext, type TestContext } from "./helpers";
import { multipartImage, pngOf } from "./uploads.fixtures";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

async function upload(app: App, content: Buffer, kind = "product"): Promise<string> {
  const res = await app.inject({
    method: "POST",
    url: `/api/uploads?kind=${kind}`,
    ...multipartImage(content, ctx.cookie),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file_name;
}

async function rowsNamed(name: string): Promise<number> {
  const result = await ctx.db.execute<{ n: number }>(
    sql`select count(*)::int as n from uploads where name = ${name}`,
  );
  return Number(result.rows[0]?.n);
}

describe("uploads in the database", () => {
  it("stores the same bytes once and answers the same name, the sha-256 of the content", async () => {
    const png = pngOf(1);
    const first = await upload(ctx.app, png);
    const second = await upload(ctx.app, png, "banner");
    const sha = createHash("sha256").update(png).digest("hex");
    expect(first).toBe(`${sha}.png`);
    expect(second).toBe(first);
    expect(await rowsNamed(first)).toBe(1);
    // Nothing on the local disk: a server with another folder serves it too.
    expect(fs.existsSync(path.join(ctx.dataDir, "uploads", first))).toBe(false);
  });

  it("serves an image with a strong ETag, immutable caching, its type and nosniff; 304 and 404", async () => {
    const png = pngOf(2);
    const name = await upload(ctx.app, png);
    const sha = name.split(".")[0];
    const served = await ctx.app.inject({ method: "GET", url: `/uploads/${name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(served.headers).toMatchObject({
      etag: `"${sha}"`,
      "cache-control": "public, max-age=31536000, immutable",
      "content-type": "image/png",
      "content-length": String(png.length),
      "x-content-type-options": "nosniff",
    });
    // The security headers every answer carries (app.ts) stay on images.
    expect(served.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(served.headers["x-frame-options"]).toBe("SAMEORIGIN");

    const again = await ctx.app.inject({
      method: "GET",
      url: `/uploads/${name}`,
      headers: { "if-none-match": `W/"other", "${sha}"` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(`"${sha}"`);

    const stale = await ctx.app.inject({
      method: "GET",
      url: `/uploads/${name}`,
      headers: { "if-none-match": '"0000"' },
    });
    expect(stale.statusCode).toBe(200);

    for (const unknown of [`${"0".repeat(64)}.png`, "missing.png", `${sha}.png.bak`]) {
      const res = await ctx.app.inject({ method: "GET", url: `/uploads/${unknown}` });
      expect(res.statusCode, unknown).toBe(404);
      expect(res.json()).toMatchObject({ code: "not_found" });
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
    }
    // A name known to nobody answers 404 to a conditional request too.
    const unknownConditional = await ctx.app.inject({
      method: "GET",
      url: `/uploads/${"1".repeat(64)}.png`,
      headers: { "if-none-match": "*" },
    });
    expect(unknownConditional.statusCode).toBe(404);
  });

  it("an image uploaded through one server is served by a second server on the same database", async () => {
    // A second server: its own data folder and, on PostgreSQL, its own connection pool.
    const otherDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-second-"));
    let second: Database | undefined;
    const server = process.env.TEST_DATABASE_URL;
    if (server) {
      const { rows } = await ctx.db.execute<{ name: string }>(
        sql`select current_database() as name`,
      );
      const url = new URL(server);
      url.pathname = `/${rows[0]?.name}`;
      second = await openDatabase({ databaseUrl: url.toString(), timeZone: "Asia/Kuala_Lumpur" });
    }
    const config = { ...readConfig({ DATA_DIR: otherDir, PORT: "80" }), webDist: otherDir };
    const app = await buildApp({ db: second?.db ?? ctx.db, config });
    try {
      const png = pngOf(3);
      const name = await upload(ctx.app, png);
      const served = await app.inject({ method: "GET", url: `/uploads/${name}` });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png)).toBe(true);
    } finally {
      await app.close();
      await second?.close();
      fs.rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
