import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

// A whole list as an Excel workbook streams: its memory stays flat however long
// the list (docs/decisions/xlsx-export.md). A scale run: `npm run test:long`
// (docs/decisions/test-tiers.md); the workbook's cells, words and types are
// test/list-xlsx.test.ts's.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
}, 120_000);
afterAll(() => ctx.close());

describe("a large export", () => {
  const ROWS = 30_000;

  it(`streams ${ROWS.toLocaleString("en")} rows as a workbook with memory held flat`, async () => {
    await ctx.db.execute(sql`insert into audit_log (actor_id, actor_username, entity, entity_id,
        action, before, after)
      select 1, 'admin', 'Order', g::text, 'update', null,
        jsonb_build_object('order_status', 4, 'tracking_number', 'MY' || g)
      from generate_series(1, ${ROWS}) as g`);

    // A real socket: inject() would hold the whole body in memory.
    const address = await ctx.app.listen({ host: "127.0.0.1", port: 0 });
    const before = process.memoryUsage();
    let peakHeap = before.heapUsed;
    const started = performance.now();
    const res = await fetch(
      `${address}/api/auditLog?_format=xlsx&_columns=audit_id,entity,entity_id,created_at,after`,
      {
        headers: { cookie: ctx.cookie },
      },
    );
    expect(res.status).toBe(200);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    let bytes = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.length;
      peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
    }
    const mb = (n: number) => Math.round(n / 1024 / 1024);
    console.log(
      `xlsx export of ${ROWS} audit rows: ${mb(bytes)} MB in ${Math.round(performance.now() - started)} ms; heap +${mb(peakHeap - before.heapUsed)} MB`,
    );
    // Held whole, the sheet's cells alone would take several hundred MB.
    expect(peakHeap - before.heapUsed).toBeLessThan(60 * 1024 * 1024);

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const all = Number(
      (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)).rows[0]
        ?.n,
    );
    expect(sheet.actualRowCount).toBe(all + 1);
    expect(sheet.getRow(2).getCell(1).type).toBe(ExcelJS.ValueType.Number);
  }, 300_000);
});
