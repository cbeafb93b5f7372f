/**
 * Images in the database (docs/decisions/uploads-in-database.md): named by
 * their content, served by any server on the database with a strong ETag.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, getTableName, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { readConfig } from "../src/config";
import { type Database, openDatabase } from "../src/db/client";
import { banners, brands, categories, products, settings, uploads } from "../src/db/schema";
import { moveInUploadFiles } from "../src/modules/uploads/moveIn";
import { IMAGE_COLUMNS } from "../src/modules/uploads/references";
import { sweepUploads } from "../src/modules/uploads/sweep";
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

/** The image `name` as a browser asks for it: its status. */
async function status(name: string): Promise<number> {
  return (await ctx.app.inject({ method: "GET", url: `/uploads/${name}` })).statusCode;
}

async function newProduct(images: string): Promise<number> {
  const [category] = await ctx.db
    .insert(categories)
    .values({ category_name: `Images ${images.length}` })
    .returning();
  const [product] = await ctx.db
    .insert(products)
    .values({
      product_name: "Pictured",
      product_images: images,
      normal_price: "10.00",
      category_id: category?.category_id ?? 0,
    })
    .returning();
  return product?.product_id ?? 0;
}

describe("files from before the database move in on start", () => {
  it("stores each file under its content's name, renames it in every record, once", async () => {
    const folder = path.join(ctx.dataDir, "uploads");
    fs.mkdirSync(folder, { recursive: true });
    const brandPng = pngOf(11);
    const first = pngOf(12);
    const second = pngOf(13);
    fs.writeFileSync(path.join(folder, "3f1c-brand.png"), brandPng);
    fs.writeFileSync(path.join(folder, "product-1.png"), first);
    fs.writeFileSync(path.join(folder, "product-2.png"), second);
    // The same bytes as an image already stored: one row still.
    const already = await upload(ctx.app, pngOf(14));
    fs.writeFileSync(path.join(folder, "copy.png"), pngOf(14));
    fs.writeFileSync(path.join(folder, "notes.txt"), "not an image");

    const [brand] = await ctx.db
      .insert(brands)
      .values({ brand_name: "Moved", brand_image: "3f1c-brand.png" })
      .returning();
    const productId = await newProduct("product-1.png,kept-elsewhere.png,product-2.png");
    const [banner] = await ctx.db
      .insert(banners)
      .values({ title: "Moved", banner_image: "copy.png" })
      .returning();
    await ctx.db.update(settings).set({ store_logo: "3f1c-brand.png" });

    const result = await moveInUploadFiles(ctx.db, ctx.app.uploadStorage, ctx.dataDir);
    expect(result).toEqual({ moved: 4, skipped: ["notes.txt"] });

    const name = (content: Buffer) => `${createHash("sha256").update(content).digest("hex")}.png`;
    const [brandAfter] = await ctx.db
      .select()
      .from(brands)
      .where(eq(brands.brand_id, brand?.brand_id ?? 0));
    expect(brandAfter?.brand_image).toBe(name(brandPng));
    expect(brandAfter?.version).toBe((brand?.version ?? 0) + 1);
    const [productAfter] = await ctx.db
      .select()
      .from(products)
      .where(eq(products.product_id, productId));
    expect(productAfter?.product_images).toBe(`${name(first)},kept-elsewhere.png,${name(second)}`);
    const [bannerAfter] = await ctx.db
      .select()
      .from(banners)
      .where(eq(banners.banner_id, banner?.banner_id ?? 0));
    expect(bannerAfter?.banner_image).toBe(already);
    const [settingsAfter] = await ctx.db.select().from(settings);
    expect(settingsAfter?.store_logo).toBe(name(brandPng));
    expect(await rowsNamed(already)).toBe(1);

    const served = await ctx.app.inject({ method: "GET", url: `/uploads/${name(first)}` });
    expect(served.rawPayload.equals(first)).toBe(true);
    // The files are set aside, not lost; the folder is gone.
    expect(fs.existsSync(folder)).toBe(false);
    expect(fs.readdirSync(path.join(ctx.dataDir, "uploads.moved")).sort()).toEqual([
      "3f1c-brand.png",
      "copy.png",
      "notes.txt",
      "product-1.png",
      "product-2.png",
    ]);

    // A second start does nothing.
    const count = async () =>
      Number(
        (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from uploads`)).rows[0]
          ?.n,
      );
    const before = await count();
    expect(await moveInUploadFiles(ctx.db, ctx.app.uploadStorage, ctx.dataDir)).toEqual({
      moved: 0,
      skipped: [],
    });
    expect(await count()).toBe(before);
  });
});

describe("the sweep", () => {
  it("removes an image no record has named for 24 hours, and keeps named and recent ones", async () => {
    const names: string[] = [];
    for (const shade of [21, 22, 23, 24, 25, 26]) names.push(await upload(ctx.app, pngOf(shade)));
    const [named = "", listed = "", logo = "", orphan = "", recent = "", unnamedNow = ""] = names;
    await ctx.db.insert(brands).values({ brand_name: "Swept", brand_image: named });
    await newProduct(`first.png,${listed}`);
    await ctx.db.update(settings).set({ store_logo: logo });
    const [banner] = await ctx.db
      .insert(banners)
      .values({ title: "Swept", banner_image: unnamedNow })
      .returning();
    // Everything but `recent` was stored (or last named) 25 hours ago.
    const aged = [named, listed, logo, orphan, unnamedNow];
    await ctx.db.execute(
      sql`update uploads set last_referenced_at = now() - interval '25 hours'
        where name in (${sql.join(
          aged.map((name) => sql`${name}`),
          sql`, `,
        )})`,
    );
    // The banner stops naming its image now: the image's 24 hours start again.
    await ctx.db
      .update(banners)
      .set({ banner_image: "" })
      .where(eq(banners.banner_id, banner?.banner_id ?? 0));

    expect(await sweepUploads(ctx.db, ctx.app.uploadStorage)).toEqual([orphan]);
    expect(await status(orphan)).toBe(404);
    for (const kept of [named, listed, logo, recent, unnamedNow])
      expect(await status(kept), kept).toBe(200);

    // Uploading the same bytes again (a form's picker) restarts an unnamed image's 24 hours.
    const again = await upload(ctx.app, pngOf(27));
    await ctx.db.execute(
      sql`update uploads set last_referenced_at = now() - interval '25 hours' where name = ${again}`,
    );
    expect(await upload(ctx.app, pngOf(27))).toBe(again);

    // A day later the banner's old image goes too; a named one never does.
    await ctx.db.execute(
      sql`update uploads set last_referenced_at = now() - interval '25 hours' where name = ${unnamedNow} or name = ${named}`,
    );
    expect(await sweepUploads(ctx.db, ctx.app.uploadStorage)).toEqual([unnamedNow]);
    const [row] = await ctx.db
      .select({ name: uploads.name })
      .from(uploads)
      .where(eq(uploads.name, named));
    expect(row?.name).toBe(named);
  });
});

describe("the columns that name images", () => {
  it("are all known to the sweep and the move-in, each with the trigger that restarts an image's 24 hours", async () => {
    // A new image column must join IMAGE_COLUMNS (and migration 0020's triggers), or the sweep removes its images.
    const { rows } = await ctx.db.execute<{ name: string }>(
      sql`select table_name || '.' || column_name as name from information_schema.columns
        where table_schema = 'public' and data_type = 'text'
          and column_name ~ '(image|logo|picture|photo|avatar|icon)' order by 1`,
    );
    const declared = IMAGE_COLUMNS.map(
      ({ table, column }) => `${getTableName(table)}.${column.name}`,
    );
    expect(rows.map((row) => row.name)).toEqual([...declared].sort());
    const triggers = await ctx.db.execute<{ name: string }>(
      sql`select c.relname || '.' || t.tgname as name from pg_trigger t
        join pg_class c on c.oid = t.tgrelid where t.tgname like '%_uploads_unnamed' order by 1`,
    );
    expect(triggers.rows.map((row) => row.name)).toEqual(
      IMAGE_COLUMNS.map(
        ({ table }) => `${getTableName(table)}.${getTableName(table)}_uploads_unnamed`,
      ).sort(),
    );
  });
});
