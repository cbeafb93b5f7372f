import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestContext, type TestContext } from "./helpers";
import { stepUp } from "./staff.fixtures";

// GET auditLog: the history as recorded, with paging, sort and the filters
// the History panel and the /auditLog screen use.

type Entry = {
  audit_id: number;
  created_at: string;
  actor_id: number | null;
  actor: string | null;
  actor_now: string | null;
  entity: string;
  entity_id: string;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
};

let ctx: TestContext;
let productId = 0;
let adminName = "";

async function entries(query: string): Promise<{ rows: Entry[]; total: string }> {
  const res = await ctx.call("GET", `/api/auditLog?${query}`);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { rows: res.json() as Entry[], total: String(res.headers["x-total-count"]) };
}

beforeAll(async () => {
  ctx = await createTestContext();
  // Deleting members and making Admins need a fresh proof (docs/decisions/staff-accounts.md).
  await stepUp(ctx);
  adminName = String(
    (
      await ctx.db.execute<{ username: string }>(
        sql`select username from users where lower(email) = lower(${ADMIN.email})`,
      )
    ).rows[0]?.username,
  );
  const category = (await ctx.call("POST", "/api/categories", { category_name: "History" })).json();
  const body = {
    product_name: "Kettle",
    normal_price: "30.00",
    stock_qtt: 4,
    category_id: category.category_id,
  };
  productId = (await ctx.call("POST", "/api/products", body)).json().product_id;
  const changed = await ctx.call("PUT", `/api/products/${productId}`, {
    ...body,
    normal_price: "34.90",
  });
  expect(changed.statusCode).toBe(200);
  const brand = (await ctx.call("POST", "/api/brands", { brand_name: "Passing" })).json();
  await ctx.call("DELETE", `/api/brands/${brand.brand_id}`);
}, 60_000);
afterAll(() => ctx.close());

describe("GET auditLog", () => {
  it("answers a record's history newest first, who and when, before and after as recorded", async () => {
    const { rows, total } = await entries(
      `_page=1&_limit=10&entity=Product&entity_id=${productId}`,
    );
    expect(total).toBe("2");
    expect(rows.map((r) => r.action)).toEqual(["update", "create"]);
    const [update, create] = rows as [Entry, Entry];
    expect(update.actor).toBe(adminName);
    expect(update.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(update.before?.normal_price).toBe("30.00");
    expect(update.after?.normal_price).toBe("34.90");
    expect(create.before).toBeNull();
    expect(create.after?.product_name).toBe("Kettle");
  });

  it("pages the whole trail with its exact total, and sorts", async () => {
    const [count] = (
      await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from audit_log`)
    ).rows;
    const page = await entries("_page=1&_limit=3");
    expect(page.total).toBe(String(count?.n));
    const ids = page.rows.map((r) => r.audit_id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const oldest = await entries("_page=1&_limit=3&_sort=created_at&_order=asc");
    expect(oldest.rows[0]?.action).toBe("login");
    const byEntity = await entries("_page=1&_limit=100&_sort=entity&_order=asc");
    const names = byEntity.rows.map((r) => r.entity);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("filters by entity, actor, action and a time range", async () => {
    const deletes = await entries("_page=1&_limit=10&action=delete");
    expect(deletes.rows.map((r) => [r.entity, r.before?.brand_name])).toEqual([
      ["Brand", "Passing"],
    ]);
    expect(deletes.rows[0]?.after).toBeNull();
    const mine = await entries(`_page=1&_limit=100&actor=${adminName}`);
    expect(mine.rows.length).toBeGreaterThan(4);
    expect(mine.rows.every((r) => r.actor === adminName)).toBe(true);
    const byId = await entries(`_page=1&_limit=100&actor_id=${mine.rows[0]?.actor_id}`);
    expect(byId.total).toBe(mine.total);
    const nobody = await entries("_page=1&_limit=10&actor=nobody-at-all");
    expect(nobody.total).toBe("0");
    const today = new Date();
    const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, "0")}-${String(today.getDate()).padStart(2, "0")}`;
    const since = await entries(`_page=1&_limit=100&created_at_gte=${day}&created_at_lte=${day}`);
    expect(since.total).toBe(mine.total);
    const future = await entries("_page=1&_limit=10&created_at_gte=2999-01-01");
    expect(future.total).toBe("0");
    const several = await entries("_page=1&_limit=100&entity=Brand&entity=Category");
    expect(new Set(several.rows.map((r) => r.entity))).toEqual(new Set(["Brand", "Category"]));
  });

  it("records a withdrawal decision with the request as it was and as it became", async () => {
    const [user] = (
      await ctx.db.execute<{ user_id: number }>(
        sql`select user_id from users order by user_id limit 1`,
      )
    ).rows;
    const [request] = (
      await ctx.db.execute<{ withdraw_id: number }>(
        sql`insert into withdraw_requests (user_id, bank_acc, bank_name, withdraw_amt)
          values (${user?.user_id}, '1234', 'Maybank', 10) returning withdraw_id`,
      )
    ).rows;
    await ctx.call("PUT", `/api/withdrawRequest/${request?.withdraw_id}`, {
      withdraw_status: "rejected",
    });
    const { rows } = await entries(
      `_page=1&_limit=5&entity=WithdrawRequest&entity_id=${request?.withdraw_id}`,
    );
    expect(rows[0]?.before?.withdraw_status).toBe("processing");
    expect(rows[0]?.after?.withdraw_status).toBe("rejected");
    expect(Object.keys(rows[0]?.before ?? {}).sort()).toEqual(
      Object.keys(rows[0]?.after ?? {}).sort(),
    );
  });

  it("answers the actor's account and its username now beside the name recorded", async () => {
    const made = await ctx.call("POST", "/api/users", {
      username: "renamed_later",
      email: "renamed_later@example.my",
      f_name: "Nur",
      l_name: "Aini",
      contact: "0123456789",
      password: "Secret#123",
      gender: "Female",
      role: "Admin",
      languages: "English",
      currency: "MYR",
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().user_id as number;
    // Rows as that account wrote them under its old name, and by one since deleted.
    await ctx.db.execute(sql`insert into audit_log (actor_id, actor_username, entity, entity_id, action)
      values (${id}, 'admin', 'Brand', 'actor-now', 'update'),
             (999999, 'gone', 'Brand', 'actor-now', 'update')`);
    const { rows } = await entries("entity=Brand&entity_id=actor-now&_page=1&_limit=5");
    expect(rows.map((r) => [r.actor_id, r.actor, r.actor_now])).toEqual([
      [999999, "gone", null],
      [id, "admin", "renamed_later"],
    ]);
    const own = await entries(`entity=Session&actor_id=${id}&_page=1&_limit=5`);
    expect(own.rows.every((r) => r.actor_now === "renamed_later")).toBe(true);
  });

  it("refuses what it cannot answer", async () => {
    for (const [query, param] of [
      ["_sort=before", "_sort"],
      ["before=x", "before"],
      ["entity_id_gte=3", "entity_id_gte"],
      ["created_at_gte=soon", "created_at_gte"],
    ]) {
      const res = await ctx.call("GET", `/api/auditLog?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().issues[0].path).toBe(param);
    }
  });
});
