/**
 * Optimistic concurrency (docs/decisions/record-versions.md): two
 * administrators at once. Each stale save below silently undid the other
 * admin's work before versions (issue "Many hands, one truth", defects 1 and 5).
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands, users } from "../src/db/schema";
import { createTestContext, login, type TestContext } from "./helpers";
import { entriesOf, insertOrder, orderEntries, setCommission } from "./ledger.fixtures";
import { insertUser, userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;
/** A second administrator's session. */
let other: (method: string, url: string, payload?: unknown, ifMatch?: string) => Promise<Res>;
type Res = Awaited<ReturnType<TestContext["call"]>>;

/** The first administrator's call, with an If-Match header when given. */
function call(method: string, url: string, payload?: unknown, ifMatch?: string) {
  return ctx.app.inject({
    method: method as "GET",
    url,
    headers: { cookie: ctx.cookie, ...(ifMatch ? { "if-match": ifMatch } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  // Deleting members and making Admins need a fresh proof (docs/decisions/staff-accounts.md).
  await stepUp(ctx);
  const form = userForm({ role: "Admin", username: "siti", email: "siti@store.my" });
  expect((await call("POST", "/api/users", form)).statusCode).toBe(201);
  const cookie = await login(ctx.app, { email: form.email, password: form.password });
  // Switching commission on loosens a money control (docs/decisions/money-controls-step-up.md).
  await stepUp(ctx, cookie, form.password);
  other = (method, url, payload, ifMatch) =>
    ctx.app.inject({
      method: method as "GET",
      url,
      headers: { cookie, ...(ifMatch ? { "if-match": ifMatch } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
});
afterAll(() => ctx.close());

/** A buyer whose referrer is on a 3% tier, and a completed order of RM 250 with 25 PV. */
async function completedOrder() {
  const tier = await call("POST", "/api/memberships", {
    membership: `Tier ${Math.random()}`,
    member_percentage: "0",
    member_earning: "3",
    min_requirement: "0",
    req_condition: "pv",
  });
  expect(tier.statusCode).toBe(201);
  const referrer = await insertUser(ctx.db, { membership: tier.json().member_id });
  const buyer = await insertUser(ctx.db, { referral_of: referrer });
  await setCommission(ctx.db, 1);
  const orderId = await insertOrder(ctx.db, buyer, "250.00", "25.00", 5);
  const done = await call("PUT", `/api/orders/${orderId}`, {
    order_status: 6,
    tracking_number: "MY100",
  });
  expect(done.statusCode).toBe(200);
  return { orderId, buyer, referrer };
}

describe("a stale Edit Order save (defect 1)", () => {
  it("is refused with 412 after another admin's refund, says who changed what, and pays nothing again", async () => {
    const { orderId, buyer, referrer } = await completedOrder();
    const opened = await call("GET", `/api/orders/${orderId}`);
    const tag = opened.headers.etag as string;
    expect(tag).toBe(`"${opened.json().version}"`);

    const refund = await other(
      "PUT",
      `/api/orders/${orderId}`,
      { order_status: 8, tracking_number: "MY100" },
      tag,
    );
    expect(refund.statusCode).toBe(200);
    expect(refund.headers.etag).toBe(`"${opened.json().version + 1}"`);
    const entriesAfterRefund = (await orderEntries(ctx.db, orderId)).length;

    const stale = await call(
      "PUT",
      `/api/orders/${orderId}`,
      { order_status: 6, tracking_number: "MY100-FIXED" },
      tag,
    );
    expect(stale.statusCode).toBe(412);
    const body = stale.json();
    expect(body.message).toMatch(/changed by siti at .* after you opened it; nothing was saved/);
    expect(body).toMatchObject({ version: opened.json().version + 1, changed_by: "siti" });
    expect(body.changed_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(body.changes).toEqual(
      expect.arrayContaining([{ field: "order_status", was: 6, now: 8 }]),
    );
    expect(stale.headers.etag).toBe(`"${body.version}"`);

    const now = (await call("GET", `/api/orders/${orderId}`)).json();
    expect(now).toMatchObject({ order_status: 8, tracking_number: "MY100" });
    expect(await orderEntries(ctx.db, orderId)).toHaveLength(entriesAfterRefund);
    const net = async (userId: number, account: string) =>
      (await entriesOf(ctx.db, userId))
        .filter((e) => e.account === account)
        .reduce((sum, e) => sum + Number(e.amount), 0);
    expect(await net(buyer, "pv")).toBe(0);
    expect(await net(referrer, "cash_wallet")).toBe(0);
  });

  it("lets exactly one of two racing saves from the same version through", async () => {
    const { orderId } = await completedOrder();
    const tag = (await call("GET", `/api/orders/${orderId}`)).headers.etag as string;
    const answers = await Promise.all([
      call("PUT", `/api/orders/${orderId}`, { order_status: 8, tracking_number: "A" }, tag),
      other("PUT", `/api/orders/${orderId}`, { order_status: 6, tracking_number: "B" }, tag),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 412]);
  });
});

describe("stale Edit User and Settings saves (defect 5)", () => {
  it("does not put a member back on the lower tier the other admin moved them from", async () => {
    const member = await insertUser(ctx.db);
    const opened = await call("GET", `/api/users/${member}`);
    const tag = opened.headers.etag as string;
    const promoted = await other("PUT", `/api/updateMembership/${member}`, { membership: 2 });
    expect(promoted.statusCode).toBe(200);

    const stale = await call("PUT", `/api/users/${member}`, { contact: "0199999999" }, tag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().changes).toEqual(
      expect.arrayContaining([expect.objectContaining({ field: "membership", was: 1, now: 2 })]),
    );
    const [row] = await ctx.db.select().from(users).where(eq(users.user_id, member));
    expect(row).toMatchObject({ membership: 2, contact: "0100000000" });
  });

  it("names the admin whose PV adjustment moved the member on since the form opened", async () => {
    const member = await insertUser(ctx.db);
    const tag = (await call("GET", `/api/users/${member}`)).headers.etag as string;
    const adjusted = await other("POST", "/api/walletAdjustments", {
      user_id: member,
      account: "pv",
      amount: "5",
      note: "Event bonus",
    });
    expect(adjusted.statusCode).toBe(201);
    const stale = await call("PUT", `/api/users/${member}`, { contact: "0199999999" }, tag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().changed_by).toBe("siti");
  });

  it("does not switch the commission off with a General tab opened before another admin switched it on", async () => {
    await setCommission(ctx.db, 0);
    const opened = await call("GET", "/api/settings/1");
    const tag = opened.headers.etag as string;
    const { setting_id: _id, updated_at: _at, version: _v, ...form } = opened.json();
    const on = await other("PUT", "/api/settings/1", { ...form, commission_status: 1 }, tag);
    expect(on.statusCode).toBe(200);

    const stale = await call("PUT", "/api/settings/1", { ...form, store_name: "Kedai" }, tag);
    expect(stale.statusCode).toBe(412);
    expect(stale.json().changes).toEqual([{ field: "commission_status", was: 0, now: 1 }]);
    expect((await call("GET", "/api/settings/1")).json()).toMatchObject({
      commission_status: 1,
      store_name: form.store_name,
    });
  });
});

describe("versions", () => {
  async function newBrand(name = `Jenama ${Math.random()}`) {
    const res = await call("POST", "/api/brands", { brand_name: name, brand_status: 1 });
    expect(res.statusCode).toBe(201);
    return res.json() as { brand_id: number; version: number };
  }

  it("rises by one at each change, not at a save that changes nothing, and cannot be set", async () => {
    const brand = await newBrand("Asal");
    expect(brand.version).toBe(1);
    const body = { brand_name: "Asal", brand_status: 1 };
    const same = await call("PUT", `/api/brands/${brand.brand_id}`, body, '"1"');
    expect(same.json().version).toBe(1);
    const renamed = await call("PUT", `/api/brands/${brand.brand_id}`, {
      ...body,
      brand_name: "Baru",
    });
    expect(renamed.json().version).toBe(2);
    await ctx.db.update(brands).set({ version: 999 }).where(eq(brands.brand_id, brand.brand_id));
    const [row] = await ctx.db
      .select({ version: brands.version })
      .from(brands)
      .where(eq(brands.brand_id, brand.brand_id));
    expect(row?.version).toBe(3);
  });

  it("is on every row of a list, and a GET of one answers it as its ETag", async () => {
    const brand = await newBrand();
    const list = await call("GET", "/api/brands?_limit=100");
    const row = list.json().find((b: { brand_id: number }) => b.brand_id === brand.brand_id);
    expect(row.version).toBe(1);
    for (const path of [
      `/api/brands/${brand.brand_id}`,
      "/api/settings/1",
      "/api/paymentMethodsId/1",
      "/api/memberships/1",
    ]) {
      const one = await call("GET", path);
      expect(one.headers.etag, path).toBe(`"${one.json().version}"`);
    }
    expect(list.headers.etag).toBeUndefined();
  });

  it("refuses a stale delete with 412 and deletes nothing; a current one deletes", async () => {
    const brand = await newBrand();
    await other("PUT", `/api/brands/${brand.brand_id}`, { brand_name: "Moved", brand_status: 0 });
    const stale = await call("DELETE", `/api/brands/${brand.brand_id}`, undefined, '"1"');
    expect(stale.statusCode).toBe(412);
    expect(stale.json().changes).toEqual(
      expect.arrayContaining([{ field: "brand_status", was: 1, now: 0 }]),
    );
    expect((await call("GET", `/api/brands/${brand.brand_id}`)).statusCode).toBe(200);
    const current = await call("DELETE", `/api/brands/${brand.brand_id}`, undefined, '"2"');
    expect(current.statusCode).toBe(200);
  });

  it('answers 400 for an If-Match that names no version, and takes "*" and W/ tags', async () => {
    const brand = await newBrand();
    const body = { brand_name: "X", brand_status: 1 };
    for (const bad of ['"abc"', '"0"', "1.5", '"99999999999"']) {
      const res = await call("PUT", `/api/brands/${brand.brand_id}`, body, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toMatch(/If-Match must name the version/);
    }
    expect((await call("PUT", `/api/brands/${brand.brand_id}`, body, "*")).statusCode).toBe(200);
    expect((await call("PUT", `/api/brands/${brand.brand_id}`, body, 'W/"2"')).statusCode).toBe(
      200,
    );
  });

  it("acts on each bulk row only at the version it was shown with", async () => {
    const kept = await newBrand();
    const moved = await newBrand();
    await other("PUT", `/api/brands/${moved.brand_id}`, { brand_name: "Moved", brand_status: 1 });
    const res = await call("POST", "/api/brands/bulk", {
      action: "deactivate",
      ids: [kept.brand_id, moved.brand_id],
      versions: { [kept.brand_id]: 1, [moved.brand_id]: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().results).toEqual([
      { id: kept.brand_id, ok: true, status: 200, message: "Deactivated." },
      {
        id: moved.brand_id,
        ok: false,
        status: 412,
        message: expect.stringMatching(/changed by siti/),
        code: "stale_version",
        params: { record: "Brand" },
      },
    ]);
    const statuses = await ctx.db.execute<{ brand_id: number; brand_status: number }>(
      sql`select brand_id, brand_status from brands where brand_id in (${kept.brand_id}, ${moved.brand_id}) order by brand_id`,
    );
    expect(statuses.rows.map((r) => r.brand_status)).toEqual([0, 1]);
  });

  it("keeps last-write-wins for a call without If-Match (docs/REQUIREMENTS.md section 7)", async () => {
    const brand = await newBrand();
    await other("PUT", `/api/brands/${brand.brand_id}`, { brand_name: "Theirs", brand_status: 1 });
    const mine = await call("PUT", `/api/brands/${brand.brand_id}`, {
      brand_name: "Mine",
      brand_status: 1,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ brand_name: "Mine", version: 3 });
  });
});
