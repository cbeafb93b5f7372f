import { and, desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema";
import { ADMIN, createTestContext, type TestContext } from "./helpers";
import { insertOrder } from "./ledger.fixtures";
import { insertRequest, insertUser, unique, userForm } from "./people.fixtures";

// The audit log names each record as a person knows it (migration 0018,
// lib/audit.ts): the label is stored on the row when it is written, found by
// `q` through the list's indexes, and given to the rows kept before.

type Entry = { audit_id: number; entity: string; entity_id: string; label: string | null };

let ctx: TestContext;
let adminName = "";

async function search(q: string, extra = ""): Promise<{ rows: Entry[]; total: number }> {
  const res = await ctx.call(
    "GET",
    `/api/auditLog?_page=1&_limit=50&q=${encodeURIComponent(q)}${extra}`,
  );
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  return { rows: res.json() as Entry[], total: Number(res.headers["x-total-count"]) };
}

/** The newest audit row of a record, as the API answers it. */
async function latest(entity: string, entityId: number | string): Promise<Entry> {
  const res = await ctx.call(
    "GET",
    `/api/auditLog?_page=1&_limit=1&entity=${encodeURIComponent(entity)}&entity_id=${entityId}`,
  );
  expect(res.statusCode).toBe(200);
  const [row] = res.json() as Entry[];
  expect(row, `${entity} #${entityId}`).toBeDefined();
  return row as Entry;
}

async function created(url: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await ctx.call("POST", url, body);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(201);
  return res.json();
}

beforeAll(async () => {
  ctx = await createTestContext();
  const [admin] = (
    await ctx.db.execute<{ username: string }>(
      sql`select username from users where lower(email) = lower(${ADMIN.email})`,
    )
  ).rows;
  adminName = String(admin?.username);
}, 60_000);
afterAll(() => ctx.close());

describe("an audit row's label", () => {
  it("names each kind of record: its name, its number, or the member's username", async () => {
    const category = await created("/api/categories", { category_name: "Kitchenware" });
    const brand = await created("/api/brands", { brand_name: "Panasonic" });
    const product = await created("/api/products", {
      product_name: "Rice Cooker 1.8L",
      normal_price: "199.00",
      stock_qtt: 4,
      category_id: category.category_id,
    });
    const variant = await created("/api/productsVariants", {
      product_id: product.product_id,
      variant_name: "White",
      variant_image: "",
      variant_price: "199.00",
      variant_dis_price: "",
      variant_qtt: 2,
      variant_sku: "RC-W",
      variant_status: 1,
    });
    const voucher = await created("/api/vouchers", {
      voucher_code: "RAYA10",
      discount: 10,
      discount_cap: "50",
      discount_type: "price",
      voucher_status: 1,
      expired_at: "2099-12-31 23:59:59",
    });
    const form = userForm();
    const user = await created("/api/users", form);
    const member = await insertUser(ctx.db, { username: unique("siti") });
    const [memberRow] = (
      await ctx.db.execute<{ username: string }>(
        sql`select username from users where user_id = ${member}`,
      )
    ).rows;
    const memberName = String(memberRow?.username);
    const entry = await created("/api/walletAdjustments", {
      user_id: member,
      account: "wallet",
      amount: "25.00",
      note: "goodwill",
    });
    const ordersId = await insertOrder(ctx.db, member, "80.00", "8.00", 1);
    const order = await ctx.call("PUT", `/api/orders/${ordersId}`, {
      order_status: 2,
      tracking_number: "MY123",
    });
    expect(order.statusCode).toBe(200);
    const requestId = await insertRequest(ctx.db, member, "10.00");
    const decided = await ctx.call("PUT", `/api/withdrawRequest/${requestId}`, {
      withdraw_status: "rejected",
    });
    expect(decided.statusCode, decided.body).toBe(200);

    expect((await latest("Category", Number(category.category_id))).label).toBe("Kitchenware");
    expect((await latest("Brand", Number(brand.brand_id))).label).toBe("Panasonic");
    expect((await latest("Product", Number(product.product_id))).label).toBe("Rice Cooker 1.8L");
    expect((await latest("Variant", Number(variant.variant_id))).label).toBe(
      "Rice Cooker 1.8L · White",
    );
    expect((await latest("Voucher", Number(voucher.voucher_id))).label).toBe("RAYA10");
    expect((await latest("User", Number(user.user_id))).label).toBe(form.username);
    expect((await latest("LedgerEntry", Number(entry.entry_id))).label).toBe(memberName);
    const orderNumber = (
      await ctx.db.execute<{ order_number: string }>(
        sql`select order_number from orders where orders_id = ${ordersId}`,
      )
    ).rows[0]?.order_number;
    expect((await latest("Order", ordersId)).label).toBe(orderNumber);
    expect((await latest("WithdrawRequest", requestId)).label).toBe(memberName);
    const [login] = await ctx.db
      .select({ label: auditLog.label })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "Session"), eq(auditLog.action, "login")))
      .orderBy(desc(auditLog.audit_id))
      .limit(1);
    expect(login?.label).toBe(adminName);

    // A rename: the rows written after it carry the new name, the old ones keep theirs.
    const renamed = await ctx.call("PUT", `/api/brands/${brand.brand_id}`, {
      brand_name: "Panasonic Malaysia",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const brandRows = (await search("Panasonic", `&entity=Brand&entity_id=${brand.brand_id}`)).rows;
    expect(brandRows.map((r) => r.label)).toEqual(["Panasonic Malaysia", "Panasonic"]);
  });

  it("is found by `q`, as are the actor's rows, short terms included", async () => {
    const product = await created("/api/products", {
      product_name: "Thermos Flask Qz",
      normal_price: "45.00",
      stock_qtt: 1,
      category_id: 1,
    });
    const found = await search("thermos flask");
    expect(found.rows.map((r) => [r.entity, r.entity_id])).toEqual([
      ["Product", String(product.product_id)],
    ]);
    expect(found.total).toBe(1);
    // A two-letter term is looked up through search_grams, not read row by row.
    const short = await search("Qz");
    expect(short.rows.map((r) => r.label)).toContain("Thermos Flask Qz");
    const byActor = await search(adminName, "&entity=Product");
    expect(byActor.rows.map((r) => r.entity_id)).toContain(String(product.product_id));
    expect((await search("no such label anywhere")).total).toBe(0);
  });

  it("can read a search from the label's indexes instead of the whole trail", async () => {
    // A small test store is cheaper to scan: the plan is asked without that choice.
    await ctx.db.execute(sql`set enable_seqscan = off`);
    try {
      const forced = await ctx.db.execute<{ "QUERY PLAN": string }>(
        sql`explain select audit_id from audit_log where search_grams(label, actor_username) @> array['qz'] and label ilike '%qz%'`,
      );
      expect(forced.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain(
        "audit_log_search_grams",
      );
      const trigram = await ctx.db.execute<{ "QUERY PLAN": string }>(
        sql`explain select audit_id from audit_log where label ilike '%thermos%' or actor_username ilike '%thermos%'`,
      );
      expect(trigram.rows.map((r) => r["QUERY PLAN"]).join("\n")).toContain("audit_log_label_trgm");
    } finally {
      await ctx.db.execute(sql`reset enable_seqscan`);
    }
  });
});
