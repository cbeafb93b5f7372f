import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { createStaff, stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const SECRET = "sk_live_IDENTITY_SECRET_4242";

/**
 * Issue 34 item 3: the shell's store name, logo and footer, for every signed-in
 * person (docs/decisions/store-identity.md), and nothing else of the settings.
 */
describe("GET storeIdentity", () => {
  it("answers a Staff member without any permission the store's name, logo and footer, and nothing else", async () => {
    const saved = await ctx.call("PUT", "/api/settings/1", {
      theme_color: 2,
      store_name: "Kedai Identiti",
      store_logo: "logo-identity.png",
      store_address: "1 Jalan Ampang, Kuala Lumpur",
      store_contact: "03123456789",
      copyright_text: "© 2026 Kedai Identiti",
      footer_text: "Terima kasih.",
      withdraw_min_amt: "25.00",
      payout_second_approval_above: "500.00",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    // A gateway key stored, which the answer must never carry.
    await stepUp(ctx);
    const gateway = await ctx.call("PUT", "/api/paymentMethods/1", {
      secret_key: SECRET,
      publish_key: "pk_live_IDENTITY_4242",
      gateway_uri: "https://pay.example.my",
      method_status: 0,
    });
    expect(gateway.statusCode, gateway.body).toBe(200);

    const nobody = await createStaff(ctx, []);
    // The settings themselves stay refused to them.
    const settings = await nobody.call("GET", "/api/settings/1");
    expect(settings.statusCode).toBe(403);

    const identity = await nobody.call("GET", "/api/storeIdentity");
    expect(identity.statusCode, identity.body).toBe(200);
    expect(identity.json()).toEqual({
      store_name: "Kedai Identiti",
      store_logo: "logo-identity.png",
      store_address: "1 Jalan Ampang, Kuala Lumpur",
      store_contact: "03123456789",
      copyright_text: "© 2026 Kedai Identiti",
      footer_text: "Terima kasih.",
    });
    expect(identity.body).not.toContain("IDENTITY_");
    expect(identity.body).not.toContain("25.00");
    expect(identity.body).not.toContain("500.00");
  });

  it("answers 401 without a session", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/storeIdentity" });
    expect(res.statusCode).toBe(401);
    expect(res.body).not.toContain("Kedai");
  });
});

describe("GET orderPricing", () => {
  it("answers whoever may key in an order the free-shipping amount Add Order prices by, and nothing else", async () => {
    const saved = await ctx.call("GET", "/api/settings/1");
    const clerk = await createStaff(ctx, ["orders:manage"]);
    // Add Order's preview reads it where the settings stay refused.
    expect((await clerk.call("GET", "/api/settings/1")).statusCode).toBe(403);
    const pricing = await clerk.call("GET", "/api/orderPricing");
    expect(pricing.statusCode, pricing.body).toBe(200);
    expect(pricing.json()).toEqual({ free_shipping_above: saved.json().free_shipping_above });
    const viewer = await createStaff(ctx, ["orders:view"]);
    expect((await viewer.call("GET", "/api/orderPricing")).statusCode).toBe(403);
  });
});
