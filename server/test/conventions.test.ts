import { deflateSync } from "node:zlib";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A real 1x1 PNG, built here so the upload's content check has something true to read. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] ?? 0) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function multipart(fileName: string, content: Buffer, type = "image/png") {
  const boundary = "----storeboundary";
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return {
    payload,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie: ctx.cookie },
  };
}

describe("validation answers", () => {
  it("answers 400 with the field and a plain message, and writes nothing", async () => {
    const res = await ctx.call("POST", "/api/brands", { brand_name: "   " });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: "Brand name is required.",
      issues: [{ path: "brand_name", message: "Brand name is required." }],
    });
    const list = await ctx.call("GET", "/api/brands");
    expect(list.json()).toEqual([]);
  });

  it("answers 400, not 500, for a body that is not JSON", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/brands",
      headers: { cookie: ctx.cookie, "content-type": "application/json" },
      payload: "{not json",
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toMatch(/at .*\.ts|stack|select /i);
  });

  it("answers 404 for an unknown or malformed id", async () => {
    expect((await ctx.call("GET", "/api/brands/999999")).json()).toEqual({
      message: "Brand not found.",
    });
    expect((await ctx.call("GET", "/api/brands/999999")).statusCode).toBe(404);
    expect((await ctx.call("PUT", "/api/brands/999999", { brand_name: "X" })).statusCode).toBe(404);
    expect((await ctx.call("DELETE", "/api/brands/abc")).statusCode).toBe(404);
  });
});

describe("lists", () => {
  beforeAll(async () => {
    for (let i = 1; i <= 23; i++) {
      await ctx.call("POST", "/api/brands", {
        brand_name: `Jenama ${String(i).padStart(2, "0")}`,
        brand_status: i % 2,
      });
    }
    await ctx.call("POST", "/api/brands", { brand_name: "Special 50%_off" });
  });

  it("answers the whole list without paging parameters", async () => {
    const res = await ctx.call("GET", "/api/brands");
    expect(res.json()).toHaveLength(24);
  });

  it("pages with _page and _limit and tells the total in X-Total-Count", async () => {
    const res = await ctx.call("GET", "/api/brands?_page=3&_limit=10&_sort=brand_name&_order=asc");
    expect(res.headers["x-total-count"]).toBe("24");
    const names = res.json().map((b: { brand_name: string }) => b.brand_name);
    expect(names).toEqual(["Jenama 21", "Jenama 22", "Jenama 23", "Special 50%_off"]);
  });

  it("searches with q, case-insensitively, taking % and _ literally", async () => {
    const res = await ctx.call("GET", "/api/brands?q=jenama 1&_page=1&_limit=100");
    expect(res.headers["x-total-count"]).toBe("10");
    const literal = await ctx.call("GET", "/api/brands?q=50%25_&_page=1&_limit=10");
    expect(literal.json().map((b: { brand_name: string }) => b.brand_name)).toEqual([
      "Special 50%_off",
    ]);
    const none = await ctx.call("GET", "/api/brands?q=%25%25&_page=1&_limit=10");
    expect(none.headers["x-total-count"]).toBe("0");
  });

  it("refuses a malformed paging parameter with 400", async () => {
    const res = await ctx.call("GET", "/api/brands?_page=0&_limit=10");
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe("_page");
  });
});

describe("records on the wire", () => {
  it("answers timestamps as yyyy-MM-dd HH:mm:ss and statuses as 1/0, and stamps updates", async () => {
    const created = (
      await ctx.call("POST", "/api/brands", { brand_name: "Wire", brand_status: "1" })
    ).json();
    expect(created.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(created.updated_at).toBeNull();
    expect(created.brand_status).toBe(1);
    const updated = (
      await ctx.call("PUT", `/api/brands/${created.brand_id}`, {
        brand_name: "Wire 2",
        brand_status: 0,
      })
    ).json();
    expect(updated.updated_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(updated.brand_status).toBe(0);
  });
});

describe("the audit log", () => {
  it("records who created, changed and deleted a record, with before and after", async () => {
    const created = (await ctx.call("POST", "/api/brands", { brand_name: "Audited" })).json();
    await ctx.call("PUT", `/api/brands/${created.brand_id}`, { brand_name: "Audited 2" });
    await ctx.call("DELETE", `/api/brands/${created.brand_id}`);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(created.brand_id)));
    const brandRows = rows.filter((r) => r.entity === "Brand");
    expect(brandRows.map((r) => r.action)).toEqual(["create", "update", "delete"]);
    expect(brandRows.every((r) => r.actor_id !== null)).toBe(true);
    expect(brandRows[1]?.before).toMatchObject({ brand_name: "Audited" });
    expect(brandRows[1]?.after).toMatchObject({ brand_name: "Audited 2" });
  });
});

describe("uploads", () => {
  it("stores an image judged by its content and serves it back", async () => {
    const png = tinyPng();
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/uploads?kind=brand",
      ...multipart("logo.png", png),
    });
    expect(res.statusCode).toBe(201);
    const { file_name } = res.json();
    expect(file_name).toMatch(/^[0-9a-f-]+\.png$/);
    const served = await ctx.app.inject({ method: "GET", url: `/uploads/${file_name}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(png)).toBe(true);
    const [audit] = await ctx.db.select().from(auditLog).where(eq(auditLog.entity_id, file_name));
    expect(audit).toMatchObject({ entity: "Upload", action: "upload", actor_username: "admin" });
  });

  it("refuses a file whose content is not an allowed image with 415 and the type message", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/uploads?kind=product",
      ...multipart("evil.png", Buffer.from("<script>alert(1)</script>")),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ message: "Ahem, please use a valid image file type. 😏" });
  });

  it("refuses a file over the kind's size with 413 and the size message", async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(500_001)]);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/uploads?kind=logo",
      ...multipart("big.png", big),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: "Uh-oh! file size is too big. 😒" });
  });

  it("refuses a GIF for a brand (jpg, jpeg and png only)", async () => {
    const gif = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
    const brand = await ctx.app.inject({
      method: "POST",
      url: "/api/uploads?kind=brand",
      ...multipart("a.gif", gif, "image/gif"),
    });
    expect(brand.statusCode).toBe(415);
    const banner = await ctx.app.inject({
      method: "POST",
      url: "/api/uploads?kind=banner",
      ...multipart("a.gif", gif, "image/gif"),
    });
    expect(banner.statusCode).toBe(201);
  });

  it("answers 415 for a JSON body instead of a file", async () => {
    const res = await ctx.call("POST", "/api/uploads?kind=product", { file: "x" });
    expect(res.statusCode).toBe(415);
  });
});
