import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { agencyStores, auditLog } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const store = (overrides: Record<string, unknown> = {}) => ({
  store_username: "ahmadmart",
  store_name: "Ahmad Mart",
  owner: "Ahmad Ismail",
  store_email: "ahmad@mart.my",
  owner_contact: "0123456789",
  expired_at: "2027-06-30 18:00:00",
  store_status: 1,
  ...overrides,
});

describe("agencyStore", () => {
  it("creates, reads, lists, updates and soft-deletes a store", async () => {
    const created = await ctx.call("POST", "/api/agencyStore", store());
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      ...store(),
      store_id: expect.any(Number),
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updated_at: null,
      deleted_at: null,
    });
    const id = body.store_id as number;

    const read = await ctx.call("GET", `/api/agencyStore/${id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body);

    const list = await ctx.call("GET", "/api/agencyStore");
    expect(list.json().map((s: { store_id: number }) => s.store_id)).toContain(id);

    const updated = await ctx.call(
      "PUT",
      `/api/agencyStore/${id}`,
      store({
        store_name: "Ahmad Mart Kajang",
        store_status: 0,
        expired_at: "2028-01-01 00:00:00",
      }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      store_name: "Ahmad Mart Kajang",
      store_status: 0,
      expired_at: "2028-01-01 00:00:00",
      updated_at: expect.any(String),
    });

    const removed = await ctx.call("DELETE", `/api/agencyStore/${id}`);
    expect(removed.statusCode).toBe(200);
    expect((await ctx.call("GET", `/api/agencyStore/${id}`)).statusCode).toBe(404);
    expect((await ctx.call("PUT", `/api/agencyStore/${id}`, store())).statusCode).toBe(404);
    expect((await ctx.call("DELETE", `/api/agencyStore/${id}`)).statusCode).toBe(404);
    const listAfter = await ctx.call("GET", "/api/agencyStore");
    expect(listAfter.json().map((s: { store_id: number }) => s.store_id)).not.toContain(id);
    // Soft: the row is kept with deleted_at stamped.
    const [row] = await ctx.db.select().from(agencyStores).where(eq(agencyStores.store_id, id));
    expect(row?.deleted_at).toMatch(/^\d{4}-/);
    const audits = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, "Agency store"));
    expect(audits.map((a) => a.action)).toEqual(["create", "update", "delete"]);
  });

  it("pages and searches the list with X-Total-Count", async () => {
    for (let i = 1; i <= 12; i++) {
      const res = await ctx.call(
        "POST",
        "/api/agencyStore",
        store({ store_username: `pagestore${i}`, store_name: `Paging Store ${i}` }),
      );
      expect(res.statusCode).toBe(201);
    }
    const page = await ctx.call("GET", "/api/agencyStore?_page=2&_limit=5&q=paging%20store");
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-total-count"]).toBe("12");
    expect(page.json()).toHaveLength(5);
    const sorted = await ctx.call(
      "GET",
      "/api/agencyStore?_page=1&_limit=3&_sort=store_username&_order=asc&q=pagestore",
    );
    expect(sorted.json().map((s: { store_username: string }) => s.store_username)).toEqual([
      "pagestore1",
      "pagestore10",
      "pagestore11",
    ]);
    const none = await ctx.call("GET", "/api/agencyStore?q=nothing-like-this");
    expect(none.json()).toEqual([]);
  });

  it("requires every field and writes nothing on bad input", async () => {
    const before = await ctx.db.$count(agencyStores);
    for (const field of [
      "store_username",
      "store_name",
      "owner",
      "store_email",
      "owner_contact",
      "expired_at",
    ]) {
      for (const value of [undefined, "", "   "]) {
        const res = await ctx.call("POST", "/api/agencyStore", store({ [field]: value }));
        expect(res.statusCode, `${field}=${String(value)}`).toBe(400);
        expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
      }
    }
    expect(await ctx.db.$count(agencyStores)).toBe(before);
  });

  it("refuses an invalid e-mail and an expiry that is not a real date-time", async () => {
    const badEmail = await ctx.call("POST", "/api/agencyStore", store({ store_email: "ahmad@" }));
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().issues[0]).toMatchObject({
      path: "store_email",
      message: "Store e-mail must be a valid e-mail address.",
    });
    for (const expired_at of [
      "2027-02-30 10:00:00",
      "2027-13-01 10:00:00",
      "2027-01-01 24:00:00",
      "2027-01-01",
      "tomorrow",
      "2027-01-01T10:00:00",
    ]) {
      const res = await ctx.call("POST", "/api/agencyStore", store({ expired_at }));
      expect(res.statusCode, expired_at).toBe(400);
      expect(res.json().issues[0].path).toBe("expired_at");
    }
    const leap = await ctx.call(
      "POST",
      "/api/agencyStore",
      store({ expired_at: "2028-02-29 23:59:59" }),
    );
    expect(leap.statusCode).toBe(201);
    expect(leap.json().expired_at).toBe("2028-02-29 23:59:59");
  });

  it("answers 404 for unknown or malformed ids", async () => {
    for (const url of ["/api/agencyStore/999999", "/api/agencyStore/abc", "/api/agencyStore/0"]) {
      expect((await ctx.call("GET", url)).statusCode).toBe(404);
    }
  });
});
