import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromWireTimestamp } from "../src/db/columns";
import { auditLog, orders } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertOrders } from "./orders.fixtures";

let ctx: TestContext;
let seeded: (typeof orders.$inferSelect)[];

/** Orders have no create call; the store's checkout writes them, so tests insert rows. */
function orderRow(n: number, extra: Partial<typeof orders.$inferInsert> = {}) {
  return {
    order_number: `ORD-T${String(n).padStart(4, "0")}`,
    username: n % 2 ? "aisyah" : "brandon",
    contact: "0123456789",
    total_price: `${n}0.50`,
    points_earned: `${n}.00`,
    coupon_code: n === 1 ? "WELCOME10" : "",
    recipient_name: n % 2 ? "Aisyah Rahman" : "Brandon Lee",
    recipient_contact: "0198765432",
    address_1: `${n} Jalan Ampang`,
    address_2: "",
    postcode: "50450",
    state: "Kuala Lumpur",
    country: "Malaysia",
    tracking_number: `MY${1000 + n}TRK`,
    order_status: 2,
    created_at: `2026-01-${String(n).padStart(2, "0")} 10:00:00`,
    paid_on: `2026-01-${String(n).padStart(2, "0")} 10:05:00`,
    ...extra,
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  seeded = await insertOrders(
    ctx.db,
    [1, 2, 3, 4, 5].map((n) => orderRow(n)),
  );
});
afterAll(() => ctx.close());

/** Seconds between a wire timestamp (store time zone) and now. */
function secondsFromNow(wire: string | null): number {
  if (!wire) return Number.POSITIVE_INFINITY;
  return Math.abs(fromWireTimestamp(wire).getTime() - Date.now()) / 1000;
}

function putBody(id: number, order_status: unknown, tracking_number: unknown = "MY-NEW-1") {
  // The screen's body (docs/REQUIREMENTS.md section 7), stamps included; the server ignores them.
  return {
    orders_id: id,
    tracking_number,
    order_status,
    completed_at: "2001-01-01 00:00:00",
    refund_at: "2001-01-01 00:00:00",
    updated_at: "2001-01-01 00:00:00",
  };
}

async function read(id: number) {
  const [row] = await ctx.db.select().from(orders).where(eq(orders.orders_id, id));
  if (!row) throw new Error(`order ${id} missing`);
  return row;
}

describe("GET /api/orderStatus", () => {
  it("answers the nine statuses with ids and names, in id order", async () => {
    const res = await ctx.call("GET", "/api/orderStatus");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toHaveLength(9);
    expect(body.map((s: { order_status_id: number }) => s.order_status_id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9,
    ]);
    expect(body[5]).toEqual({ order_status_id: 6, order_status_name: "complete" });
    expect(body[6]).toEqual({ order_status_id: 7, order_status_name: "canceled" });
    expect(body[7]).toEqual({ order_status_id: 8, order_status_name: "refund" });
    expect(body[8]).toEqual({ order_status_id: 9, order_status_name: "returned" });
  });
});

