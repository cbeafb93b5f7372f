/**
 * The whole-list calls (ordersCount, usersCount, productsCount) are streamed in
 * keyset batches (lib/stream.ts): the body is the same JSON array as when it was
 * built whole, and other calls are answered while a long one is still streaming.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { orderTotal, productIdRow, userCountRow } from "@store/contract";
import { asc, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, products, users } from "../src/db/schema";
import { keysetJsonArray, STREAM_BATCH } from "../src/lib/stream";
import { createTestContext, type TestContext } from "./helpers";
import { withLines } from "./orders.fixtures";

let ctx: TestContext;
/** More than twenty batches: a long stream with many turns. */
const ORDERS = 11 * STREAM_BATCH + 7;
const USERS = STREAM_BATCH + 3;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.db.execute(
    withLines(sql`
    insert into orders (order_number, username, total_price, subtotal, order_status)
    select 'S' || n, 'user' || n, (n % 1000) + (n % 100) / 100.0, (n % 1000) + (n % 100) / 100.0, 1
    from generate_series(1, ${ORDERS}) n`),
  );
  await ctx.db.execute(sql`
    insert into users (username, email, f_name, l_name, contact, password_hash, gender, role, languages, currency)
    select 'u' || n, 'u' || n || '@example.com', 'F', 'L', '0', 'x',
      (select gender from genders limit 1), (select role from roles order by role desc limit 1),
      (select languages from languages limit 1), (select currency_code from currencies limit 1)
    from generate_series(1, ${USERS}) n`);
  const [category] = await ctx.db
    .execute<{ id: number }>(
      sql`insert into categories (category_name) values ('Streamed') returning category_id as id`,
    )
    .then((result) => result.rows);
  await ctx.db.execute(sql`
    insert into products (product_name, normal_price, category_id, deleted_at)
    select 'P' || n, 1, ${category?.id}, case when n % 3 = 0 then now() end
    from generate_series(1, 40) n`);
}, 120_000);

afterAll(() => ctx?.close());

describe("the whole-list calls stream the same body as before", () => {
  it("ordersCount: every order's total_price, by id, byte for byte", async () => {
    const res = await ctx.call("GET", "/api/ordersCount");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("application/json; charset=utf-8");
    const whole = await ctx.db
      .select({ total_price: orders.total_price })
      .from(orders)
      .orderBy(asc(orders.orders_id));
    expect(whole).toHaveLength(ORDERS);
    expect(res.body).toBe(JSON.stringify(orderTotal.array().parse(whole)));
  });

  it("usersCount: every user's id, byte for byte", async () => {
    const res = await ctx.call("GET", "/api/usersCount");
    expect(res.statusCode).toBe(200);
    const whole = await ctx.db
      .select({ user_id: users.user_id })
      .from(users)
      .orderBy(users.user_id);
    expect(whole.length).toBeGreaterThan(STREAM_BATCH);
    expect(res.body).toBe(JSON.stringify(userCountRow.array().parse(whole)));
  });

  it("productsCount: the live products' ids only, byte for byte", async () => {
    const res = await ctx.call("GET", "/api/productsCount");
    expect(res.statusCode).toBe(200);
    const whole = await ctx.db
      .select({ product_id: products.product_id })
      .from(products)
      .where(isNull(products.deleted_at))
      .orderBy(products.product_id);
    expect(whole.length).toBeGreaterThan(0);
    expect(res.body).toBe(JSON.stringify(productIdRow.array().parse(whole)));
  });

  it("are not called by the web app (the dashboard has its summary, lists X-Total-Count)", () => {
    const webSource = path.resolve(import.meta.dirname, "../../web/src");
    const files = fs.readdirSync(webSource, { recursive: true, encoding: "utf8" });
    const callers = files.filter((file) => {
      if (!/\.tsx?$/.test(file)) return false;
      const text = fs.readFileSync(path.join(webSource, file), "utf8");
      return /ordersCount|usersCount|productsCount/.test(text);
    });
    expect(files.length).toBeGreaterThan(10);
    expect(callers).toEqual([]);
  });

  it("needs a session like every other call", async () => {
    for (const url of ["/api/ordersCount", "/api/usersCount", "/api/productsCount"]) {
      expect((await ctx.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
  });
});

describe("keysetJsonArray", () => {
  it("writes a valid array at every batch edge: empty, partial, exact and one over", async () => {
    for (const size of [0, 1, 2, 3, 4, 6, 7]) {
      const all = Array.from({ length: size }, (_, i) => ({ id: i + 1, name: `n"${i}` }));
      const reads: (number | null)[] = [];
      const body = await keysetJsonArray(async (after, limit) => {
        reads.push(after);
        const rows = all.filter((row) => after === null || row.id > after).slice(0, limit);
        const json = rows.map((row) => JSON.stringify(row)).join(",");
        return { json, rows: rows.length, last: rows.at(-1)?.id ?? null };
      }, 3);
      const chunks: string[] = [];
      for await (const chunk of body) chunks.push(String(chunk));
      expect(chunks.join("")).toBe(JSON.stringify(all));
      // Each batch once, and one more read only after a full last batch.
      expect(reads.length).toBe(Math.floor(size / 3) + 1);
    }
  });

  it("a failing first read rejects before anything is sent", async () => {
    const failing = keysetJsonArray(async () => {
      throw new Error("no table");
    });
    await expect(failing).rejects.toThrow("no table");
  });
});

describe("other calls are answered while a long list streams", () => {
  it("a database call and the health call finish while ordersCount's reader holds it mid-stream", async () => {
    await ctx.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = ctx.app.server.address() as AddressInfo;
    // The long list's reader pauses after its first chunk: the server is held
    // mid-stream (tens of MB, beyond the sockets' buffers) however fast it is.
    let held: http.IncomingMessage | undefined;
    const get = (path: string, hold = false) =>
      new Promise<{ status: number; chunks: number; body: string }>((resolve, reject) => {
        const request = http.get({ port, path, headers: { cookie: ctx.cookie } }, (res) => {
          let chunks = 0;
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            chunks++;
            body += chunk;
            if (chunks === 1) events.push(`${path}: first chunk`);
            if (chunks === 1 && hold) {
              held = res;
              res.pause();
            }
          });
          res.on("end", () => {
            events.push(`${path}: end`);
            resolve({ status: res.statusCode ?? 0, chunks, body });
          });
          res.on("error", reject);
        });
        request.on("error", reject);
      });
    const events: string[] = [];
    const long = get("/api/ordersCount", true);
    // Wait until the list is on its way, then ask for a page (three queries) and health.
    while (!events.includes("/api/ordersCount: first chunk")) {
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const page = await get("/api/orders?_page=1&_limit=1");
    const health = await get("/api/health");
    held?.resume();
    const whole = await long;
    expect(page.status).toBe(200);
    expect(JSON.parse(page.body)).toHaveLength(1);
    expect(health.status).toBe(200);
    expect(whole.status).toBe(200);
    expect(JSON.parse(whole.body)).toHaveLength(ORDERS);
    expect(whole.chunks).toBeGreaterThan(1);
    expect(events).toEqual([
      "/api/ordersCount: first chunk",
      "/api/orders?_page=1&_limit=1: first chunk",
      "/api/orders?_page=1&_limit=1: end",
      "/api/health: first chunk",
      "/api/health: end",
      "/api/ordersCount: end",
    ]);
  }, 60_000);
});
