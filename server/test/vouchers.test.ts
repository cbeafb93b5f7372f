import { normaliseVoucherCode } from "@store/contract";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fromWireTimestamp, toWireTimestamp } from "../src/db/columns";
import { auditLog, vouchers } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** A wire timestamp (store time zone) `ms` from now. */
const fromNow = (ms: number) => toWireTimestamp(new Date(Date.now() + ms));

function coupon(extra: Record<string, unknown> = {}) {
  return {
    voucher_code: "SAVE10",
    discount: 10,
    discount_cap: "50",
    discount_type: "price",
    voucher_status: 1,
    expired_at: fromNow(10 * DAY),
    ...extra,
  };
}

async function create(extra: Record<string, unknown> = {}) {
  const res = await ctx.call("POST", "/api/vouchers", coupon(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const count = () => ctx.db.$count(vouchers);

describe("POST /api/vouchers", () => {
  it("creates a coupon with the code uppercased and stripped of whitespace", async () => {
    const expiry = fromNow(5 * DAY);
    const res = await ctx.call(
      "POST",
      "/api/vouchers",
      coupon({ voucher_code: "  new\tyear 2026 ", expired_at: expiry, voucher_status: true }),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      voucher_id: expect.any(Number),
      voucher_code: "NEWYEAR2026",
      discount: "10.00",
      discount_cap: "50.00",
      discount_type: "price",
      voucher_status: 1,
      expired_at: expiry,
      usage_limit: null,
      member_limit: null,
      min_spend: null,
      created_at: expect.any(String),
      updated_at: null,
      version: 1,
    });
    expect(Math.abs(fromWireTimestamp(body.created_at).getTime() - Date.now())).toBeLessThan(
      10_000,
    );
    const [row] = await ctx.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.voucher_id, body.voucher_id));
    expect(row?.voucher_code).toBe("NEWYEAR2026");
  });

  it("requires every field, writing nothing", async () => {
    const before = await count();
    for (const field of [
      "voucher_code",
      "discount",
      "discount_cap",
      "discount_type",
      "voucher_status",
      "expired_at",
    ]) {
      const body: Record<string, unknown> = coupon({ voucher_code: `REQ${field}` });
      delete body[field];
      const res = await ctx.call("POST", "/api/vouchers", body);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    for (const [field, value] of [
      ["voucher_code", "   "],
      ["discount", ""],
      ["discount_cap", ""],
      ["expired_at", ""],
    ]) {
      const res = await ctx.call("POST", "/api/vouchers", coupon({ [field as string]: value }));
      expect(res.statusCode, field).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    const blank = await ctx.call("POST", "/api/vouchers", {
      voucher_code: "",
      discount: "",
      discount_cap: " ",
      discount_type: "",
      voucher_status: 1,
      expired_at: "",
    });
    expect(blank.json().issues).toMatchObject([
      { path: "voucher_code", message: "Coupon code is required." },
      { path: "discount", message: "Discount is required." },
      { path: "discount_cap", message: "Discount cap is required." },
      { path: "discount_type", message: "Type is required." },
      { path: "expired_at", message: "Expiry date is required." },
    ]);
    expect(await count()).toBe(before);
  });

  it("accepts only price or percentage as the type", async () => {
    const res = await ctx.call("POST", "/api/vouchers", coupon({ discount_type: "fixed" }));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toMatchObject([
      { path: "discount_type", message: "Type must be price or percentage." },
    ]);
  });

  it("keeps a percentage below 100, but a price discount may be larger", async () => {
    const hundred = await ctx.call(
      "POST",
      "/api/vouchers",
      coupon({ voucher_code: "PCT100", discount_type: "percentage", discount: 100 }),
    );
    expect(hundred.statusCode).toBe(400);
    expect(hundred.json().issues).toMatchObject([
      { path: "discount", message: "A percentage discount must be below 100." },
    ]);
    const almost = await create({
      voucher_code: "PCT9999",
      discount_type: "percentage",
      discount: "99.99",
    });
    expect(almost.discount).toBe("99.99");
    const price = await create({ voucher_code: "PRICE150", discount: 150 });
    expect(price.discount).toBe("150.00");
  });

  it("refuses negative amounts and more than two decimals", async () => {
    for (const extra of [
      { discount: -1 },
      { discount_cap: "-0.01" },
      { discount: "1.234" },
      { discount_cap: "abc" },
    ]) {
      const res = await ctx.call(
        "POST",
        "/api/vouchers",
        coupon({ voucher_code: "NEG", ...extra }),
      );
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(Object.keys(extra));
    }
    const zero = await create({ voucher_code: "ZERO", discount: 0, discount_cap: 0 });
    expect(zero).toMatchObject({ discount: "0.00", discount_cap: "0.00" });
  });

  it("wants the expiry later than three days from now, read in the store's time zone", async () => {
    const before = await count();
    for (const expired_at of [
      fromNow(-DAY),
      fromNow(0),
      fromNow(3 * DAY - 60_000),
      // Only if the server misread the wire time as UTC (8 hours behind the store) would this pass.
      fromNow(3 * DAY - 2 * HOUR),
    ]) {
      const res = await ctx.call(
        "POST",
        "/api/vouchers",
        coupon({ voucher_code: "SOON", expired_at }),
      );
      expect(res.statusCode, expired_at).toBe(400);
      expect(res.json().issues).toMatchObject([
        { path: "expired_at", message: "The expiry must be later than three days from now." },
      ]);
    }
    expect(await count()).toBe(before);
    const ok = await create({ voucher_code: "LATER", expired_at: fromNow(3 * DAY + 5 * 60_000) });
    expect(ok.voucher_code).toBe("LATER");
  });

  it("refuses an expiry that is not a real yyyy-MM-dd HH:mm:ss moment", async () => {
    for (const expired_at of [
      "2031-02-31 10:00:00",
      "2031-01-01 25:00:00",
      "2031-01-01T10:00:00",
      "2031-01-01",
      "01/01/2031 10:00",
    ]) {
      const res = await ctx.call(
        "POST",
        "/api/vouchers",
        coupon({ voucher_code: "BAD", expired_at }),
      );
      expect(res.statusCode, expired_at).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toEqual(["expired_at"]);
    }
  });

  it("refuses a duplicate code, also after normalising, with a clear 409", async () => {
    await create({ voucher_code: "DUPE5" });
    const before = await count();
    for (const voucher_code of ["DUPE5", "dupe 5", " Dupe5\n"]) {
      const res = await ctx.call("POST", "/api/vouchers", coupon({ voucher_code }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: "Coupon code DUPE5 already exists." });
    }
    expect(await count()).toBe(before);
  });

  it("refuses an over-long code", async () => {
    const res = await ctx.call("POST", "/api/vouchers", coupon({ voucher_code: "X".repeat(51) }));
    expect(res.statusCode).toBe(400);
  });
});

describe("GET /api/vouchers and vouchersId/{id}", () => {
  it("lists every coupon newest first, and searches the code case-insensitively", async () => {
    const a = await create({ voucher_code: "FINDMEALPHA" });
    const b = await create({ voucher_code: "FINDMEBETA" });
    const all = await ctx.call("GET", "/api/vouchers");
    expect(all.statusCode).toBe(200);
    const ids = all.json().map((v: { voucher_id: number }) => v.voucher_id);
    expect(ids.slice(0, 2)).toEqual([b.voucher_id, a.voucher_id]);
    expect(all.headers["x-total-count"]).toBe(String(ids.length));

    const found = await ctx.call("GET", "/api/vouchers?q=findme&_page=1&_limit=10");
    expect(found.json().map((v: { voucher_code: string }) => v.voucher_code)).toEqual([
      "FINDMEBETA",
      "FINDMEALPHA",
    ]);
    expect(found.headers["x-total-count"]).toBe("2");

    const paged = await ctx.call("GET", "/api/vouchers?q=findme&_page=2&_limit=1");
    expect(paged.json().map((v: { voucher_code: string }) => v.voucher_code)).toEqual([
      "FINDMEALPHA",
    ]);
    expect(paged.headers["x-total-count"]).toBe("2");
  });

  it("reads one coupon at vouchersId/{id}, 404 when unknown", async () => {
    const made = await create({ voucher_code: "READONE" });
    const res = await ctx.call("GET", `/api/vouchersId/${made.voucher_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(made);
    for (const url of ["/api/vouchersId/999999", "/api/vouchersId/x"]) {
      const missing = await ctx.call("GET", url);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ message: expect.any(String) });
    }
  });
});

describe("PUT /api/vouchers/{id}", () => {
  it("updates every field, normalises the code and stamps updated_at", async () => {
    const made = await create({ voucher_code: "EDITME" });
    const expiry = fromNow(20 * DAY);
    const res = await ctx.call(
      "PUT",
      `/api/vouchers/${made.voucher_id}`,
      coupon({
        voucher_code: "edit me 2",
        discount: "12.5",
        discount_cap: 0,
        discount_type: "percentage",
        voucher_status: 0,
        expired_at: expiry,
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      voucher_id: made.voucher_id,
      voucher_code: "EDITME2",
      discount: "12.50",
      discount_cap: "0.00",
      discount_type: "percentage",
      voucher_status: 0,
      expired_at: expiry,
      created_at: made.created_at,
    });
    expect(Math.abs(fromWireTimestamp(body.updated_at).getTime() - Date.now())).toBeLessThan(
      10_000,
    );
  });

  it("lets an unchanged old expiry stay, but checks a changed one", async () => {
    const made = await create({ voucher_code: "OLDEXPIRY" });
    const past = "2024-05-01 12:00:00";
    await ctx.db
      .update(vouchers)
      .set({ expired_at: past })
      .where(eq(vouchers.voucher_id, made.voucher_id));
    const url = `/api/vouchers/${made.voucher_id}`;

    const kept = await ctx.call(
      "PUT",
      url,
      coupon({ voucher_code: "OLDEXPIRY", discount: 7, expired_at: past }),
    );
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ discount: "7.00", expired_at: past });

    const tooSoon = await ctx.call(
      "PUT",
      url,
      coupon({ voucher_code: "OLDEXPIRY", expired_at: fromNow(DAY) }),
    );
    expect(tooSoon.statusCode).toBe(400);
    expect(tooSoon.json().issues).toMatchObject([
      { path: "expired_at", message: "The expiry must be later than three days from now." },
    ]);
    const [row] = await ctx.db
      .select()
      .from(vouchers)
      .where(eq(vouchers.voucher_id, made.voucher_id));
    expect(row).toMatchObject({ expired_at: past, discount: "7.00" });

    const later = fromNow(4 * DAY);
    const moved = await ctx.call(
      "PUT",
      url,
      coupon({ voucher_code: "OLDEXPIRY", expired_at: later }),
    );
    expect(moved.statusCode).toBe(200);
    expect(moved.json().expired_at).toBe(later);
  });

  it("refuses another coupon's code with 409 but lets a coupon keep its own", async () => {
    await create({ voucher_code: "TAKEN1" });
    const mine = await create({ voucher_code: "MINE1" });
    const url = `/api/vouchers/${mine.voucher_id}`;
    const clash = await ctx.call("PUT", url, coupon({ voucher_code: "taken1" }));
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ message: "Coupon code TAKEN1 already exists." });
    const same = await ctx.call("PUT", url, coupon({ voucher_code: "MINE1", discount: 3 }));
    expect(same.statusCode).toBe(200);
  });

  it("validates like create and answers 404 for an unknown coupon", async () => {
    const made = await create({ voucher_code: "VALIDATEPUT" });
    const bad = await ctx.call(
      "PUT",
      `/api/vouchers/${made.voucher_id}`,
      coupon({ voucher_code: "VALIDATEPUT", discount_type: "percentage", discount: 150 }),
    );
    expect(bad.statusCode).toBe(400);
    const missing = await ctx.call(
      "PUT",
      "/api/vouchers/999999",
      coupon({ voucher_code: "GHOST" }),
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: "Voucher not found." });
  });
});

describe("DELETE /api/vouchers/{id}", () => {
  it("deletes the coupon for good, frees its code and records the audit row", async () => {
    const made = await create({ voucher_code: "BYEBYE" });
    const res = await ctx.call("DELETE", `/api/vouchers/${made.voucher_id}`);
    expect(res.statusCode).toBe(200);
    expect((await ctx.call("GET", `/api/vouchersId/${made.voucher_id}`)).statusCode).toBe(404);
    expect((await ctx.call("DELETE", `/api/vouchers/${made.voucher_id}`)).statusCode).toBe(404);
    await create({ voucher_code: "BYEBYE" });
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "Voucher"), eq(auditLog.entity_id, String(made.voucher_id))));
    expect(audit.map((a) => a.action)).toEqual(["create", "delete"]);
  });
});

describe("normaliseVoucherCode", () => {
  it("always gives uppercase without whitespace, and is stable", () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const code = normaliseVoucherCode(text);
        expect(code).not.toMatch(/\s/);
        expect(code).toBe(code.toUpperCase());
        expect(normaliseVoucherCode(code)).toBe(code);
      }),
    );
  });
});
