import { isSafeText, UNSAFE_TEXT_MESSAGE } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../src/app";
import { registerAuthRoutes } from "../src/auth/routes";
import { auditLog } from "../src/db/schema";
import { drawTile } from "../src/db/seed/demoStore/png";
import { registerErrorHandler } from "../src/lib/errors";
import { modules } from "../src/modules";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A real 1x1 PNG, built here so the upload's content check has something true to read. */
/** A 1 × 1 PNG, drawn by the demo seed's own encoder. */
function tinyPng(): Buffer {
  return drawTile(1, 1, [255, 0, 0], [255, 0, 0], "plain");
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
    expect(res.json()).toMatchObject({
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
    expect((await ctx.call("GET", "/api/brands/999999")).json()).toMatchObject({
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
    expect(res.json()).toMatchObject({ message: "Ahem, please use a valid image file type. 😏" });
  });

  it("refuses a file over the kind's size with 413 and the size message", async () => {
    const big = Buffer.concat([tinyPng(), Buffer.alloc(500_001)]);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/uploads?kind=logo",
      ...multipart("big.png", big),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: "Uh-oh! file size is too big. 😒" });
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

  it("answers 400 for a malformed multipart body, never 500", async () => {
    const cases: [string, string][] = [
      ["multipart/form-data", "no boundary at all"],
      ["multipart/form-data; boundary=x", "garbage without a single boundary"],
      [
        "multipart/form-data; boundary=x",
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\ncut off',
      ],
      ["multipart/form-data; boundary=x", "--x\r\nContent-Disposition\r\n\r\n\r\n--x--\r\n"],
      [`multipart/form-data; boundary=${"b".repeat(300)}`, "--b\r\n"],
    ];
    for (const [type, payload] of cases) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/uploads?kind=brand",
        headers: { cookie: ctx.cookie, "content-type": type },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message).toMatch(/^(The upload could not be read|No file was sent)\.$/);
    }
  });

  it("answers 415 for a JSON body instead of a file", async () => {
    const res = await ctx.call("POST", "/api/uploads?kind=product", { file: "x" });
    expect(res.statusCode).toBe(415);
  });
});

describe("safe text (docs/decisions/bad-input-answers.md)", () => {
  /** A table fingerprint: refused input must change nothing. */
  async function fingerprint(): Promise<string> {
    const counts = await ctx.db.execute(
      sql`select (select count(*) from brands) as brands, (select count(*) from audit_log) as audit`,
    );
    return JSON.stringify(counts.rows);
  }

  it("refuses a NUL or an unpaired surrogate in a body, a query string and the login e-mail with 400", async () => {
    const before = await fingerprint();
    for (const bad of ["a\u0000b", "a\uD800b", "\uDC00", "x\uDBFF"]) {
      const body = await ctx.call("POST", "/api/brands", { brand_name: bad });
      expect(body.statusCode, JSON.stringify(bad)).toBe(400);
      expect(body.json()).toMatchObject({
        message: UNSAFE_TEXT_MESSAGE,
        issues: [{ path: "brand_name", message: UNSAFE_TEXT_MESSAGE }],
      });
      const login = await ctx.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email: `admin${bad}@example.my`, password: "whatever" },
      });
      expect(login.statusCode).toBe(400);
      expect(login.json().issues[0].path).toBe("email");
    }
    for (const q of ["a%00b", "%00", "%ED%A0%80"]) {
      const list = await ctx.call("GET", `/api/brands?q=${q}&_page=1&_limit=10`);
      expect(list.statusCode, q).toBeLessThan(500);
    }
    const nul = await ctx.call("GET", "/api/brands?q=a%00b");
    expect(nul.statusCode).toBe(400);
    expect(nul.json().issues).toMatchObject([{ path: "q", message: UNSAFE_TEXT_MESSAGE }]);
    expect(await fingerprint()).toBe(before);
    // A well-formed pair (an emoji) is ordinary text.
    expect((await ctx.call("POST", "/api/brands", { brand_name: "Kedai 😀" })).statusCode).toBe(
      201,
    );
  });

  it("every string a route accepts (body, query, params, headers) is built on the contract's text()", async () => {
    // The routes are registered again on a bare app to read their schemas;
    // the set of routes must be the real app's, so none is missed.
    const bare = Fastify();
    bare.setValidatorCompiler(validatorCompiler);
    bare.setSerializerCompiler(serializerCompiler);
    bare.decorate("db", ctx.db);
    bare.decorate("config", ctx.app.config);
    const inputs: { route: string; schema: unknown }[] = [];
    bare.addHook("onRoute", (route) => {
      const schema = (route.schema ?? {}) as Record<string, unknown>;
      for (const part of ["body", "querystring", "params", "headers"]) {
        if (schema[part])
          inputs.push({ route: `${route.method} ${route.url} ${part}`, schema: schema[part] });
      }
      for (const method of [route.method].flat()) routes.add(`${method} ${route.url}`);
    });
    const routes = new Set<string>();
    await bare.register(
      async (api) => {
        registerAuthRoutes(api as unknown as App);
        for (const register of modules) await register(api as unknown as App);
      },
      { prefix: "/api" },
    );
    await bare.ready();
    await bare.close();
    const real = ctx.app.routeList
      .filter(
        (r) =>
          r.url.startsWith("/api/") &&
          !r.url.startsWith("/api/docs") &&
          r.url !== "/api/health" &&
          r.url !== "/api/ready",
      )
      .map((r) => `${r.method} ${r.url}`);
    expect([...routes].sort()).toEqual([...new Set(real)].sort());

    const unchecked: string[] = [];
    const opaque: string[] = [];
    let strings = 0;
    for (const { route, schema } of inputs) {
      walk(schema, route, (path, kind) => {
        if (kind === "checked") strings += 1;
        else (kind === "unchecked" ? unchecked : opaque).push(path);
      });
    }
    expect(unchecked).toEqual([]);
    // Fields taken and ignored (the old client's stamps): never read by a service.
    expect([...new Set(opaque.map((p) => p.replace(/^\S+ \S+ /, "")))].sort()).toEqual([
      "body.cashOut_at",
      "body.rejected_at",
    ]);
    expect(strings).toBeGreaterThan(100);
  });
});

