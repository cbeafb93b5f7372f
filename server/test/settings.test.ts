import { maskSecret } from "@store/contract";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  paymentMethods,
  settings,
  shippingMethods,
  socialLogins,
} from "../src/db/schema";
import { buildLoggedApp, createTestContext, login, type TestContext } from "./helpers";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // A provider's keys change only after a fresh proof (docs/decisions/secret-key-step-up.md).
  await stepUp(ctx);
});
afterAll(() => ctx.close());

const general = (overrides: Record<string, unknown> = {}) => ({
  setting_id: 1,
  theme_color: 2,
  store_name: "Kedai Baru",
  store_logo: "logo-abc.png",
  store_address: "1 Jalan Ampang, Kuala Lumpur",
  store_contact: "03123456789",
  copyright_text: "© 2026 Kedai Baru",
  footer_text: "Thank you for shopping.",
  updated_at: "2026-01-01 00:00:00",
  ...overrides,
});

const SECRET = "sk_live_SUPERSECRET_4242";
const PUBLISH = "pk_live_PUBLISHABLE_4242";
const CLIENT_ID = "client-id-SECRET-9999";
const CLIENT_SECRET = "oauth-SECRET-7777";

async function auditText(entity: string): Promise<string> {
  const rows = await ctx.db.select().from(auditLog).where(eq(auditLog.entity, entity));
  return JSON.stringify(rows);
}

describe("settings/1", () => {
  it("reads the seeded record and saves every field (the extra keys of the body in docs/REQUIREMENTS.md section 7 are ignored)", async () => {
    const read = await ctx.call("GET", "/api/settings/1");
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      setting_id: 1,
      theme_color: 1,
      store_name: expect.any(String),
    });
    const saved = await ctx.call("PUT", "/api/settings/1", general());
    expect(saved.statusCode).toBe(200);
    const { setting_id, updated_at, ...fields } = general();
    expect(saved.json()).toMatchObject({ ...fields, setting_id: 1 });
    expect(saved.json().updated_at).not.toBe(updated_at);
    expect((await ctx.call("GET", "/api/settings/1")).json()).toEqual(saved.json());
    expect(await auditText("Settings")).toContain("Kedai Baru");
  });

  it("keeps the company registration number for invoices: saved, kept when left out, at most 100 characters", async () => {
    const registration = "202301012345 (1234567-X)";
    const saved = await ctx.call(
      "PUT",
      "/api/settings/1",
      general({ store_registration: ` ${registration} ` }),
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().store_registration).toBe(registration);
    expect((await ctx.call("PUT", "/api/settings/1", general())).statusCode).toBe(200);
    expect((await ctx.call("GET", "/api/settings/1")).json().store_registration).toBe(registration);
    const long = await ctx.call(
      "PUT",
      "/api/settings/1",
      general({ store_registration: "x".repeat(101) }),
    );
    expect(long.statusCode).toBe(400);
    expect(long.json().issues[0].path).toBe("store_registration");
  });

  it("only record 1 exists", async () => {
    expect((await ctx.call("GET", "/api/settings/2")).statusCode).toBe(404);
    expect((await ctx.call("PUT", "/api/settings/2", general())).statusCode).toBe(404);
    expect((await ctx.call("GET", "/api/settings/x")).statusCode).toBe(404);
    expect(await ctx.db.$count(settings)).toBe(1);
  });

  it("validates theme 1 to 3, a store name and a contact of at most 11 characters", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ theme_color: 0 }, "theme_color", "Theme must be 1, 2 or 3."],
      [{ theme_color: 4 }, "theme_color", "Theme must be 1, 2 or 3."],
      [{ theme_color: "two" }, "theme_color", "Theme must be 1, 2 or 3."],
      [{ theme_color: 1.5 }, "theme_color", "Theme must be 1, 2 or 3."],
      [{ store_name: " " }, "store_name", "Store name is required."],
      [
        { store_contact: "031234567890" },
        "store_contact",
        "Store contact must be at most 11 characters.",
      ],
      [
        { store_logo: "../../secret.png" },
        "store_logo",
        "Must be a file name answered by the upload call.",
      ],
    ];
    const before = (await ctx.call("GET", "/api/settings/1")).json();
    for (const [change, path, message] of cases) {
      const res = await ctx.call("PUT", "/api/settings/1", general(change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().issues).toContainEqual(expect.objectContaining({ path, message }));
    }
    for (const theme_color of [1, 3, "3"]) {
      expect((await ctx.call("PUT", "/api/settings/1", general({ theme_color }))).statusCode).toBe(
        200,
      );
    }
    expect(
      (await ctx.call("PUT", "/api/settings/1", general({ store_contact: "03123456789" })))
        .statusCode,
    ).toBe(200);
    expect((await ctx.call("GET", "/api/settings/1")).json().store_name).toBe(before.store_name);
  });
});

