import type { Permission } from "@store/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../src/auth/password";
import { permissionGroups, userGroups, users } from "../src/db/schema";
import { createTestContext, login, type TestContext } from "./helpers";

// The dashboard and the notifications answer only what the caller may view
// (issue 22): a figure or a notice of an area they cannot view is left out,
// so a clerk never sees the store's revenue through the dashboard.

const PASSWORD = "Staff#answers-42";
let ctx: TestContext;
let seq = 0;

/**
 * A Staff member holding one group of `permissions`, logged in; made in the
 * database so these answers are tested apart from the user form's `groups`.
 */
async function staffCookie(permissions: readonly Permission[]): Promise<string> {
  seq += 1;
  const [group] = await ctx.db
    .insert(permissionGroups)
    .values({ name: `answers-${seq}`, permissions: [...permissions] })
    .returning();
  const email = `answers${seq}@example.my`;
  const [user] = await ctx.db
    .insert(users)
    .values({
      username: `answers${seq}`,
      email,
      f_name: "Siti",
      l_name: "Clerk",
      contact: "0123456789",
      password_hash: await hashPassword(PASSWORD),
      gender: "Female",
      role: "Staff",
      membership: 1,
      languages: "English",
      currency: "MYR",
      user_status: 1,
    })
    .returning();
  if (!group || !user) throw new Error("no staff member made");
  await ctx.db.insert(userGroups).values({ user_id: user.user_id, group_id: group.group_id });
  return login(ctx.app, { email, password: PASSWORD });
}

async function get(cookie: string, url: string) {
  const res = await ctx.app.inject({ method: "GET", url, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const kinds = async (cookie: string) =>
  ((await get(cookie, "/api/notifications")) as { kind: string }[]).map((n) => n.kind).sort();

beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx.close());

describe("GET /api/dashboard answers the figures of the areas the caller may view", () => {
  it("gives an Admin every figure", async () => {
    const body = await get(ctx.cookie, "/api/dashboard");
    expect(Object.keys(body).sort()).toEqual([
      "books_balance",
      "new_users_by_month",
      "total_orders",
      "total_products",
      "total_revenue",
      "total_users",
      "users_by_membership",
      "year",
    ]);
  });

  it("gives a catalog clerk the products' count and nothing of orders or members", async () => {
    const body = await get(await staffCookie(["catalog:manage"]), "/api/dashboard");
    expect(Object.keys(body).sort()).toEqual(["total_products", "year"]);
    expect(body.total_revenue).toBeUndefined();
  });

  it("gives orders:view the revenue and orders, members:view the users and both charts", async () => {
    const orders = await get(await staffCookie(["orders:view"]), "/api/dashboard");
    expect(Object.keys(orders).sort()).toEqual(["total_orders", "total_revenue", "year"]);
    expect(orders.total_revenue).toMatch(/^\d+\.\d{2}$/);
    const wallets = await get(await staffCookie(["wallets:view"]), "/api/dashboard");
    expect(Object.keys(wallets).sort()).toEqual(["books_balance", "year"]);
    const members = await get(await staffCookie(["members:view"]), "/api/dashboard");
    expect(Object.keys(members).sort()).toEqual([
      "new_users_by_month",
      "total_users",
      "users_by_membership",
      "year",
    ]);
    expect(members.new_users_by_month).toHaveLength(12);
  });

  it("gives a person without any area's view the year alone", async () => {
    const body = await get(await staffCookie(["export"]), "/api/dashboard");
    expect(body).toEqual({ year: expect.any(Number) });
  });
});

describe("GET /api/notifications answers the kinds whose list the caller may view", () => {
  it("gives an Admin every kind", async () => {
    expect(await kinds(ctx.cookie)).toEqual([
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
  });

  it("gives each area its own kinds only", async () => {
    expect(await kinds(await staffCookie(["catalog:view"]))).toEqual([
      "products_low_stock",
      "variants_low_stock",
    ]);
    // Who may approve is told of the requests awaiting their second approval; a viewer is not.
    expect(await kinds(await staffCookie(["payouts:manage"]))).toEqual([
      "withdrawals_processing",
      "withdrawals_second_approval",
    ]);
    expect(await kinds(await staffCookie(["payouts:view"]))).toEqual(["withdrawals_processing"]);
    // A credit adjustment awaiting a second person: for who may approve it, not for a viewer.
    expect(await kinds(await staffCookie(["wallets:manage"]))).toEqual([
      "adjustments_second_approval",
    ]);
    expect(await kinds(await staffCookie(["wallets:view"]))).toEqual([]);
    expect(await kinds(await staffCookie(["orders:view", "members:view"]))).toEqual([
      "agencies_expiring",
      "orders_to_ship",
    ]);
    expect(await kinds(await staffCookie(["settings:manage", "export"]))).toEqual([
      "backup_failed",
    ]);
    expect(await kinds(await staffCookie(["jobs:manage"]))).toEqual(["jobs_failing"]);
    expect(await kinds(await staffCookie(["jobs:view"]))).toEqual([]);
  });
});
