/** One log line per request at info level, with the path but never the query string. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

describe("the request log", () => {
  it("writes one line per request: method, path, status and time", async () => {
    const lines: Record<string, unknown>[] = [];
    const app = await buildApp({
      db: ctx.db,
      config: ctx.app.config,
      logger: { stream: { write: (line: string) => lines.push(JSON.parse(line)) } },
    });
    try {
      const ok = await app.inject({
        method: "GET",
        url: "/api/orders?q=private-search&_page=1",
        headers: { cookie: ctx.cookie },
      });
      const refused = await app.inject({ method: "GET", url: "/api/orders" });
      expect([ok.statusCode, refused.statusCode]).toEqual([200, 401]);
    } finally {
      await app.close();
    }
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests).toHaveLength(2);
    expect(lines.filter((line) => line.reqId !== undefined)).toHaveLength(2);
    expect(requests[0]).toMatchObject({
      level: 30,
      method: "GET",
      path: "/api/orders",
      status: 200,
    });
    expect(requests[1]).toMatchObject({ path: "/api/orders", status: 401 });
    expect(typeof requests[0]?.ms).toBe("number");
    expect(JSON.stringify(lines)).not.toContain("private-search");
  });
});
