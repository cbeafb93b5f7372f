import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, withdrawRequests } from "../src/db/schema";
import { createTestContext, login, type TestContext } from "./helpers";
import { insertRequest, insertUser, unique, userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // Deleting members and making Admins need a fresh proof (docs/decisions/staff-accounts.md).
  await stepUp(ctx);
});
afterAll(() => ctx.close());

/** The error a refused statement raises, or null when it ran. */
async function refusal(statement: ReturnType<typeof sql>): Promise<string | null> {
  try {
    await ctx.db.execute(statement);
    return null;
  } catch (error) {
    return String((error as { cause?: unknown }).cause ?? error);
  }
}

describe("the audit log", () => {
  it("keeps the actor's id and username on their rows after the account is deleted", async () => {
    const form = userForm({ role: "Admin" });
    const created = await ctx.call("POST", "/api/users", form);
    expect(created.statusCode).toBe(201);
    const otherAdmin = created.json();
    const cookie = await login(ctx.app, { email: form.email, password: form.password });
    const brand = await ctx.app.inject({
      method: "POST",
      url: "/api/brands",
      headers: { cookie },
      payload: { brand_name: unique("Brand ") },
    });
    expect(brand.statusCode).toBe(201);
    expect((await ctx.call("DELETE", `/api/users/${otherAdmin.user_id}`)).statusCode).toBe(200);

    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "Brand"), eq(auditLog.entity_id, String(brand.json().brand_id))),
      );
    expect(row).toMatchObject({
      entity: "Brand",
      action: "create",
      actor_id: otherAdmin.user_id,
      actor_username: otherAdmin.username,
    });
  });

  it("refuses to change or delete an audit row, in the database itself", async () => {
    const [before] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(before?.n).toBeGreaterThan(0);
    expect(await refusal(sql`update audit_log set entity = 'Forged'`)).toMatch(/append-only/);
    expect(await refusal(sql`delete from audit_log`)).toMatch(/append-only/);
    expect(await refusal(sql`truncate audit_log`)).toMatch(/append-only/);
    const [after] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(after?.n).toBe(before?.n);
    const forged = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, "Forged"));
    expect(forged).toEqual([]);
  });
});

describe("deleting a user keeps the money trail", () => {
  it("keeps completed and rejected withdrawal requests with the username, and drops open ones", async () => {
    // An empty wallet: a member holding money is not deleted (test/people-deletion.test.ts).
    const owner = await insertUser(ctx.db);
    const paid = await insertRequest(ctx.db, owner, "40.00", "completed");
    const refused = await insertRequest(ctx.db, owner, "5.00", "rejected");
    const open = await insertRequest(ctx.db, owner, "10.00");
    const { username } = (await ctx.call("GET", `/api/users/${owner}`)).json();

    expect((await ctx.call("DELETE", `/api/users/${owner}`)).statusCode).toBe(200);

    const list = await ctx.call("GET", `/api/withdrawRequest?q=${username}&_limit=10`);
    expect(list.statusCode).toBe(200);
    const rows = list.json() as { withdraw_id: number; user_id: number | null }[];
    expect(rows.map((r) => r.withdraw_id).sort()).toEqual([paid, refused].sort());
    expect(rows[0]).toMatchObject({ user_id: null, username, currency_symbol: "RM" });
    const kept = await ctx.db
      .select({ id: withdrawRequests.withdraw_id, amount: withdrawRequests.withdraw_amt })
      .from(withdrawRequests)
      .where(eq(withdrawRequests.payee_username, username));
    expect(kept).toEqual(
      expect.arrayContaining([
        { id: paid, amount: "40.00" },
        { id: refused, amount: "5.00" },
      ]),
    );
    const [dropped] = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(open)));
    expect(dropped).toMatchObject({ entity: "WithdrawRequest", action: "delete" });
  });
});
