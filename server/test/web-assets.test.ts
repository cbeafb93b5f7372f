import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
let app: App;
const script = `console.log(${JSON.stringify("store ".repeat(500))});`;
beforeAll(async () => {
  ctx = await createTestContext();
  // A web build as vite writes it: hashed assets with .br and .gz beside them.
  const webDist = path.join(ctx.dataDir, "web");
  fs.mkdirSync(path.join(webDist, "assets"), { recursive: true });
  fs.writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>Store</title>");
  const asset = path.join(webDist, "assets", "index-AbC123.js");
  fs.writeFileSync(asset, script);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(script));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(script));
  app = await buildApp({ db: ctx.db, config: { ...ctx.app.config, webDist } });
});
afterAll(async () => {
  await app.close();
  await ctx.close();
});

describe("the web app's files", () => {
  it("are sent compressed when the browser accepts it, and cached for good when hashed", async () => {
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const res = await app.inject({
        method: "GET",
        url: "/assets/index-AbC123.js",
        headers: { "accept-encoding": accept },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.rawPayload.length).toBeLessThan(script.length / 5);
      expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
      expect(res.headers["content-type"]).toMatch(/javascript/);
    }
    const plain = await app.inject({ method: "GET", url: "/assets/index-AbC123.js" });
    expect(plain.body).toBe(script);
  });

  it("answer the page itself for client routes, never cached stale", async () => {
    for (const url of ["/", "/admin", "/index.html"]) {
      const res = await app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain("<title>Store</title>");
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
  });
});