describe("GET /api/orders", () => {
  it("answers every order with the fields of docs/REQUIREMENTS.md section 3, money as two-decimal strings, newest first", async () => {
    const res = await ctx.call("GET", "/api/orders");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("5");
    const body = res.json();
    expect(body.map((o: { order_number: string }) => o.order_number)).toEqual([
      "ORD-T0005",
      "ORD-T0004",
      "ORD-T0003",
      "ORD-T0002",
      "ORD-T0001",
    ]);
    expect(body[4]).toEqual({
      orders_id: seeded[0]?.orders_id,
      order_number: "ORD-T0001",
      user_id: null,
      username: "aisyah",
      contact: "0123456789",
      currency_symbol: "RM",
      total_price: "10.50",
      points_earned: "1.00",
      shipping_fee: "0.00",
      coupon_code: "WELCOME10",
      recipient_name: "Aisyah Rahman",
      recipient_contact: "0198765432",
      address_1: "1 Jalan Ampang",
      address_2: "",
      postcode: "50450",
      state: "Kuala Lumpur",
      country: "Malaysia",
      tracking_number: "MY1001TRK",
      order_status: 2,
      created_at: "2026-01-01 10:00:00",
      paid_on: "2026-01-01 10:05:00",
      ship_out_by: null,
      completed_at: null,
      refund_at: null,
      updated_at: null,
      version: 1,
    });
  });

  it("pages with _page and _limit and gives the total in X-Total-Count", async () => {
    const res = await ctx.call("GET", "/api/orders?_page=2&_limit=2");
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-total-count"]).toBe("5");
    expect(res.json().map((o: { order_number: string }) => o.order_number)).toEqual([
      "ORD-T0003",
      "ORD-T0002",
    ]);
    const last = await ctx.call("GET", "/api/orders?_page=3&_limit=2");
    expect(last.json()).toHaveLength(1);
  });

  it("sorts by a named field", async () => {
    const res = await ctx.call("GET", "/api/orders?_sort=total_price&_order=asc&_page=1&_limit=10");
    expect(res.json().map((o: { total_price: string }) => o.total_price)).toEqual([
      "10.50",
      "20.50",
      "30.50",
      "40.50",
      "50.50",
    ]);
  });

  it.each([
    ["order number", "ord-t0003", ["ORD-T0003"]],
    ["username", "BRANDON", ["ORD-T0004", "ORD-T0002"]],
    ["recipient", "aisyah rah", ["ORD-T0005", "ORD-T0003", "ORD-T0001"]],
    ["tracking number", "my1004", ["ORD-T0004"]],
  ])("searches the %s", async (_what, q, expected) => {
    const res = await ctx.call("GET", `/api/orders?q=${encodeURIComponent(q)}&_page=1&_limit=10`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((o: { order_number: string }) => o.order_number)).toEqual(expected);
    expect(res.headers["x-total-count"]).toBe(String(expected.length));
  });

  it("treats LIKE wildcards in the search as plain text", async () => {
    const res = await ctx.call("GET", "/api/orders?q=%25&_page=1&_limit=10");
    expect(res.json()).toEqual([]);
    expect(res.headers["x-total-count"]).toBe("0");
  });

  it("refuses bad paging parameters with 400", async () => {
    const res = await ctx.call("GET", "/api/orders?_page=0");
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toMatchObject([
      expect.objectContaining({ path: expect.any(String) }),
    ]);
  });
});

