import { BULK_MAX } from "@store/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import {
  readConfig,
  readMaxConnections,
  readPublicUrl,
  readRequestTimeout,
  readTrustProxy,
} from "../src/config";
import { HOST_REFUSED, jsonShapeProblem, servedNames } from "../src/lib/edge";
import { ADMIN, createTestContext, type TestContext } from "./helpers";

// Bodies sized per call, the JSON shape check, the served host names and their
// settings (lib/edge.ts, docs/SECURITY.md).
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const json = { "content-type": "application/json" };
const deep = (depth: number) => `{"email":${"[".repeat(depth)}${"]".repeat(depth)}}`;

describe("bodies sized for what each call needs", () => {
  it("refuses a login body over 4 kB and any body over 64 kB with 413", async () => {
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: ADMIN.email, password: "x".repeat(5_000) },
    });
    expect(login.statusCode).toBe(413);
    expect(login.json()).toMatchObject({ message: "The file or request is too large." });
    const brand = await ctx.call("POST", "/api/brands", { brand_name: "x".repeat(70_000) });
    expect(brand.statusCode).toBe(413);
  });

  it("accepts the largest valid product (10 variants, every text at its longest) and bulk body", async () => {
    const category = await ctx.call("POST", "/api/categories", { category_name: "Edge" });
    expect(category.statusCode).toBe(201);
    const escaped = (n: number) => "\u0001".repeat(n);
    const file = "a".repeat(255);
    const product = {
      product_name: escaped(255),
      product_description: escaped(5_000),
      product_images: file,
      normal_price: "999999.99",
      discount_price: "0",
      cost_price: "9999999999.00",
      sku: escaped(100),
      stock_qtt: 999,
      width: "999.00",
      height: "999.00",
      weight: "999.00",
      category_id: category.json().category_id,
      tags: escaped(500),
      variants: Array.from({ length: 10 }, () => ({
        variant_name: escaped(255),
        variant_image: file,
        variant_price: "999999.99",
        variant_dis_price: "0",
        variant_qtt: 999,
        variant_sku: escaped(100),
        variant_status: 1,
      })),
    };
    const body = JSON.stringify(product);
    // Near the default 64 kB: the route has its own limit (modules/catalog/routes.ts).
    expect(Buffer.byteLength(body)).toBeGreaterThan(55_000);
    const created = await ctx.app.inject({
      method: "POST",
      url: "/api/products",
      headers: { ...json, cookie: ctx.cookie },
      payload: body,
    });
    expect(created.statusCode, created.body.slice(0, 200)).toBe(201);

    const ids = Array.from({ length: BULK_MAX }, (_, i) => 2_147_483_647 - i);
    const bulk = {
      action: "delete",
      ids,
      versions: Object.fromEntries(ids.map((id) => [String(id), 2_147_483_647])),
    };
    const answer = await ctx.call("POST", "/api/brands/bulk", bulk);
    expect(answer.statusCode).toBe(200);
    expect(answer.json().results).toHaveLength(BULK_MAX);
  });

  it("refuses deep nesting and huge objects with 400 before parsing", async () => {
    for (const url of ["/api/login", "/api/brands"]) {
      const res = await ctx.app.inject({
        method: "POST",
        url,
        headers: { ...json, cookie: ctx.cookie },
        payload: deep(1_000),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        message: "The request nests deeper than 32 levels.",
        issues: [{ path: "", message: "The request nests deeper than 32 levels." }],
      });
    }
    const wide = JSON.stringify(
      Object.fromEntries(Array.from({ length: 1_001 }, (_, i) => [`k${i}`, 1])),
    );
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/brands",
      headers: { ...json, cookie: ctx.cookie },
      payload: wide,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("An object in the request has more than 1000 keys.");
  });

  it("scans brackets outside strings only, and keeps the prototype-poisoning check", async () => {
    expect(jsonShapeProblem(deep(31))).toBeNull(); // the object and 31 arrays: 32 levels
    expect(jsonShapeProblem(deep(32))).not.toBeNull();
    expect(jsonShapeProblem(`{"a":"${"[".repeat(100)}\\"${"{".repeat(100)}"}`)).toBeNull();
    expect(jsonShapeProblem(`[${"1,".repeat(5_000)}1]`)).toBeNull();
    const brand = await ctx.call("POST", "/api/brands", {
      brand_name: `${"[{".repeat(20)} \\" ]`,
    });
    expect(brand.statusCode).toBe(201);
    const poisoned = await ctx.app.inject({
      method: "POST",
      url: "/api/brands",
      headers: { ...json, cookie: ctx.cookie },
      payload: '{"brand_name":"P","__proto__":{"admin":true}}',
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it("answers an unknown path 404 without reading its body, however large or deep", async () => {
    for (const url of ["/api/nope", "/nope"]) {
      for (const payload of ["x".repeat(1_048_576), deep(10_000)]) {
        const res = await ctx.app.inject({ method: "POST", url, headers: json, payload });
        // Parsing it would have answered 413 (over 64 kB) or 400 (too deep).
        expect(res.statusCode, url).toBe(404);
        expect(res.json()).toMatchObject({ message: "Not found." });
      }
    }
  });
});

describe("the served host names", () => {
  const rebound = "rebind.attacker.example:3000";
  const attacker = { host: rebound, origin: `http://${rebound}`, "sec-fetch-site": "same-origin" };

  it("refuses the DNS-rebinding sequence with 421 before login, reads and writes", async () => {
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      headers: attacker,
      payload: ADMIN,
    });
    expect(login.statusCode).toBe(421);
    expect(login.json()).toMatchObject({ message: HOST_REFUSED });
    expect(login.headers["set-cookie"]).toBeUndefined();
    const users = await ctx.app.inject({
      method: "GET",
      url: "/api/users",
      headers: { ...attacker, cookie: ctx.cookie },
    });
    expect(users.statusCode).toBe(421);
    const brand = await ctx.app.inject({
      method: "POST",
      url: "/api/brands",
      headers: { ...attacker, cookie: ctx.cookie },
      payload: { brand_name: "Rebound" },
    });
    expect(brand.statusCode).toBe(421);
    const page = await ctx.app.inject({ method: "GET", url: "/", headers: attacker });
    expect(page.statusCode).toBe(421);
  });

  it("serves the configured PUBLIC_URL host, refuses the rest, and checks Origin against it", async () => {
    const app: App = await buildApp({
      db: ctx.db,
      config: { ...ctx.app.config, publicOrigins: readPublicUrl("https://admin.store.my") },
    });
    try {
      const here = { host: "admin.store.my" };
      const login = await app.inject({
        method: "POST",
        url: "/api/login",
        headers: { ...here, origin: "https://admin.store.my" },
        payload: ADMIN,
      });
      expect(login.statusCode).toBe(200);
      const cookie = `sid=${login.cookies.find((c) => c.name === "sid")?.value}`;
      const write = (origin: string) =>
        app.inject({
          method: "POST",
          url: "/api/brands",
          headers: { ...here, cookie, origin },
          payload: { brand_name: `B ${origin}` },
        });
      expect((await write("https://admin.store.my")).statusCode).toBe(201);
      // The right Host with a foreign Origin: still refused as cross-site.
      expect((await write("https://evil.example")).statusCode).toBe(403);
      expect((await write("http://admin.store.my")).statusCode).toBe(403);
      // The defaults are gone once PUBLIC_URL is set.
      const local = await app.inject({ method: "GET", url: "/api/me" });
      expect(local.statusCode).toBe(421);
      // Load balancers ask by the server's address: liveness and readiness answer any Host.
      for (const url of ["/api/health", "/api/ready"]) {
        const probe = await app.inject({ method: "GET", url, headers: { host: "10.0.0.5:3000" } });
        expect(probe.statusCode, url).toBe(200);
      }
      // A forwarded host counts only from a trusted proxy.
      const forwarded = await app.inject({
        method: "GET",
        url: "/api/me",
        headers: { host: "localhost", "x-forwarded-host": "admin.store.my" },
      });
      expect(forwarded.statusCode).toBe(421);
    } finally {
      await app.close();
    }
    const proxied: App = await buildApp({
      db: ctx.db,
      config: {
        ...ctx.app.config,
        publicOrigins: readPublicUrl("https://admin.store.my"),
        trustProxy: readTrustProxy("127.0.0.1"),
      },
    });
    try {
      const res = await proxied.inject({
        method: "GET",
        url: "/api/me",
        headers: { host: "10.0.0.5:3000", "x-forwarded-host": "admin.store.my" },
      });
      // Past the Host check: the guard asks for a session.
      expect(res.statusCode).toBe(401);
    } finally {
      await proxied.close();
    }
  });

  it("defaults to the loopback names at PORT, and HOST's own address", () => {
    const names = servedNames({ publicOrigins: undefined, host: "127.0.0.1", port: 3000 });
    expect([...names.origins]).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    const lan = servedNames({ publicOrigins: undefined, host: "192.168.1.20", port: 8080 });
    expect(lan.hosts.has("192.168.1.20:8080")).toBe(true);
    expect(lan.hosts.has("192.168.1.21:8080")).toBe(false);
    const everywhere = servedNames({ publicOrigins: undefined, host: "0.0.0.0", port: 3000 });
    expect(everywhere.hosts.has("localhost:3000")).toBe(true);
    expect(everywhere.hosts.has("evil.example:3000")).toBe(false);
    const https = servedNames({ publicOrigins: ["https://a.example"], host: "x", port: 1 });
    expect([...https.hosts].sort()).toEqual(["a.example", "a.example:443"]);
  });
});

