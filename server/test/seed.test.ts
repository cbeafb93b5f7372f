/**
 * The demo store: every derived count is true, every state is present, the
 * images are real PNGs, money is exact, and the same seed gives the same store.
 */
import { createHash } from "node:crypto";
import { inflateSync } from "node:zlib";
import { checkNric } from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client";
import { seedDemoStore } from "../src/db/seed/demo";
import { crc32, PNG_SIGNATURE } from "../src/db/seed/demoStore/png";
import { seedDemoIfEmpty } from "../src/db/seed/index";
import { type UploadObject, uploadBytes } from "../src/modules/uploads/storage";
import { createTestContext, type TestContext } from "./helpers";
import { ordersDrift, seededLinesDrift } from "./orders.fixtures";

// One moment for both stores, so the determinism check compares like with like.
const NOW = new Date();
const THIS_YEAR = NOW.getFullYear();

let ctx: TestContext;
let firstFigures: Record<string, unknown>;

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}
async function one<T>(db: Db, query: SQL): Promise<T> {
  return (await rows<T>(db, query))[0] as T;
}

// Long lists are compared by digest, so a failure prints a readable difference.
const figures = async (db: Db) => {
  const raw = await one<Record<string, unknown>>(
    db,
    sql`select
      (select count(*)::int from users) as users,
      (select count(*)::int from products) as products,
      (select count(*)::int from product_variants) as variants,
      (select sum(down_line)::int from users) as down_lines,
      (select string_agg(membership::text, '' order by user_id) from users) as tiers,
      (select sum(total_price)::text from orders) as revenue,
      (select sum(points_earned)::text from orders) as points,
      (select string_agg(order_status::text, '' order by orders_id) from orders) as statuses,
      (select string_agg(order_number, ',' order by orders_id) from orders) as numbers,
      (select sum(wallet_amt + c_wallet_amt)::text from user_wallets) as wallets,
      (select sum(withdraw_amt)::text from withdraw_requests) as withdrawn,
      (select string_agg(voucher_code, ',' order by voucher_id) from vouchers) as codes,
      (select string_agg(username || ':' || created_at::text, ',' order by user_id) from users where username <> 'admin') as signups,
      (select sum(normal_price)::text from products) as prices`,
  );
  return Object.fromEntries(
    Object.entries(raw).map(([key, value]) => [
      key,
      typeof value === "string" && value.length > 40
        ? createHash("sha256").update(value).digest("hex").slice(0, 16)
        : value,
    ]),
  );
};

beforeAll(async () => {
  ctx = await createTestContext();
  await seedDemoStore(ctx.db, ctx.app.uploadStorage, { now: NOW });
  // Taken before any test changes the store (one approves a withdrawal).
  firstFigures = await figures(ctx.db);
}, 120_000);

afterAll(async () => {
  await ctx?.close();
});

