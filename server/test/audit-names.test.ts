/**
 * Issue 34 item 8: GET auditLog names the ids a row's before and after hold,
 * so History reads "First approved by — → finance.lim", not "→ 1": people by
 * their username (a deleted one's as their deletion recorded), an order's
 * status and a user's tier by their name.
 */
import type { AuditEntry } from "@store/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { insertOrders } from "./orders.fixtures";
import { insertRequest, insertUser, userForm } from "./people.fixtures";
import { createStaff, setSecondApprovalAbove, stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function latest(entity: string, id: number): Promise<AuditEntry> {
  const res = await ctx.call("GET", `/api/auditLog?entity=${entity}&entity_id=${id}&_limit=1`);
  expect(res.statusCode, res.body).toBe(200);
  const [row] = res.json() as AuditEntry[];
  if (!row) throw new Error(`no audit row of ${entity} #${id}`);
  return row;
}

describe("audit rows name the ids they hold", () => {
  it("names a withdrawal's first approver", async () => {
    const finance = await createStaff(ctx, ["payouts:manage"]);
    await setSecondApprovalAbove(ctx, "10.00");
    const member = await insertUser(ctx.db, {}, { c_wallet_amt: "500.00" });
    const id = await insertRequest(ctx.db, member, "50.00");
    await finance.stepUp();
    const first = await finance.call("PUT", `/api/withdrawRequest/${id}`, {
      withdraw_status: "completed",
    });
    expect(first.statusCode, first.body).toBe(202);
    const row = await latest("WithdrawRequest", id);
    expect(row.after?.first_approved_by).toBe(finance.user_id);
    expect(row.names.first_approved_by).toEqual({ [finance.user_id]: finance.username });
  });

  it("names an order's statuses", async () => {
    const [order] = await insertOrders(ctx.db, [
      {
        order_number: `AN-${Date.now()}`,
        username: "buyer",
        total_price: "12.00",
        order_status: 1,
      },
    ]);
    if (!order) throw new Error("no order");
    const paid = await ctx.app.inject({
      method: "PUT",
      url: `/api/orders/${order.orders_id}`,
      headers: { cookie: ctx.cookie, "if-match": `"${order.version}"` },
      payload: { order_status: 2, tracking_number: "TRK-1" },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const row = await latest("Order", order.orders_id);
    expect(row.names.order_status).toEqual({ "1": "pending", "2": "paid" });
  });

  it("names a new member's referrer and tier, the referrer by the name their deletion recorded once gone", async () => {
    const referrer = await insertUser(ctx.db, {}, false);
    const [named] = (
      await ctx.db.execute<{ username: string }>(
        sql`select username from users where user_id = ${referrer}`,
      )
    ).rows;
    await stepUp(ctx);
    const created = await ctx.call("POST", "/api/users", userForm({ referral_of: referrer }));
    expect(created.statusCode, created.body).toBe(201);
    const userId = (created.json() as { user_id: number }).user_id;
    const [tier] = (
      await ctx.db.execute<{ membership: string }>(
        sql`select membership from memberships where member_id = 1`,
      )
    ).rows;
    let row = await latest("User", userId);
    expect(row.names.referral_of).toEqual({ [referrer]: named?.username });
    expect(row.names.membership).toEqual({ "1": tier?.membership });

    // The referrer deleted: still named, as their deletion recorded them.
    const deleted = await ctx.call("DELETE", `/api/users/${referrer}?referrals=none`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const res = await ctx.call("GET", `/api/auditLog?entity=User&entity_id=${userId}`);
    row = (res.json() as AuditEntry[]).find((r) => r.action === "create") as AuditEntry;
    expect(row.names.referral_of).toEqual({ [referrer]: named?.username });
  });
});