describe("the edge settings", () => {
  it("read PUBLIC_URL, REQUEST_TIMEOUT_SECONDS and MAX_CONNECTIONS_PER_ADDRESS with defaults", () => {
    const config = readConfig({});
    expect(config.publicOrigins).toBeUndefined();
    expect(config.requestTimeoutMs).toBe(30_000);
    expect(config.maxConnectionsPerAddress).toBe(256);
    expect(readPublicUrl(" https://Admin.Store.my , http://10.0.0.2:8080/")).toEqual([
      "https://admin.store.my",
      "http://10.0.0.2:8080",
    ]);
    expect(readRequestTimeout("2.5")).toBe(2_500);
    expect(readMaxConnections("1_000")).toBe(1_000);
  });

  it("refuse bad values with a plain message", () => {
    for (const bad of [
      "admin.store.my",
      "ftp://a.example",
      "https://a.example/admin",
      "https://u:p@a.example",
    ]) {
      expect(() => readPublicUrl(bad), bad).toThrow(/PUBLIC_URL must list origins/);
    }
    for (const bad of ["0", "-1", "abc", "3601"]) {
      expect(() => readRequestTimeout(bad), bad).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    }
    for (const bad of ["0", "1.5", "many"]) {
      expect(() => readMaxConnections(bad), bad).toThrow(/MAX_CONNECTIONS_PER_ADDRESS/);
    }
  });
});
