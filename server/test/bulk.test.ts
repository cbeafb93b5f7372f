import { BULK_MAX } from "@store/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { seedLists } from "./lists.fixtures";
import { stepUp } from "./staff.fixtures";

// POST <list>/bulk (docs/decisions/bulk-actions.md): each record its own transaction through the single call's
// service, so some succeed and some fail with the answer one call would give.

type Result = { id: number; ok: boolean; status: number; message: string };
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  // Deleting members needs a fresh proof (docs/decisions/staff-accounts.md).
  await stepUp(ctx);
  await seedLists(ctx);
}, 120_000);
afterAll(() => ctx.close());

async function bulk(path: string, body: object): Promise<Result[]> {
  const res = await ctx.call("POST", `${path}/bulk`, body);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json().results as Result[];
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T | undefined> {
  return (await ctx.db.execute(query)).rows[0] as T | undefined;
}

describe("withdrawal requests", () => {
  it("approves several at once; one already decided is refused and the rest are paid once", async () => {
    const processing = (
      await ctx.db.execute<{ withdraw_id: number; user_id: number; withdraw_amt: string }>(
        sql`select withdraw_id, user_id, withdraw_amt::text from withdraw_requests
          where withdraw_status = 'processing' and user_id is not null order by withdraw_id limit 3`,
      )
    ).rows;
    expect(processing.length).toBe(3);
    // Enough in every payee's cash wallet (an adjustment, as an administrator
    // would make it), and inside the store's limits.
    await ctx.db.execute(
      sql`update settings set withdraw_min_amt = 0, withdraw_max_amt = null where setting_id = 1`,
    );
    for (const p of processing) {
      const res = await ctx.call("POST", "/api/walletAdjustments", {
        user_id: p.user_id,
        account: "cash_wallet",
        amount: "100000.00",
        note: "Bulk test float",
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const [first, second, third] = processing.map((p) => p.withdraw_id) as [number, number, number];
    await ctx.call("PUT", `/api/withdrawRequest/${first}`, { withdraw_status: "rejected" });
    const wallets = async () =>
      (
        await ctx.db.execute<{ user_id: number; c: string }>(
          sql`select user_id, c_wallet_amt::text as c from user_wallets
            where user_id in (${sql.join(
              processing.map((p) => sql`${p.user_id}`),
              sql`, `,
            )})`,
        )
      ).rows;
    const before = await wallets();
    const results = await bulk("/api/withdrawRequest", {
      action: "approve",
      ids: [first, second, third, 999_999],
    });
    expect(results.map((r) => [r.id, r.ok, r.status])).toEqual([
      [first, false, 409],
      [second, true, 200],
      [third, true, 200],
      [999_999, false, 404],
    ]);
    expect(results[0]?.message).toContain("already rejected");
    const approved = results.filter((r) => r.ok).map((r) => r.id);
    for (const id of approved) {
      const row = await one<{ s: string }>(
        sql`select withdraw_status as s from withdraw_requests where withdraw_id = ${id}`,
      );
      expect(row?.s).toBe("completed");
    }
    expect(results[3]?.message).toBe("Withdrawal request not found.");
    // Each payee paid exactly the amount once.
    const paid = await wallets();
    for (const p of processing.slice(1)) {
      const was = Number(before.find((w) => w.user_id === p.user_id)?.c);
      const now = Number(paid.find((w) => w.user_id === p.user_id)?.c);
      expect(Math.round((was - now) * 100)).toBe(Math.round(Number(p.withdraw_amt) * 100));
    }
    // Approving the same again decides nothing twice: each is refused, no wallet moves.
    const afterFirst = await wallets();
    const again = await bulk("/api/withdrawRequest", { action: "approve", ids: approved });
    expect(again.every((r) => !r.ok && r.status === 409)).toBe(true);
    expect(await wallets()).toEqual(afterFirst);
    expect(before.length).toBe(afterFirst.length);
  });

  it("rejects every processing request a filter matches", async () => {
    const filter = { withdraw_status: "processing" };
    const waiting = await ctx.call(
      "GET",
      "/api/withdrawRequest?_page=1&_limit=100&withdraw_status=processing",
    );
    const ids = (waiting.json() as { withdraw_id: number }[]).map((w) => w.withdraw_id);
    expect(ids.length).toBeGreaterThan(0);
    const results = await bulk("/api/withdrawRequest", { action: "reject", filter });
    expect(results.map((r) => r.id)).toEqual(ids);
    expect(results.every((r) => r.ok && r.message === "Rejected.")).toBe(true);
    const left = await ctx.call(
      "GET",
      "/api/withdrawRequest?_page=1&_limit=1&withdraw_status=processing",
    );
    expect(left.headers["x-total-count"]).toBe("0");
  });
});

describe("deletes, with the rules of one delete", () => {
  it("categories: an empty one goes, one holding products is refused, an unknown one is 404", async () => {
    const empty = (
      await ctx.call("POST", "/api/categories", { category_name: "Bulk empty" })
    ).json();
    const full = await one<{ id: number }>(
      sql`select category_id as id from categories where products_in_cat > 0 and deleted_at is null limit 1`,
    );
    const results = await bulk("/api/categories", {
      action: "delete",
      ids: [empty.category_id, full?.id, 987_654],
    });
    expect(results.map((r) => [r.ok, r.status])).toEqual([
      [true, 200],
      [false, 409],
      [false, 404],
    ]);
    expect(results[1]?.message).toMatch(/still has \d+ product/);
    expect((await ctx.call("GET", `/api/categories/${empty.category_id}`)).statusCode).toBe(404);
  });

  it("users: deleting cascades to the wallet; the administrator's own account is refused", async () => {
    const me = await one<{ id: number }>(
      sql`select user_id as id from users where role = 'Admin' order by user_id limit 1`,
    );
    // A member holding nothing: one holding money is refused (test/people-deletion.test.ts).
    const member = await one<{ id: number }>(
      sql`select u.user_id as id from users u join user_wallets w using (user_id)
        where u.role = 'Member' and u.ttl_pv = 0 and w.wallet_amt = 0 and w.c_wallet_amt = 0
        order by u.user_id desc limit 1`,
    );
    expect(member).toBeDefined();
    const results = await bulk("/api/users", {
      action: "delete",
      ids: [member?.id, me?.id],
      referrals: "none",
    });
    expect(results.map((r) => [r.ok, r.status])).toEqual([
      [true, 200],
      [false, 409],
    ]);
    const wallet = await one<{ n: number }>(
      sql`select count(*)::int as n from user_wallets where user_id = ${member?.id ?? 0}`,
    );
    expect(wallet?.n).toBe(0);
  });

  it("every delete leaves its own audit row", async () => {
    const made = [];
    for (const name of ["Bulk A", "Bulk B"]) {
      made.push((await ctx.call("POST", "/api/brands", { brand_name: name })).json().brand_id);
    }
    const results = await bulk("/api/brands", { action: "delete", ids: made });
    expect(results.every((r) => r.ok)).toBe(true);
    for (const id of made) {
      const row = await one<{ n: number }>(
        sql`select count(*)::int as n from audit_log where entity = 'Brand' and entity_id = ${String(id)} and action = 'delete'`,
      );
      expect(row?.n).toBe(1);
    }
  });
});

describe("activate and deactivate", () => {
  it("banners matched by a filter, each saved as its edit would be", async () => {
    await ctx.db.execute(sql`update banners set banner_status = 0`);
    const results = await bulk("/api/banner", {
      action: "activate",
      // As the web keeps its list state: numbers, paging and sort included.
      filter: { banner_status: 0, _page: 2, _limit: 10, _sort: "title", _order: "asc" },
    });
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((r) => r.ok && r.message === "Activated.")).toBe(true);
    const left = await ctx.call("GET", "/api/banner?_page=1&_limit=1&banner_status=0");
    expect(left.headers["x-total-count"]).toBe("0");
  });

  it("users: deactivating oneself is refused, others are deactivated", async () => {
    const ids = (
      await ctx.db.execute<{ id: number }>(
        sql`(select user_id as id from users where role = 'Admin' order by user_id limit 1)
          union all (select user_id from users where role = 'Member' and user_status = 1 order by user_id limit 2)`,
      )
    ).rows.map((r) => r.id);
    const results = await bulk("/api/users", { action: "deactivate", ids });
    expect(results.map((r) => r.ok)).toEqual([false, true, true]);
    expect(results[0]?.status).toBe(409);
  });

  it("products and coupons: activate, then deactivate, by ids", async () => {
    for (const [path, key, field] of [
      ["/api/products", "product_id", "product_status"],
      ["/api/vouchers", "voucher_id", "voucher_status"],
      ["/api/agencyStore", "store_id", "store_status"],
      ["/api/testimonials", "testimonial_id", "testimonial_status"],
      ["/api/brands", "brand_id", "brand_status"],
      ["/api/categories", "category_id", "cat_status"],
    ] as const) {
      const page = await ctx.call("GET", `${path}?_page=1&_limit=3`);
      const ids = (page.json() as Record<string, number>[]).map((r) => r[key] as number);
      for (const [action, value] of [
        ["deactivate", 0],
        ["activate", 1],
      ] as const) {
        const results = await bulk(path, { action, ids });
        expect(
          results.every((r) => r.ok),
          `${path} ${action}: ${JSON.stringify(results)}`,
        ).toBe(true);
        const after = await ctx.call(
          "GET",
          `${path}?_page=1&_limit=10&${key}=${ids.join(`&${key}=`)}`,
        );
        expect((after.json() as Record<string, number>[]).map((r) => r[field])).toEqual(
          ids.map(() => value),
        );
      }
    }
  });
});

describe("orders: set status", () => {
  it("sets the status of each order, refusing one the edit form would refuse", async () => {
    const tracked = (
      await ctx.db.execute<{ id: number }>(
        sql`select orders_id as id from orders where tracking_number <> '' order by orders_id limit 2`,
      )
    ).rows.map((r) => r.id);
    const untracked = await one<{ id: number }>(
      sql`select orders_id as id from orders where tracking_number = '' limit 1`,
    );
    if (!untracked) {
      await ctx.db.execute(
        sql`update orders set tracking_number = '' where orders_id = (select max(orders_id) from orders)`,
      );
    }
    const bare =
      untracked?.id ??
      (await one<{ id: number }>(sql`select max(orders_id) as id from orders`))?.id;
    const results = await bulk("/api/orders", {
      action: "setStatus",
      status: 6,
      ids: [...tracked, bare],
    });
    expect(results.map((r) => [r.ok, r.status])).toEqual([
      [true, 200],
      [true, 200],
      [false, 400],
    ]);
    expect(results[0]?.message).toBe("Status set to complete.");
    expect(results[2]?.message).toBe("Tracking number is required.");
    const done = await one<{ n: number }>(
      sql`select count(*)::int as n from orders where orders_id in (${sql.join(
        tracked.map((id) => sql`${id}`),
        sql`, `,
      )}) and order_status = 6 and completed_at is not null`,
    );
    expect(done?.n).toBe(2);
  });

  it("needs a status that exists", async () => {
    for (const body of [
      { action: "setStatus", ids: [1] },
      { action: "setStatus", status: 99, ids: [1] },
    ]) {
      const res = await ctx.call("POST", "/api/orders/bulk", body);
      expect(res.statusCode).toBe(400);
      expect(res.json().issues[0].path).toBe("status");
    }
  });
});

describe("what a bulk call refuses whole", () => {
  it("an action the list does not have, both ids and filter, neither, a bad filter", async () => {
    const cases: [string, object, string][] = [
      ["/api/orders/bulk", { action: "delete", ids: [1] }, "action"],
      ["/api/withdrawRequest/bulk", { action: "delete", ids: [1] }, "action"],
      ["/api/brands/bulk", { action: "delete", ids: [1], filter: {} }, "ids"],
      ["/api/brands/bulk", { action: "delete" }, "ids"],
      ["/api/brands/bulk", { action: "delete", filter: { nope: "1" } }, "filter.nope"],
      ["/api/brands/bulk", { action: "delete", ids: [] }, "ids"],
    ];
    for (const [url, body, path] of cases) {
      const res = await ctx.call("POST", url, body);
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().issues[0].path, JSON.stringify(body)).toBe(path);
    }
  });

  it(`more than ${BULK_MAX} records, sent or matched`, async () => {
    const ids = Array.from({ length: BULK_MAX + 1 }, (_, i) => i + 1);
    const sent = await ctx.call("POST", "/api/brands/bulk", { action: "delete", ids });
    expect(sent.statusCode).toBe(400);
    await ctx.db.execute(sql`insert into brands (brand_name, brand_status)
      select 'Many ' || g, 0 from generate_series(1, ${BULK_MAX + 5}) as g`);
    const matched = await ctx.call("POST", "/api/brands/bulk", {
      action: "activate",
      filter: { brand_status: "0" },
    });
    expect(matched.statusCode).toBe(400);
    expect(matched.json().message).toContain(`more than ${BULK_MAX}`);
    // Nothing was written.
    const [inactive] = (
      await ctx.db.execute(sql`select count(*)::int as n from brands where brand_status = 0`)
    ).rows as { n: number }[];
    expect(inactive?.n).toBeGreaterThan(BULK_MAX);
  });
});