describe("database errors", () => {
  it("answers a PostgreSQL data exception (class 22) that slips past the contract with 400", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    const queries = {
      "22P02": sql`select ${"abc"}::int`,
      "22008": sql`select ${"2026-13-45 10:00:00"}::timestamp`,
      "22012": sql`select 1 / (${0}::int)`,
      "22003": sql`select ${"99999999999999999999"}::int`,
    };
    for (const [code, query] of Object.entries(queries)) {
      app.get(`/${code}`, async () => {
        await ctx.db.execute(query);
        return { code };
      });
    }
    for (const code of Object.keys(queries)) {
      const res = await app.inject({ method: "GET", url: `/${code}` });
      expect(res.statusCode, code).toBe(400);
      expect(res.json()).toMatchObject({ message: "A value is out of range.", issues: [] });
    }
    await app.close();
  });
});

type Leaf = "checked" | "unchecked" | "opaque";

/**
 * Walks a zod 4 schema as it meets raw input: every string node must carry
 * the safe-text check; a pipe's output side sees parsed values, except after
 * an unknown, which passes raw input through.
 */
function walk(schema: unknown, path: string, visit: (path: string, kind: Leaf) => void): void {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } })._zod?.def;
  if (!def) return;
  const children: [unknown, string][] = [];
  switch (def.type) {
    case "string": {
      const checks = (def.checks ?? []) as { _zod: { def: { fn?: unknown } } }[];
      visit(path, checks.some((c) => c._zod.def.fn === isSafeText) ? "checked" : "unchecked");
      break;
    }
    case "unknown":
    case "any":
      visit(path, "opaque");
      break;
    case "object":
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) {
        children.push([value, `${path}.${key}`]);
      }
      if (def.catchall) children.push([def.catchall, `${path}.*`]);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
    case "nonoptional":
      children.push([def.innerType, path]);
      break;
    case "union":
      for (const option of def.options as unknown[]) children.push([option, path]);
      break;
    case "intersection":
      children.push([def.left, path], [def.right, path]);
      break;
    case "array":
      children.push([def.element, `${path}[]`]);
      break;
    case "tuple":
      for (const item of def.items as unknown[]) children.push([item, `${path}[]`]);
      if (def.rest) children.push([def.rest, `${path}[]`]);
      break;
    case "record":
      children.push([def.keyType, `${path}{}`], [def.valueType, `${path}{}`]);
      break;
    case "lazy":
      children.push([(def.getter as () => unknown)(), path]);
      break;
    case "pipe": {
      const inType = (def.in as { _zod: { def: { type: string } } })._zod.def.type;
      children.push([inType === "unknown" || inType === "any" ? def.out : def.in, path]);
      break;
    }
    // number, boolean, literal, enum, null, transform, ...: no free text.
  }
  for (const [child, childPath] of children) walk(child, childPath, visit);
}
