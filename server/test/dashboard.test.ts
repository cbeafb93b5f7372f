import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ADMIN_EMAIL } from "../src/config";
import { categories, memberships, products, users } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertOrders } from "./orders.fixtures";

let ctx: TestContext;
let year: number;
let userSeq = 0;

/** A user created at an exact UTC instant (or now), in the given tier. */
async function addUser(createdAtUtc?: string, membership = 1): Promise<void> {
  userSeq += 1;
  await ctx.db.insert(users).values({
    username: `dash${userSeq}`,
    email: `dash${userSeq}@example.my`,
    f_name: "Dash",
    l_name: "Board",
    contact: "0123456789",
    password_hash: "not-a-real-hash",
    gender: "Female",
    role: "Member",
    membership,
    languages: "English",
    currency: "MYR",
    ...(createdAtUtc ? { created_at: sql`${createdAtUtc}::timestamptz` as unknown as string } : {}),
  });
}

async function addOrder(total_price: string): Promise<void> {
  await insertOrders(ctx.db, [
    {
      order_number: `DASH-${Math.random().toString(36).slice(2)}`,
      username: "dash1",
      total_price,
      order_status: 1,
    },
  ]);
}

async function summary() {
  const res = await ctx.call("GET", "/api/dashboard");
  expect(res.statusCode).toBe(200);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestContext();
  year = Number(
    new Intl.DateTimeFormat("en-GB", { year: "numeric", timeZone: "Asia/Kuala_Lumpur" }).format(
      new Date(),
    ),
  );
});
afterAll(() => ctx.close());

describe("GET /api/dashboard", () => {
  it("answers zeros on an empty store, every tier listed, twelve empty months", async () => {
    const body = await summary();
    expect(body.total_revenue).toBe("0.00");
    expect(body.total_orders).toBe(0);
    expect(body.total_products).toBe(0);
    // The first administrator is a user too (created now, in this year).
    expect(body.total_users).toBe(1);
    expect(body.year).toBe(year);
    expect(body.new_users_by_month).toHaveLength(12);
    const tiers = await ctx.db.select().from(memberships);
    expect(body.users_by_membership).toHaveLength(tiers.length);
    expect(body.users_by_membership.map((t: { member_id: number }) => t.member_id)).toEqual(
      [...tiers.map((t) => t.member_id)].sort((a, b) => a - b),
    );
  });

  it("sums money exactly, counts live products, users per tier and per month in the store's time zone", async () => {
    const [admin] = await ctx.db.select().from(users).where(eq(users.email, DEMO_ADMIN_EMAIL));
    // Money that floats would get wrong: 0.1 + 0.2 and a large amount.
    for (const price of ["0.10", "0.20", "12345.30", "9999999.99"]) await addOrder(price);

    const [category] = await ctx.db
      .insert(categories)
      .values({ category_name: "Dashboard" })
      .returning();
    const product = { category_id: category!.category_id, normal_price: "10.00" };
    await ctx.db.insert(products).values([
      { ...product, product_name: "Live one" },
      { ...product, product_name: "Live two" },
      { ...product, product_name: "Gone", deleted_at: "2026-01-01 00:00:00" },
    ]);

    // 2026-01-31 20:00 UTC is 1 February 04:00 in Kuala Lumpur (UTC+8).
    await addUser(`${year}-01-31T20:00:00Z`, 2);
    // 31 December 16:30 UTC of last year is already 1 January here.
    await addUser(`${year - 1}-12-31T16:30:00Z`, 2);
    // Last instant of this year here is 15:59:59 UTC on 31 December.
    await addUser(`${year}-12-31T15:59:59Z`, 3);
    // 16:00 UTC on 31 December is next year here: not counted in any month.
    await addUser(`${year}-12-31T16:00:00Z`, 3);
    // Last year, mid-year: not this year's chart.
    await addUser(`${year - 1}-06-15T04:00:00Z`, 3);

    const body = await summary();
    expect(body.total_revenue).toBe("10012345.59");
    expect(body.total_orders).toBe(4);
    expect(body.total_products).toBe(2);
    expect(body.total_users).toBe(6);

    const expected = Array.from({ length: 12 }, () => 0);
    const adminMonth = Number(admin!.created_at.slice(5, 7));
    if (admin!.created_at.startsWith(String(year))) expected[adminMonth - 1]! += 1;
    expected[0]! += 1; // 1 January (last year's 31 Dec UTC)
    expected[1]! += 1; // 1 February
    expected[11]! += 1; // 31 December, 23:59:59 local
    expect(body.new_users_by_month).toEqual(expected);

    const byTier = Object.fromEntries(
      body.users_by_membership.map((t: { membership: string; users: number }) => [
        t.membership,
        t.users,
      ]),
    );
    expect(byTier).toMatchObject({ Basic: 1, Silver: 2, Gold: 3, Platinum: 0, Diamond: 0 });
  });

  it("answers 401 without a session", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/dashboard" });
    expect(res.statusCode).toBe(401);
  });
});
