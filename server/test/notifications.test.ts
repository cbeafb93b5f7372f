import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestContext, type TestContext } from "./helpers";
import { withLines } from "./orders.fixtures";
import { insertUser } from "./people.fixtures";

// GET notifications: the top bar's counts, each with a link to the list that
// shows those records (the link's filters are the list call's own).

type Notice = { kind: string; title: string; count: number; link: string };
let ctx: TestContext;

/** The list call behind a screen's link. */
const API_OF: Record<string, string> = {
  "/withdrawRequest": "/api/withdrawRequest",
  "/order": "/api/orders",
  "/agency": "/api/agencyStore",
  "/products": "/api/products",
  "/userWallets": "/api/usersWallet",
};

async function notices(): Promise<Record<string, Notice>> {
  const res = await ctx.call("GET", "/api/notifications");
  expect(res.statusCode).toBe(200);
  expect(res.headers["cache-control"]).toBe("no-store");
  return Object.fromEntries((res.json() as Notice[]).map((n) => [n.kind, n]));
}

/** How many records the notice's link shows on its list. */
async function shownBy(notice: Notice): Promise<number> {
  const [screen = "", query = ""] = notice.link.split("?");
  const api = API_OF[screen];
  expect(api, notice.link).toBeDefined();
  const res = await ctx.call("GET", `${api}?_page=1&_limit=10&${query}`);
  expect(res.statusCode, `${notice.link}: ${res.body.slice(0, 200)}`).toBe(200);
  return Number(res.headers["x-total-count"]);
}

beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

describe("GET notifications", () => {
  it("answers every kind, zero on an empty store", async () => {
    const all = await notices();
    expect(Object.keys(all).sort()).toEqual([
      "adjustments_second_approval",
      "agencies_expiring",
      "backup_failed",
      "jobs_failing",
      "orders_to_ship",
      "products_low_stock",
      "variants_low_stock",
      "withdrawals_processing",
      "withdrawals_second_approval",
    ]);
    for (const notice of Object.values(all)) {
      expect(notice.count, notice.kind).toBe(0);
      expect(notice.title.length).toBeGreaterThan(5);
    }
  });

  it("counts what waits, and each link's list shows exactly those records", async () => {
    const [user] = (
      await ctx.db.execute<{ user_id: number }>(
        sql`select user_id from users order by user_id limit 1`,
      )
    ).rows;
    await ctx.db.execute(sql`insert into withdraw_requests (user_id, bank_acc, bank_name, withdraw_amt, withdraw_status)
      values (${user?.user_id}, '1', 'Maybank', 10, 'processing'), (${user?.user_id}, '2', 'CIMB', 20, 'processing'),
        (${user?.user_id}, '3', 'RHB', 30, 'rejected')`);
    // Paid (2), processing (3): to ship; pending (1), shipped (4): not.
    await ctx.db.execute(
      withLines(sql`insert into orders (order_number, username, total_price, subtotal, order_status)
      select 'NOTE' || g || '-' || i, 'n', 10, 10, s
      from generate_series(1, 2) as g, unnest(array[1, 2, 2, 3, 4]) with ordinality as t(s, i)`),
    );
    await ctx.db.execute(sql`insert into agency_stores (store_username, store_name, owner, store_email,
        owner_contact, store_status, expired_at, deleted_at)
      values ('soon', 'Soon', 'O', 'a@x.my', '1', 1, now() + interval '3 days', null),
        ('later', 'Later', 'O', 'b@x.my', '1', 1, now() + interval '10 days', null),
        ('gone', 'Gone', 'O', 'c@x.my', '1', 1, now() - interval '1 day', null),
        ('deleted', 'Deleted', 'O', 'd@x.my', '1', 1, now() + interval '2 days', now())`);
    const [category] = (
      await ctx.db.execute<{ id: number }>(
        sql`insert into categories (category_name) values ('Stock') returning category_id as id`,
      )
    ).rows;
    const products = (
      await ctx.db.execute<{
        id: number;
      }>(sql`insert into products (product_name, normal_price, stock_qtt, category_id)
        select 'P' || q, 10, q, ${category?.id} from unnest(array[0, 5, 6, 50]) as q returning product_id as id`)
    ).rows;
    await ctx.db.execute(sql`insert into product_variants (product_id, variant_name, variant_price, variant_qtt)
      values (${products[3]?.id}, 'Red', 10, 2), (${products[3]?.id}, 'Blue', 10, 40)`);

    // Credit adjustments awaiting a second person: two members' asked by another
    // person, one asked by the caller (theirs to reject, not to approve), one decided.
    const a = await insertUser(ctx.db);
    const b = await insertUser(ctx.db);
    const [me] = (
      await ctx.db.execute<{ user_id: number }>(
        sql`select user_id from users where email = ${ADMIN.email}`,
      )
    ).rows;
    await ctx.db.execute(sql`insert into adjustment_requests (user_id, account, amount, note, status, requested_by)
      values (${a}, 'wallet', 900, 'bonus', 'pending', ${b}),
        (${b}, 'cash_wallet', 700, 'bonus', 'pending', ${a}),
        (${a}, 'wallet', 800, 'mine', 'pending', ${me?.user_id}),
        (${b}, 'wallet', 600, 'done', 'approved', ${a})`);

    const all = await notices();
    expect(all.adjustments_second_approval?.count).toBe(2);
    expect(all.withdrawals_processing?.count).toBe(2);
    expect(all.orders_to_ship?.count).toBe(6);
    expect(all.agencies_expiring?.count).toBe(1);
    // The threshold is 5 by default: stock at or below it.
    expect(all.products_low_stock?.count).toBe(2);
    expect(all.variants_low_stock?.count).toBe(1);
    expect(all.products_low_stock?.link).toBe("/products?stock_qtt_lte=5");
    for (const kind of [
      "adjustments_second_approval",
      "withdrawals_processing",
      "orders_to_ship",
      "agencies_expiring",
      "products_low_stock",
    ]) {
      const notice = all[kind] as Notice;
      expect(await shownBy(notice), notice.link).toBe(notice.count);
    }
    // The variants' link shows the products that have one.
    expect(await shownBy(all.variants_low_stock as Notice)).toBe(1);
  });

  it("follows the writes and the threshold setting", async () => {
    const waiting = await ctx.call(
      "GET",
      "/api/withdrawRequest?_page=1&_limit=1&withdraw_status=processing",
    );
    const id = (waiting.json() as { withdraw_id: number }[])[0]?.withdraw_id;
    const decided = await ctx.call("PUT", `/api/withdrawRequest/${id}`, {
      withdraw_status: "rejected",
    });
    expect(decided.statusCode).toBe(200);
    await ctx.db.execute(sql`update orders set order_status = 4 where order_number = 'NOTE1-4'`);
    await ctx.db.execute(sql`update settings set low_stock_threshold = 6 where setting_id = 1`);
    const all = await notices();
    expect(all.withdrawals_processing?.count).toBe(1);
    expect(all.orders_to_ship?.count).toBe(5);
    expect(all.products_low_stock?.count).toBe(3);
    expect(all.products_low_stock?.link).toBe("/products?stock_qtt_lte=6");
  });
});