describe("demo store counts", () => {
  it("gives every user a down_line equal to the users naming them", async () => {
    const wrong = await one<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from users u
        where u.down_line <> (select count(*) from users c where c.referral_of = u.user_id)`,
    );
    const tree = await one<{ referred: number; sum: number; deep: number }>(
      ctx.db,
      sql`select count(referral_of)::int as referred, sum(down_line)::int as sum,
        count(*) filter (where down_line >= 10)::int as deep from users`,
    );
    expect(wrong.n).toBe(0);
    expect(tree.referred).toBeGreaterThan(100);
    expect(tree.sum).toBe(tree.referred);
    expect(tree.deep).toBeGreaterThan(0);
  });

  it("refers only to users who signed up earlier", async () => {
    const later = await one<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from users u join users r on r.user_id = u.referral_of
        where r.created_at > u.created_at`,
    );
    expect(later.n).toBe(0);
  });

  it("keeps products_in_cat and product_variation equal to the live rows", async () => {
    const categories = await one<{ n: number; total: number }>(
      ctx.db,
      sql`select count(*) filter (where c.products_in_cat <> (select count(*) from products p
          where p.category_id = c.category_id and p.deleted_at is null))::int as n,
        sum(c.products_in_cat)::int as total
        from categories c`,
    );
    const products = await one<{ n: number; none: number; ten: number; variants: number }>(
      ctx.db,
      sql`select count(*) filter (where p.product_variation <> (select count(*) from product_variants v
          where v.product_id = p.product_id and v.deleted_at is null))::int as n,
        count(*) filter (where p.product_variation = 0)::int as none,
        max(p.product_variation)::int as ten,
        sum(p.product_variation)::int as variants
        from products p`,
    );
    expect(categories.n).toBe(0);
    expect(categories.total).toBe(150);
    expect(products.n).toBe(0);
    expect(products.none).toBeGreaterThan(0);
    expect(products.ten).toBeLessThanOrEqual(10);
    expect(products.variants).toBeGreaterThan(150);
  });

  it("answers ttl_order equal to each user's orders", async () => {
    const response = await ctx.call("GET", "/api/users");
    expect(response.statusCode).toBe(200);
    const listed = response.json<{ user_id: number; ttl_order: number }[]>();
    const counted = await rows<{ user_id: number; n: number }>(
      ctx.db,
      sql`select u.user_id, count(o.orders_id)::int as n from users u
        left join orders o on o.user_id = u.user_id group by u.user_id`,
    );
    const expected = new Map(counted.map((r) => [r.user_id, r.n]));
    expect(listed).toHaveLength(301);
    for (const user of listed) expect(user.ttl_order).toBe(expected.get(user.user_id));
    expect(listed.filter((u) => u.ttl_order > 0).length).toBeGreaterThan(150);
  });

  it("orders in the name and contact of the user who placed them", async () => {
    const mismatched = await one<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from orders o join users u on u.user_id = o.user_id
        where o.username <> u.username or o.contact <> u.contact or o.created_at < u.created_at`,
    );
    const orphans = await one<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from orders where user_id is null`,
    );
    expect(mismatched.n).toBe(0);
    expect(orphans.n).toBe(0);
  });

  it("stores the lines it draws: they sum to each order's subtotal, and subtotal - discount + shipping = total", async () => {
    const drift = await ordersDrift(ctx.db);
    expect(drift).toEqual({ orders: 1500, money: 0, no_lines: 0, sum: 0, line: 0 });
    expect(await seededLinesDrift(ctx.db)).toBe(0);
  });
});

