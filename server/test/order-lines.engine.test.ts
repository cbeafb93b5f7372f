import { fromSen, type OrderRecord, toSen } from "@store/contract";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoSizeFor, seedDemoStore } from "../src/db/seed/demo";
import { createTestContext, type TestContext } from "./helpers";
import { ordersDrift, refusal, seededLinesDrift } from "./orders.fixtures";

describe("the money rule of every order", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.db.execute(sql`insert into order_statuses (order_status_id, order_status_name)
      values (1, 'pending') on conflict do nothing`);
  });
  afterAll(() => ctx?.close());

  let n = 0;
  /** An order and its lines in one transaction, the order first. */
  function writeOrder(
    money: { subtotal: string; discount: string; shipping: string; total: string },
    lines: { quantity: number; unit: string; discount: string; total: string }[],
  ) {
    n += 1;
    return ctx.db.transaction(async (tx) => {
      const [order] = (
        await tx.execute<{ orders_id: number }>(sql`insert into orders
          (order_number, username, subtotal, discount, shipping_fee, total_price, order_status)
          values (${`RULE-${n}`}, 'rule', ${money.subtotal}, ${money.discount}, ${money.shipping}, ${money.total}, 1)
          returning orders_id`)
      ).rows;
      const id = order?.orders_id as number;
      for (const line of lines) {
        await tx.execute(sql`insert into order_items
          (orders_id, product_name, quantity, unit_price, line_discount, line_total)
          values (${id}, 'Kopi', ${line.quantity}, ${line.unit}, ${line.discount}, ${line.total})`);
      }
      return id;
    });
  }
  const one = (total: string) => [{ quantity: 1, unit: total, discount: "0", total }];
  const money = (subtotal: string, discount: string, shipping: string, total: string) => ({
    subtotal,
    discount,
    shipping,
    total,
  });

  it("refuses a total that is not subtotal - discount + shipping, and a discount above the subtotal", async () => {
    expect(await refusal(writeOrder(money("20.00", "2.00", "8.00", "26.00"), one("20.00")))).toBe(
      "accepted",
    );
    expect(await refusal(writeOrder(money("20.00", "2.00", "8.00", "26.01"), one("20.00")))).toBe(
      "23514 orders_money",
    );
    expect(await refusal(writeOrder(money("20.00", "21.00", "8.00", "7.00"), one("20.00")))).toBe(
      "23514 orders_money",
    );
  });

  it("refuses at commit an order without lines or whose lines do not sum to its subtotal", async () => {
    expect(await refusal(writeOrder(money("20.00", "0", "0", "20.00"), []))).toBe(
      "23514 order_lines_sum",
    );
    const split = [
      { quantity: 3, unit: "4.50", discount: "1.50", total: "12.00" },
      { quantity: 1, unit: "8.00", discount: "0", total: "8.00" },
    ];
    expect(await refusal(writeOrder(money("20.00", "0", "0", "20.00"), split))).toBe("accepted");
    expect(await refusal(writeOrder(money("20.01", "0", "0", "20.01"), split))).toBe(
      "23514 order_lines_sum",
    );
    // A line's own total must be unit price × quantity − line discount.
    expect(
      await refusal(
        writeOrder(money("12.00", "0", "0", "12.00"), [
          { quantity: 3, unit: "4.50", discount: "1.00", total: "12.00" },
        ]),
      ),
    ).toBe("23514 order_items_line_total");
    const before = await ordersDrift(ctx.db);
    expect(before).toMatchObject({ money: 0, no_lines: 0, sum: 0, line: 0 });
  });

  it("checks lines and order together at commit: a change to both passes, to one alone is refused, a deleted order takes its lines", async () => {
    const id = await writeOrder(money("20.00", "0", "0", "20.00"), one("20.00"));
    // Lines first, then the order's money: the same transaction, accepted.
    const both = ctx.db.transaction(async (tx) => {
      await tx.execute(
        sql`update order_items set quantity = 2, line_total = 40.00, unit_price = 20.00 where orders_id = ${id}`,
      );
      await tx.execute(
        sql`update orders set subtotal = 40.00, total_price = 40.00 where orders_id = ${id}`,
      );
    });
    expect(await refusal(both)).toBe("accepted");
    expect(
      await refusal(
        ctx.db.execute(
          sql`update order_items set quantity = 1, line_total = 20.00 where orders_id = ${id}`,
        ),
      ),
    ).toBe("23514 order_lines_sum");
    expect(
      await refusal(
        ctx.db.execute(
          sql`update order_items set quantity = 1, unit_price = 40.00 where orders_id = ${id}`,
        ),
      ),
    ).toBe("accepted");
    expect(
      await refusal(ctx.db.execute(sql`delete from order_items where orders_id = ${id}`)),
    ).toBe("23514 order_lines_sum");
    expect(await refusal(ctx.db.execute(sql`delete from orders where orders_id = ${id}`))).toBe(
      "accepted",
    );
    const [left] = (
      await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from order_items where orders_id = ${id}`,
      )
    ).rows;
    expect(left?.n).toBe(0);
  });

  it("property: any lines, coupon and shipping the rule allows are kept; one sen off anywhere is refused", async () => {
    const sen = (max: number) => fc.integer({ min: 0, max });
    const lineArb = fc
      .record({
        quantity: fc.integer({ min: 1, max: 9 }),
        unit: sen(500_00),
        off: fc.double({ min: 0, max: 1, noNaN: true }),
      })
      .map(({ quantity, unit, off }) => {
        const gross = BigInt(unit) * BigInt(quantity);
        const discount = BigInt(Math.floor(Number(gross) * off));
        return { quantity, unit: BigInt(unit), discount, total: gross - discount };
      });
    const orderArb = fc.record({
      lines: fc.array(lineArb, { minLength: 1, maxLength: 4 }),
      coupon: fc.double({ min: 0, max: 1, noNaN: true }),
      shipping: sen(30_00),
      // Which figure, if any, is one sen off: none, the total or the first line's total.
      breaks: fc.constantFrom("none", "none", "total", "line"),
    });
    await fc.assert(
      fc.asyncProperty(orderArb, async ({ lines, coupon, shipping, breaks }) => {
        const subtotal = lines.reduce((sum, l) => sum + l.total, 0n);
        const discount = BigInt(Math.floor(Number(subtotal) * coupon));
        const total = subtotal - discount + BigInt(shipping);
        const off = (which: string) => (breaks === which ? 1n : 0n);
        const answer = await refusal(
          writeOrder(
            {
              subtotal: fromSen(subtotal),
              discount: fromSen(discount),
              shipping: fromSen(BigInt(shipping)),
              total: fromSen(total + off("total")),
            },
            lines.map((l, i) => ({
              quantity: l.quantity,
              unit: fromSen(l.unit),
              discount: fromSen(l.discount),
              // One sen more on the line's total and its discount one less: the line holds, the sum does not.
              total: fromSen(l.total + (i === 0 ? off("line") : 0n)),
              ...(i === 0 && breaks === "line" ? { discount: fromSen(l.discount - 1n) } : {}),
            })),
          ),
        );
        const expected =
          breaks === "none"
            ? "accepted"
            : breaks === "total"
              ? "23514 orders_money"
              : lines[0] && lines[0].discount > 0n
                ? "23514 order_lines_sum"
                : "23514 order_items_amounts";
        expect(answer).toBe(expected);
      }),
      { numRuns: 25, seed: 20_251_127 },
    );
    expect(await ordersDrift(ctx.db)).toMatchObject({ money: 0, no_lines: 0, sum: 0, line: 0 });
  });
});

describe("the demo store loaded in bulk", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDemoStore(ctx.db, ctx.app.uploadStorage, {
      size: demoSizeFor(400),
      bulk: true,
      now: new Date("2026-11-27T10:00:00+08:00"),
    });
  }, 180_000);
  afterAll(() => ctx?.close());

  it("stores the lines it draws, as its catalog sold them, and keeps the checks on after the load", async () => {
    expect(await ordersDrift(ctx.db)).toEqual({
      orders: 400,
      money: 0,
      no_lines: 0,
      sum: 0,
      line: 0,
    });
    expect(await seededLinesDrift(ctx.db)).toBe(0);
    const triggers = await ctx.db.execute<{ name: string; enabled: string }>(sql`
      select tgname as name, tgenabled as enabled from pg_trigger
      where tgname in ('orders_lines_sum', 'order_items_lines_sum') order by tgname`);
    expect(triggers.rows).toEqual([
      { name: "order_items_lines_sum", enabled: "O" },
      { name: "orders_lines_sum", enabled: "O" },
    ]);
  });

  it("answers an order with its lines and money on GET /api/orders/{id}; the list rows stay as they were", async () => {
    const [picked] = (
      await ctx.db.execute<{ orders_id: number }>(sql`select orders_id from orders
        where discount > 0 and (select count(*) from order_items i where i.orders_id = orders.orders_id) > 1
        order by orders_id limit 1`)
    ).rows;
    const res = await ctx.call("GET", `/api/orders/${picked?.orders_id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json() as OrderRecord;
    const lines = (
      await ctx.db.execute<
        Record<string, unknown>
      >(sql`select item_id, product_id, variant_id, product_name,
        variant_name, sku, quantity, unit_price::text, line_discount::text, line_total::text,
        tax_type, tax_rate::text, tax_amount::text, 0 as returned
        from order_items where orders_id = ${picked?.orders_id} order by item_id`)
    ).rows;
    expect(body.items.map(({ image: _, ...line }) => line)).toEqual(lines);
    // Every demo product has images: each line shows its variant's or its product's.
    for (const line of body.items) expect(line.image).toMatch(/\.png$/);
    const sum = body.items.reduce((s, l) => s + toSen(l.line_total), 0n);
    expect(fromSen(sum)).toBe(body.subtotal);
    expect(fromSen(toSen(body.subtotal) - toSen(body.discount) + toSen(body.shipping_fee))).toBe(
      body.total_price,
    );
    expect(body.coupon_code).not.toBe("");
    // A demo order predates the ledger: nothing posted until its status moves money.
    expect(body.posted).toEqual([]);

    // Completed now, it posts the buyer's PV: the answer (as GET's) lists the entry.
    const [pending] = (
      await ctx.db.execute<{ orders_id: number; user_id: number; points_earned: string }>(sql`
        select orders_id, user_id, points_earned::text from orders
        where order_status = 4 and points_earned > 0 and user_id is not null order by orders_id limit 1`)
    ).rows;
    const done = await ctx.call("PUT", `/api/orders/${pending?.orders_id}`, {
      order_status: 6,
      tracking_number: "MY123",
    });
    expect(done.statusCode).toBe(200);
    const record = done.json() as OrderRecord;
    expect(record.items.length).toBeGreaterThan(0);
    expect(record.posted).toContainEqual(
      expect.objectContaining({
        user_id: pending?.user_id,
        account: "pv",
        reason: "pv_order",
        amount: pending?.points_earned,
      }),
    );
    const again = (
      await ctx.call("GET", `/api/orders/${pending?.orders_id}`)
    ).json() as OrderRecord;
    expect(again.posted).toEqual(record.posted);

    const list = await ctx.call("GET", "/api/orders?_page=1&_limit=5");
    const row = (list.json() as Record<string, unknown>[])[0];
    expect(row).not.toHaveProperty("items");
    expect(row).not.toHaveProperty("subtotal");
  });
});