describe("socialLogins", () => {
  it("lists providers 1 and 2 and saves one, keeping its secrets out of the audit log", async () => {
    const list = await ctx.call("GET", "/api/socialLogins");
    expect(list.statusCode).toBe(200);
    expect(list.headers["cache-control"]).toBe("no-store");
    expect(list.json().map((s: { social_login: string }) => s.social_login)).toEqual([
      "Google",
      "Facebook",
    ]);
    const body = {
      social_id: 1,
      id_key: CLIENT_ID,
      secret_key: CLIENT_SECRET,
      social_uri: "https://shop.example.my/auth/google/callback",
      social_status: 1,
      updated_at: null,
    };
    const saved = await ctx.call("PUT", "/api/socialLogins/1", body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      social_id: 1,
      social_login: "Google",
      id_key: CLIENT_ID,
      secret_key: maskSecret(CLIENT_SECRET),
      social_status: 1,
    });
    const audit = await auditText("Social login");
    expect(audit).toContain("[redacted]");
    expect(audit).toContain("auth/google/callback");
    expect(audit).not.toContain(CLIENT_SECRET);
    expect(audit).not.toContain(CLIENT_ID);
  });

  it("needs the ID and secret to switch a provider on, and a well-formed redirect URI", async () => {
    const on = await ctx.call("PUT", "/api/socialLogins/2", {
      social_status: 1,
      id_key: "",
      secret_key: "",
    });
    expect(on.statusCode).toBe(400);
    expect(on.json().issues).toMatchObject([
      { path: "id_key", message: "ID is required." },
      { path: "secret_key", message: "Secret is required." },
    ]);
    const uri = await ctx.call("PUT", "/api/socialLogins/2", {
      social_status: 0,
      social_uri: "not a uri",
    });
    expect(uri.statusCode).toBe(400);
    expect(uri.json().issues).toMatchObject([
      { path: "social_uri", message: "Redirect URI must be a well-formed URL." },
    ]);
    const off = await ctx.call("PUT", "/api/socialLogins/2", { social_status: 0 });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ social_status: 0, id_key: "", secret_key: "" });
    expect((await ctx.call("PUT", "/api/socialLogins/3", { social_status: 0 })).statusCode).toBe(
      404,
    );
  });
});

describe("payment method", () => {
  const payment = (overrides: Record<string, unknown> = {}) => ({
    method_id: 1,
    secret_key: SECRET,
    publish_key: PUBLISH,
    gateway_uri: "https://pay.example.my/v2/checkout",
    method_status: 1,
    updated_at: null,
    ...overrides,
  });

  it("reads through paymentMethodsId/1 and saves through paymentMethods/1, secrets redacted in the audit log", async () => {
    const read = await ctx.call("GET", "/api/paymentMethodsId/1");
    expect(read.statusCode).toBe(200);
    expect(read.headers["cache-control"]).toBe("no-store");
    expect(read.json()).toMatchObject({ method_id: 1, payment_method: expect.any(String) });
    const saved = await ctx.call("PUT", "/api/paymentMethods/1", payment());
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      secret_key: maskSecret(SECRET),
      publish_key: PUBLISH,
      method_status: 1,
    });
    expect((await ctx.call("GET", "/api/paymentMethodsId/1")).json()).toEqual(saved.json());
    const audit = await auditText("Payment method");
    expect(audit).toContain("pay.example.my/v2/checkout");
    expect(audit).not.toContain(SECRET);
    expect(audit).not.toContain(PUBLISH);
    expect(audit).toContain("[redacted]");
  });

  it("requires secret, publish key and a well-formed http(s) gateway URI", async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ secret_key: "" }, "secret_key", "Secret key is required."],
      [{ publish_key: undefined }, "publish_key", "Publish key is required."],
      [{ gateway_uri: " " }, "gateway_uri", "Gateway URI is required."],
      [{ gateway_uri: "pay.example.my" }, "gateway_uri", "Gateway URI must be a well-formed URL."],
      [
        { gateway_uri: "javascript:alert(1)" },
        "gateway_uri",
        "Gateway URI must be a well-formed URL.",
      ],
      [
        { gateway_uri: "ftp://pay.example.my" },
        "gateway_uri",
        "Gateway URI must be a well-formed URL.",
      ],
    ];
    for (const [change, path, message] of cases) {
      const res = await ctx.call(
        "PUT",
        "/api/paymentMethods/1",
        payment({ ...change, secret_key: change.secret_key ?? "sk_other" }),
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().issues).toContainEqual(expect.objectContaining({ path, message }));
    }
    const [row] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.method_id, 1));
    expect(row?.secret_key).toBe(SECRET);
  });

  it("only method 1 exists", async () => {
    expect((await ctx.call("GET", "/api/paymentMethodsId/2")).statusCode).toBe(404);
    expect((await ctx.call("PUT", "/api/paymentMethods/2", payment())).statusCode).toBe(404);
  });

  it("never writes the secrets to the server log, even at trace level", async () => {
    const { app, lines } = await buildLoggedApp(ctx);
    try {
      const cookie = await login(app);
      await stepUp(ctx, cookie);
      const call = (method: "GET" | "PUT", url: string, payload?: object) =>
        app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      await call("PUT", "/api/paymentMethods/1", payment());
      await call("PUT", "/api/paymentMethods/1", payment({ gateway_uri: "bad" }));
      await call("GET", "/api/paymentMethodsId/1");
      await call("PUT", "/api/socialLogins/1", {
        social_status: 1,
        id_key: CLIENT_ID,
        secret_key: CLIENT_SECRET,
      });
      await call("GET", "/api/socialLogins");
    } finally {
      await app.close();
    }
    const log = lines.join("");
    expect(log).toContain("/api/paymentMethods/1");
    for (const secret of [SECRET, PUBLISH, CLIENT_ID, CLIENT_SECRET])
      expect(log).not.toContain(secret);
  });
});