describe("demo store states", () => {
  it("has orders in every status 1-9, stamped as the status says, in both years", async () => {
    const statuses = await rows<{ order_status: number }>(
      ctx.db,
      sql`select distinct order_status from orders order by 1`,
    );
    expect(statuses.map((s) => s.order_status)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const stamps = await one<{ completed: number; refund: number; unpaid: number; future: number }>(
      ctx.db,
      sql`select
        count(*) filter (where (order_status = 6) <> (completed_at is not null))::int as completed,
        count(*) filter (where (order_status = 8) <> (refund_at is not null))::int as refund,
        count(*) filter (where order_status = 1 and paid_on is not null)::int as unpaid,
        count(*) filter (where created_at > now() or completed_at > now() or refund_at > now())::int as future
        from orders`,
    );
    expect(stamps).toEqual({ completed: 0, refund: 0, unpaid: 0, future: 0 });
    const years = await rows<{ year: number; n: number }>(
      ctx.db,
      sql`select extract(year from created_at)::int as year, count(*)::int as n
        from orders group by 1 order by 1`,
    );
    expect(years.map((y) => y.year)).toEqual([THIS_YEAR - 1, THIS_YEAR]);
    expect(years.reduce((sum, y) => sum + y.n, 0)).toBe(1500);
  });

  it("has users in every membership tier, signed up over last year and this year", async () => {
    const tiers = await rows<{ membership: number }>(
      ctx.db,
      sql`select distinct membership from users order by 1`,
    );
    expect(tiers.map((t) => t.membership)).toEqual([1, 2, 3, 4, 5]);
    const years = await rows<{ year: number }>(
      ctx.db,
      sql`select distinct extract(year from created_at)::int as year from users order by 1`,
    );
    expect(years.map((y) => y.year)).toEqual([THIS_YEAR - 1, THIS_YEAR]);
    const shape = await one<{ long_contact: number; roles: number; admins: number }>(
      ctx.db,
      sql`select count(*) filter (where length(contact) > 12)::int as long_contact,
        count(distinct role)::int as roles,
        count(*) filter (where role = 'Admin')::int as admins from users`,
    );
    expect(shape).toEqual({ long_contact: 0, roles: 4, admins: 3 });
  });

  it("gives every user exactly one wallet", async () => {
    const missing = await one<{ n: number; wallets: number }>(
      ctx.db,
      sql`select count(*) filter (where w.wallet_id is null)::int as n, count(w.wallet_id)::int as wallets
        from users u left join user_wallets w on w.user_id = u.user_id`,
    );
    expect(missing).toEqual({ n: 0, wallets: 301 });
  });

  it("has withdrawal requests in all three states with the stamps each state carries", async () => {
    const states = await rows<{ withdraw_status: string; bad: number }>(
      ctx.db,
      sql`select withdraw_status, count(*) filter (where
          case withdraw_status
            when 'processing' then "cashOut_at" is not null or rejected_at is not null
            when 'completed' then "cashOut_at" is null or rejected_at is not null or "cashOut_at" < request_at
            else rejected_at is null or "cashOut_at" is not null or rejected_at < request_at
          end)::int as bad
        from withdraw_requests group by 1 order by 1`,
    );
    expect(states).toEqual([
      { withdraw_status: "completed", bad: 0 },
      { withdraw_status: "processing", bad: 0 },
      { withdraw_status: "rejected", bad: 0 },
    ]);
  });

  it("keeps every open request within the cash wallet, so the demo can approve it", async () => {
    const short = await one<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from (
          select r.user_id, sum(r.withdraw_amt) as asked from withdraw_requests r
          where r.withdraw_status = 'processing' group by r.user_id) open
        join user_wallets w on w.user_id = open.user_id where w.c_wallet_amt < open.asked`,
    );
    expect(short.n).toBe(0);
    const [open] = await rows<{ withdraw_id: number }>(
      ctx.db,
      // An active member's (an inactive member's request is refused by rule).
      sql`select r.withdraw_id from withdraw_requests r join users u on u.user_id = r.user_id
        where r.withdraw_status = 'processing' and u.user_status = 1 order by r.withdraw_id limit 1`,
    );
    const approved = await ctx.call("PUT", `/api/withdrawRequest/${open?.withdraw_id}`, {
      withdraw_id: open?.withdraw_id,
      withdraw_status: "completed",
    });
    expect(approved.statusCode, approved.body).toBe(200);
  });

  it("has members in every KYC status with real NRICs, and open requests of verified and unverified members", async () => {
    // So a store can try the KYC rule (docs/decisions/kyc.md) on the demo.
    const statuses = await rows<{ status: string }>(
      ctx.db,
      sql`select distinct status from user_kyc order by status`,
    );
    expect(statuses.map((r) => r.status)).toEqual(["pending", "rejected", "verified"]);
    const held = await rows<{ nric: string }>(ctx.db, sql`select nric from user_kyc`);
    expect(held.length).toBeGreaterThan(0);
    expect(held.filter((r) => !checkNric(r.nric).ok)).toEqual([]);
    const open = await rows<{ verified: boolean }>(
      ctx.db,
      sql`select distinct coalesce(k.status = 'verified', false) as verified
        from withdraw_requests r left join user_kyc k on k.user_id = r.user_id
        where r.withdraw_status = 'processing' order by 1`,
    );
    expect(open.map((r) => r.verified)).toEqual([false, true]);
  });

  it("has vouchers of both types, uppercase codes, some expired and some live", async () => {
    const response = await ctx.call("GET", "/api/vouchers");
    const list =
      response.json<{ voucher_code: string; discount_type: string; expired_at: string }[]>();
    expect(list).toHaveLength(20);
    for (const v of list) expect(v.voucher_code).toMatch(/^[A-Z0-9]+$/);
    expect(new Set(list.map((v) => v.discount_type))).toEqual(new Set(["price", "percentage"]));
    const stamp = (d: Date) => d.toISOString();
    const expiry = (v: { expired_at: string }) => stamp(new Date(v.expired_at.replace(" ", "T")));
    expect(list.some((v) => expiry(v) < stamp(NOW))).toBe(true);
    expect(list.some((v) => expiry(v) > stamp(NOW))).toBe(true);
  });

  it("has agency stores, banners and testimonials by real users", async () => {
    const counts = await one<{
      agency: number;
      banners: number;
      testimonials: number;
      foreign: number;
    }>(
      ctx.db,
      sql`select (select count(*) from agency_stores)::int as agency,
        (select count(*) from banners)::int as banners,
        (select count(*) from testimonials)::int as testimonials,
        (select count(*) from testimonials t left join users u on u.user_id = t.user_id
          where u.username is distinct from t.username)::int as foreign`,
    );
    expect(counts).toEqual({ agency: 10, banners: 6, testimonials: 20, foreign: 0 });
  });

  it("fills only an empty store", async () => {
    expect(await seedDemoIfEmpty(ctx.db, ctx.app.uploadStorage)).toBe(false);
  });
});

describe("demo store money", () => {
  it("stores money as numeric and answers it as exact two-place strings", async () => {
    const types = await rows<{ column_name: string; data_type: string }>(
      ctx.db,
      sql`select column_name, data_type from information_schema.columns
        where table_schema = current_schema() and column_name in
          ('total_price', 'points_earned', 'wallet_amt', 'c_wallet_amt', 'withdraw_amt', 'normal_price', 'ttl_pv')`,
    );
    expect(types.length).toBeGreaterThanOrEqual(7);
    for (const t of types) expect(t.data_type).toBe("numeric");

    const response = await ctx.call("GET", "/api/orders");
    const orders = response.json<{ total_price: string; points_earned: string }[]>();
    expect(orders).toHaveLength(1500);
    let cents = 0n;
    for (const o of orders) {
      expect(o.total_price).toMatch(/^\d+\.\d{2}$/);
      expect(o.points_earned).toMatch(/^\d+\.\d{2}$/);
      cents += BigInt(o.total_price.replace(".", ""));
    }
    const sum = await one<{ total: string }>(
      ctx.db,
      sql`select sum(total_price)::text as total from orders`,
    );
    const text = cents.toString().padStart(3, "0");
    expect(sum.total).toBe(`${text.slice(0, -2)}.${text.slice(-2)}`);
  });

  it("prices products with real discounts below the normal price", async () => {
    const prices = await one<{ bad: number; discounted: number }>(
      ctx.db,
      sql`select count(*) filter (where discount_price >= normal_price and discount_price > 0
          or normal_price <= 0 or cost_price > normal_price)::int as bad,
        count(*) filter (where discount_price > 0)::int as discounted from products`,
    );
    expect(prices.bad).toBe(0);
    expect(prices.discounted).toBeGreaterThan(10);
  });
});

/** Checks a PNG's signature, every chunk's CRC and that IDAT inflates to the image size. */
function checkPng(file: Buffer): { width: number; height: number } {
  expect(file.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  let at = 8;
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  const types: string[] = [];
  while (at < file.length) {
    const length = file.readUInt32BE(at);
    const type = file.toString("ascii", at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    expect(file.readUInt32BE(at + 8 + length)).toBe(crc32(file.subarray(at + 4, at + 8 + length)));
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
    }
    if (type === "IDAT") data.push(body);
    types.push(type);
    at += 12 + length;
  }
  expect(types[0]).toBe("IHDR");
  expect(types.at(-1)).toBe("IEND");
  expect(inflateSync(Buffer.concat(data)).length).toBe(height * (1 + width * 3));
  return { width, height };
}

describe("demo store images", () => {
  it("writes every image a record names, as a valid PNG", async () => {
    const named = await rows<{ name: string }>(
      ctx.db,
      sql`select distinct unnest(string_to_array(product_images, ',')) as name from products
        union select variant_image from product_variants
        union select brand_image from brands
        union select banner_image from banners`,
    );
    expect(named.length).toBeGreaterThan(50);
    for (const { name } of named) {
      const image = await ctx.app.uploadStorage.get(name);
      expect(image, name).not.toBeNull();
      const file = await uploadBytes(image as UploadObject);
      const size = checkPng(file);
      expect(size.width).toBeGreaterThanOrEqual(200);
      expect(size.height).toBe(200);
    }
    // The upload route serves them back like any upload.
    const served = await ctx.app.inject({ method: "GET", url: `/uploads/${named[0]?.name}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
  });
});

describe("demo store determinism", () => {
  it("builds the same store from the same seed and moment", async () => {
    const other = await createTestContext();
    try {
      await seedDemoStore(other.db, other.app.uploadStorage, { now: NOW });
      expect(await figures(other.db)).toEqual(firstFigures);
      expect(firstFigures.users).toBe(301);
      // The same pictures, so the same names (the sha-256 of their bytes).
      const names = (db: typeof ctx.db) =>
        rows<{ name: string }>(db, sql`select name from uploads order by name`);
      expect(await names(other.db)).toEqual(await names(ctx.db));
    } finally {
      await other.close();
    }
  }, 120_000);
});
