import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const PUBLIC = new Set(["/api/login", "/api/health"]);

describe("the guard", () => {
  it("answers 401 on every registered API route without a session", async () => {
    const routes = ctx.app.routeList.filter(
      (r) =>
        r.url.startsWith("/api/") &&
        !PUBLIC.has(r.url) &&
        !r.url.startsWith("/api/docs") &&
        r.method !== "HEAD" &&
        r.method !== "OPTIONS",
    );
    expect(routes.length).toBeGreaterThan(5);
    const failures: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(/:[A-Za-z_]+/g, "1");
      const res = await ctx.app.inject({
        method: route.method as "GET",
        url,
        payload: route.method === "GET" || route.method === "DELETE" ? undefined : {},
      });
      if (res.statusCode !== 401) failures.push(`${route.method} ${url} → ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it("refuses a state-changing call from a foreign Origin with 403, even with a session", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/brands",
      headers: { cookie: ctx.cookie, origin: "https://evil.example" },
      payload: { brand_name: "X" },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: expect.any(String) });
    const same = await ctx.app.inject({
      method: "POST",
      url: "/api/brands",
      headers: { cookie: ctx.cookie, origin: "http://localhost:3000", host: "localhost:3000" },
      payload: { brand_name: "X" },
    });
    expect(same.statusCode).toBe(201);
  });

  it("answers 404 JSON for an unknown API path", async () => {
    const res = await ctx.call("GET", "/api/nothingHere");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: expect.any(String) });
  });

  it("serves the OpenAPI description", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain("/api/brands");
  });
});