describe("shippingMethod", () => {
  it("lists, adds, reads and updates methods; fees are exact decimal strings", async () => {
    const list = await ctx.call("GET", "/api/shippingMethod");
    expect(list.statusCode).toBe(200);
    const seeded = list.json().length;
    expect(seeded).toBeGreaterThan(0);
    const added = await ctx.call("POST", "/api/shippingMethod", {
      shipping_name: "Ninja Van",
      shipping_fee: "6.5",
      shipping_status: 1,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({
      shipping_name: "Ninja Van",
      shipping_fee: "6.50",
      shipping_status: 1,
    });
    const id = added.json().ship_id as number;
    expect((await ctx.call("GET", `/api/shippingMethod/${id}`)).json()).toEqual(added.json());
    const updated = await ctx.call("PUT", `/api/shippingMethod/${id}`, {
      ship_id: id,
      shipping_name: "Ninja Van Express",
      shipping_fee: 0.1,
      shipping_status: false,
      updated_at: null,
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      shipping_name: "Ninja Van Express",
      shipping_fee: "0.10",
      shipping_status: 0,
    });
    const after = await ctx.call("GET", "/api/shippingMethod?_page=1&_limit=100");
    expect(after.headers["x-total-count"]).toBe(String(seeded + 1));
    expect((await ctx.call("GET", "/api/shippingMethod/999999")).statusCode).toBe(404);
    expect(
      (await ctx.call("PUT", "/api/shippingMethod/999999", { shipping_name: "X", shipping_fee: 1 }))
        .statusCode,
    ).toBe(404);
  });

  it("defaults a new method to inactive and needs a name and a fee of at least 0", async () => {
    const plain = await ctx.call("POST", "/api/shippingMethod", {
      shipping_name: "GDex",
      shipping_fee: 0,
    });
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({ shipping_status: 0, shipping_fee: "0.00" });
    const before = await ctx.db.$count(shippingMethods);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { shipping_name: "", shipping_fee: 5 },
        "shipping_name",
        "Shipping company name is required.",
      ],
      [{ shipping_name: "X" }, "shipping_fee", "Shipping fee is required."],
      [{ shipping_name: "X", shipping_fee: " " }, "shipping_fee", "Shipping fee is required."],
      [
        { shipping_name: "X", shipping_fee: -1 },
        "shipping_fee",
        "Shipping fee must be at least 0.",
      ],
      [
        { shipping_name: "X", shipping_fee: "1.005" },
        "shipping_fee",
        "Shipping fee must be a number with at most 2 decimal places.",
      ],
      [
        { shipping_name: "X", shipping_fee: "abc" },
        "shipping_fee",
        "Shipping fee must be a number with at most 2 decimal places.",
      ],
    ];
    for (const [body, path, message] of cases) {
      const res = await ctx.call("POST", "/api/shippingMethod", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues).toContainEqual(expect.objectContaining({ path, message }));
    }
    expect(await ctx.db.$count(shippingMethods)).toBe(before);
  });
});

describe("secrets on the wire", () => {
  it("are answered only to a logged-in administrator", async () => {
    for (const url of ["/api/paymentMethodsId/1", "/api/socialLogins"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      expect(res.statusCode).toBe(401);
      expect(res.body).not.toContain(SECRET);
    }
    expect(await ctx.db.$count(socialLogins)).toBe(2);
  });
});