describe("GET /api/orders/{id}", () => {
  it("answers one order", async () => {
    const id = seeded[1]?.orders_id;
    const res = await ctx.call("GET", `/api/orders/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ orders_id: id, order_number: "ORD-T0002" });
  });

  it("answers 404 for an unknown or malformed id", async () => {
    for (const url of ["/api/orders/999999", "/api/orders/abc", "/api/orders/0"]) {
      const res = await ctx.call("GET", url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});

describe("PUT /api/orders/{id}", () => {
  it("takes only the status and the tracking number, and stamps updated_at now", async () => {
    const id = seeded[0]?.orders_id ?? 0;
    const res = await ctx.call("PUT", `/api/orders/${id}`, {
      ...putBody(id, 4, "  JNT-55  "),
      total_price: "0.01",
      username: "mallory",
      order_number: "HACKED",
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      orders_id: id,
      order_status: 4,
      tracking_number: "JNT-55",
      total_price: "10.50",
      username: "aisyah",
      order_number: "ORD-T0001",
      completed_at: null,
      refund_at: null,
    });
    expect(secondsFromNow(body.updated_at)).toBeLessThan(10);
    expect(await read(id)).toMatchObject({ order_status: 4, tracking_number: "JNT-55" });
  });

  it("choosing 6 (complete) stamps completed_at now, whatever the body says", async () => {
    const id = seeded[1]?.orders_id ?? 0;
    const res = await ctx.call("PUT", `/api/orders/${id}`, putBody(id, 6));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.order_status).toBe(6);
    expect(secondsFromNow(body.completed_at)).toBeLessThan(10);
    expect(body.refund_at).toBeNull();
  });

  it("choosing 8 (refund) stamps refund_at now and keeps the completion date", async () => {
    const id = seeded[1]?.orders_id ?? 0;
    const completedAt = (await read(id)).completed_at;
    const res = await ctx.call("PUT", `/api/orders/${id}`, putBody(id, "8"));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.order_status).toBe(8);
    expect(secondsFromNow(body.refund_at)).toBeLessThan(10);
    expect(body.completed_at).toBe(completedAt);
  });

  it.each([1, 2, 3, 4, 5, 7, 9])("choosing %i clears both stamps", async (status) => {
    const id = seeded[2]?.orders_id ?? 0;
    await ctx.db
      .update(orders)
      .set({ completed_at: "2026-02-01 09:00:00", refund_at: "2026-02-02 09:00:00" })
      .where(eq(orders.orders_id, id));
    const res = await ctx.call("PUT", `/api/orders/${id}`, putBody(id, status));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ order_status: status, completed_at: null, refund_at: null });
    expect(await read(id)).toMatchObject({ completed_at: null, refund_at: null });
  });

  it("re-saving a complete order keeps its original completion time", async () => {
    const id = seeded[3]?.orders_id ?? 0;
    await ctx.db
      .update(orders)
      .set({ order_status: 6, completed_at: "2026-03-01 12:00:00" })
      .where(eq(orders.orders_id, id));
    const res = await ctx.call("PUT", `/api/orders/${id}`, putBody(id, 6, "NEW-TRACK"));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      tracking_number: "NEW-TRACK",
      completed_at: "2026-03-01 12:00:00",
    });
  });

  it("refuses a status that is not in orderStatus with a plain 400, writing nothing", async () => {
    const id = seeded[4]?.orders_id ?? 0;
    const before = await read(id);
    for (const status of [10, 99, -1, 0, 1.5, "", "six", null]) {
      const res = await ctx.call("PUT", `/api/orders/${id}`, putBody(id, status));
      expect(res.statusCode, String(status)).toBe(400);
      const body = res.json();
      expect(body.message).toMatch(/order status/i);
      expect(body.issues).toMatchObject([
        expect.objectContaining({ path: "order_status", message: expect.any(String) }),
      ]);
    }
    expect(await read(id)).toEqual(before);
  });

  it("requires the tracking number and the status", async () => {
    const id = seeded[4]?.orders_id ?? 0;
    const before = await read(id);
    for (const [payload, path] of [
      [{ order_status: 3 }, "tracking_number"],
      [{ order_status: 3, tracking_number: "   " }, "tracking_number"],
      [{ tracking_number: "X1" }, "order_status"],
      [{ order_status: 3, tracking_number: "x".repeat(101) }, "tracking_number"],
    ] as const) {
      const res = await ctx.call("PUT", `/api/orders/${id}`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual([path]);
    }
    expect(await read(id)).toEqual(before);
  });

  it("answers 404 for an unknown order", async () => {
    const res = await ctx.call("PUT", "/api/orders/999999", putBody(999999, 3));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: "Order not found." });
  });

  it("records the change in the audit log with before and after", async () => {
    const id = seeded[4]?.orders_id ?? 0;
    await ctx.call("PUT", `/api/orders/${id}`, putBody(id, 9, "AUDIT-1"));
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "Order"), eq(auditLog.entity_id, String(id))));
    const last = rows.at(-1);
    expect(last?.action).toBe("update");
    expect(last?.before).toMatchObject({ order_status: 2 });
    expect(last?.after).toMatchObject({ order_status: 9, tracking_number: "AUDIT-1" });
  });
});

describe("GET /api/ordersCount", () => {
  it("answers one entry per order with only total_price", async () => {
    const res = await ctx.call("GET", "/api/ordersCount");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { total_price: "10.50" },
      { total_price: "20.50" },
      { total_price: "30.50" },
      { total_price: "40.50" },
      { total_price: "50.50" },
    ]);
  });
});
