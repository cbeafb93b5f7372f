import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type { Einvoice, Order, Settings } from "@store/contract";
import {
  type MyinvoisTestServer,
  startMyinvoisServer,
} from "../../server/test/support/myinvoisServer";
import { axeViolations } from "../support/axe";
import { ADMIN, expect, loginThroughForm, newStoreContext, test } from "../support/browser";
import { OwnServer } from "../support/ownServer";
import { stepUp } from "../support/staff";

/**
 * Issue 40's browser test, as a store admin does it (docs/decisions/einvoice-screens.md):
 * the tax identity and MyInvois access set on Settings' E-invoices tab (the
 * password asked), last month's consolidated invoice run on /einvoices, and
 * the document seen valid there once the jobs have sent it to a
 * MyInvois-shaped server (server/test/support/myinvoisServer.ts).
 */

async function created<T>(api: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await api.post(`/api/${path}`, { data });
  if (response.status() !== 201) throw new Error(`${path}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Last month in the store's zone (Asia/Kuala_Lumpur), YYYY-MM, and a day in it. */
const lastMonth = (() => {
  const now = new Date(Date.now() + 8 * 3600_000);
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const month = first.toISOString().slice(0, 7);
  return { month, at: `${month}-10 10:00:00` };
})();

test.describe("e-invoices from the tax identity to a valid consolidated invoice", () => {
  // A store of its own: its settings, documents and the fake LHDN are this file's alone.
  const server = OwnServer.empty();
  const contexts: BrowserContext[] = [];
  let lhdn: MyinvoisTestServer;
  let page: Page;
  let order: Order;

  test.beforeAll(async ({ browser, playwright }) => {
    test.setTimeout(180_000);
    lhdn = await startMyinvoisServer({ pollsBeforeDone: 0 });
    await server.start();
    // What General holds (registration, address, contact) and one sale, made
    // through the API; the sale then moved into last month and paid.
    const api = await playwright.request.newContext({ baseURL: server.baseURL });
    try {
      const login = await api.post("/api/login", { data: ADMIN });
      expect(login.status(), await login.text()).toBe(200);
      await stepUp(api);
      const {
        setting_id: _id,
        updated_at: _at,
        ...now
      } = (await (await api.get("/api/settings/1")).json()) as Settings;
      const saved = await api.put("/api/settings/1", {
        data: {
          ...now,
          store_address: "12 Jalan Ampang, 50450 Kuala Lumpur, Wilayah Persekutuan Kuala Lumpur",
          store_contact: "0321234567",
          store_registration: "202301012345",
        },
      });
      expect(saved.status(), await saved.text()).toBe(200);
      const category = await created<{ category_id: number }>(api, "categories", {
        category_name: "Wellness",
        cat_status: 1,
      });
      const product = await created<{ product_id: number }>(api, "products", {
        product_name: "Herbal Tonic",
        normal_price: "100.00",
        stock_qtt: 10,
        category_id: category.category_id,
        product_status: 1,
      });
      const buyer = await created<{ user_id: number }>(api, "users", {
        username: "dina_buyer",
        email: "dina_buyer@members.my",
        f_name: "Dina",
        l_name: "Buyer",
        contact: "0123456789",
        password: "Secret#123",
        gender: "Female",
        role: "Member",
        languages: "English",
        currency: "MYR",
        user_status: 1,
        referral_of: null,
      });
      order = await created<Order>(api, "orders", {
        user_id: buyer.user_id,
        items: [{ product_id: product.product_id, quantity: 1 }],
        recipient_name: "Dina Buyer",
        recipient_contact: "0123456789",
        address_1: "12 Jalan Bunga Raya",
        postcode: "50000",
        state: "Selangor",
      });
    } finally {
      await api.dispose();
    }
    await server.sql(
      `update orders set order_status = 2, created_at = '${lastMonth.at}', paid_on = '${lastMonth.at}' where orders_id = ${order.orders_id};`,
    );
    const context = await newStoreContext(browser, server.baseURL);
    contexts.push(context);
    page = await context.newPage();
    await loginThroughForm(page);
  });

  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    await server.remove();
    await lhdn?.close();
  });

  test("the tax identity and MyInvois access are saved after the password, the secret never shown back", async () => {
    await page.goto("/settings?tab=einvoices");
    await page.getByLabel("Tax ID (TIN)", { exact: true }).fill("C20830570210");
    await page.getByLabel("SST registration no.", { exact: true }).fill("W10-1808-32000001");
    await page.getByLabel("MSIC code", { exact: true }).fill("47912");
    await page.getByLabel("Business activity", { exact: true }).fill("Retail sale via internet");
    await page.getByLabel("MyInvois client ID", { exact: true }).fill(lhdn.clientId);
    await page.getByLabel("MyInvois client secret", { exact: true }).fill(lhdn.clientSecret);
    await page.getByLabel("MyInvois API address", { exact: true }).fill(lhdn.url);
    await page.getByLabel("MyInvois identity address", { exact: true }).fill(lhdn.url);
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    // The browser's session has no fresh proof: the password is asked, then the save goes again.
    const proof = page.getByRole("dialog", { name: "Confirm it is you" });
    await proof.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await proof.getByRole("button", { name: "Confirm", exact: true }).click();
    await page.getByRole("button", { name: "Saved", exact: true }).waitFor();
    const stored = (await (await page.request.get("/api/settings/1")).json()) as Settings;
    expect(stored.tin).toBe("C20830570210");
    expect(stored.myinvois_client_secret).not.toContain(lhdn.clientSecret);
    await page.reload();
    await expect(page.getByLabel("MyInvois client secret", { exact: true })).toHaveValue(
      stored.myinvois_client_secret,
    );
  });

  test("last month's consolidated invoice is made on /einvoices and seen valid there", async () => {
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Sidebar" })
      .getByRole("link", { name: "E-invoices" })
      .click();
    await page.waitForURL((url) => url.pathname === "/einvoices");
    await page.getByLabel("Month", { exact: true }).fill(lastMonth.month);
    await page.getByRole("button", { name: "Consolidate", exact: true }).click();
    const made = page.getByRole("list", { name: `Documents of ${lastMonth.month}` });
    await expect(made.getByRole("listitem")).toHaveCount(1);
    await expect(made).toContainText(`CON-${lastMonth.month}`);
    await expect(made).toContainText("RM 100.00");

    // The job sends it and reads LHDN's answer; the list shows it valid.
    await expect
      .poll(
        async () => {
          const rows = (await (await page.request.get("/api/einvoices")).json()) as Einvoice[];
          return rows.map((r) => r.status);
        },
        { timeout: 30_000 },
      )
      .toEqual(["valid"]);
    await page.reload();
    const row = page.getByRole("row", { name: new RegExp(`CON-${lastMonth.month}`) });
    await expect(row.getByText("Valid", { exact: true })).toBeVisible();
    await expect(row.getByText(`Sales of ${lastMonth.month}`)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    // Its screen: the validation link and the JSON exactly as LHDN was sent it.
    await row.getByRole("link", { name: `CON-${lastMonth.month}` }).click();
    await page.waitForURL((url) => url.pathname === "/einvoice");
    const link = page.getByRole("link", { name: "Validation link" });
    await expect(link).toHaveAttribute("href", /\/share\//);
    await page.getByRole("button", { name: "View JSON", exact: true }).click();
    await expect(page.getByRole("group", { name: "The document as sent" })).toContainText(
      `CON-${lastMonth.month}`,
    );
    expect(lhdn.documents.size).toBe(1);
  });
});
