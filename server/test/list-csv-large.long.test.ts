import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

// A whole list's `_format=csv` file at scale (list-csv.test.ts holds what the
// file says): streamed with memory held flat. The long tier (docs/decisions/test-tiers.md).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function json(url: string) {
  const res = await ctx.call("GET", url);
  expect(res.statusCode, url).toBe(200);
  return { rows: res.json() as Record<string, unknown>[], total: res.headers["x-total-count"] };
}

describe("a large export", () => {
  const ROWS = 200_000;

  it(`streams ${ROWS.toLocaleString("en")} history rows with memory held flat`, async () => {
    // The audit log: the list that grows with every write, its rows the widest
    // (a record before and after). Built set-based.
    let started = performance.now();
    await ctx.db.execute(sql`insert into audit_log (actor_id, actor_username, entity, entity_id,
        action, before, after)
      select 1, 'admin', 'Order', g::text, 'update',
        jsonb_build_object('orders_id', g, 'order_number', 'KH' || g, 'order_status', 2,
          'tracking_number', '', 'total_price', ((g % 1000) + 0.5)::text, 'recipient_name', 'Recipient ' || g,
          'address_1', g || ' Jalan Besar, Taman Melati', 'state', 'Selangor'),
        jsonb_build_object('orders_id', g, 'order_number', 'KH' || g, 'order_status', 4,
          'tracking_number', 'MY' || g, 'total_price', ((g % 1000) + 0.5)::text, 'recipient_name', 'Recipient ' || g,
          'address_1', g || ' Jalan Besar, Taman Melati', 'state', 'Selangor')
      from generate_series(1, ${ROWS}) as g`);
    const seeded = performance.now() - started;
    const total = Number((await json("/api/auditLog?_page=1&_limit=1")).total);
    expect(total).toBeGreaterThanOrEqual(ROWS);

    // A real socket: inject() would hold the whole body in memory.
    const address = await ctx.app.listen({ host: "127.0.0.1", port: 0 });
    {
      const before = process.memoryUsage();
      let peakHeap = before.heapUsed;
      let peakRss = before.rss;
      started = performance.now();
      const res = await fetch(`${address}/api/auditLog?_format=csv`, {
        headers: { cookie: ctx.cookie },
      });
      expect(res.status).toBe(200);
      const reader = (res.body as ReadableStream<Uint8Array>).getReader();
      let lines = 0;
      let bytes = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        for (const byte of value) if (byte === 10) lines++;
        const now = process.memoryUsage();
        peakHeap = Math.max(peakHeap, now.heapUsed);
        peakRss = Math.max(peakRss, now.rss);
      }
      // The header and one line per row (no cell of these rows holds a line break).
      expect(lines).toBe(total + 1);
      expect(bytes).toBeGreaterThan(ROWS * 300);
      const mb = (n: number) => Math.round(n / 1024 / 1024);
      console.log(
        `export of ${total} history rows (built in ${Math.round(seeded)} ms): ${mb(bytes)} MB in ${Math.round(performance.now() - started)} ms; heap +${mb(peakHeap - before.heapUsed)} MB, RSS +${mb(peakRss - before.rss)} MB`,
      );
      expect(peakHeap - before.heapUsed).toBeLessThan(100 * 1024 * 1024);
      expect(peakRss - before.rss).toBeLessThan(150 * 1024 * 1024);
    }
  }, 300_000);
});
