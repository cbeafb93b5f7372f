import type { BrowserContext, Page, Response } from "@playwright/test";
import type { Order, Settings } from "@store/contract";
import { expect, loginThroughForm, newStoreContext, test } from "../support/browser";
import { createGroup, createStaffAccount } from "../support/staff";

/**
 * Issue 34 items 3 and 4: a Staff member whose one group may only view the
 * orders. Every screen they open draws without a permission error and with the
 * store's name in the title and footer (the shell reads GET storeIdentity, not
 * the settings they may not read); on an order, read only, Invoice, Packing Slip
 * and Back still lead away.
 */
const stamp = Date.now();
const VIEWER = {
  username: `viewer_${stamp}`,
  email: `viewer_${stamp}@example.my`,
  password: "Order-viewer#2026",
};

test.describe("a Staff member who may only view orders", () => {
  let admin: BrowserContext;
  let viewer: BrowserContext;
  let page: Page;
  let store: Settings;
  let order: Order;
  /** Every call the server refused them, as the page met it. */
  const refused: string[] = [];

  test.beforeAll(async ({ browser, store: worker }) => {
    admin = await newStoreContext(browser, worker.baseURL, undefined, worker.storageState);
    const group = await createGroup(admin.request, `View orders ${stamp}`, ["orders:view"]);
    await createStaffAccount(admin.request, VIEWER, [group]);
    store = (await (await admin.request.get("/api/settings/1")).json()) as Settings;
    const [first] = (await (await admin.request.get("/api/orders?_limit=1")).json()) as Order[];
    if (!first) throw new Error("the demo store has no order");
    order = first;

    viewer = await newStoreContext(browser, worker.baseURL);
    page = await viewer.newPage();
    page.on("response", (response: Response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    await loginThroughForm(page, VIEWER);
  });
  test.afterAll(async () => {
    await viewer?.close();
    await admin?.close();
  });

  test("sees no permission error, and the store's name in the title and footer, on every screen", async () => {
    const footer = page.getByRole("contentinfo");
    await expect(footer).toContainText(store.copyright_text);
    await expect(page).toHaveTitle(`Dashboard · ${store.store_name}`);
    await expect(page.getByRole("img", { name: store.store_name })).toBeVisible();

    await page
      .getByRole("navigation", { name: "Sidebar" })
      .getByRole("link", { name: "Order" })
      .click();
    await expect(page).toHaveTitle(`Orders · ${store.store_name}`);
    await page.getByRole("link", { name: "Terms" }).click();
    await expect(page.getByRole("main")).toContainText(store.store_name);
    await expect(footer).toContainText(store.copyright_text);

    await expect(page.getByText("You do not have permission to do this.")).toHaveCount(0);
    expect(refused).toEqual([]);
  });

  test("opens an order read only, and Invoice, Packing Slip and Back still lead away", async () => {
    await page.goto(`/editOrder?oid=${order.orders_id}`);
    await expect(page.getByTestId("read-only-note")).toBeVisible();
    await expect(page.getByLabel("Tracking Number")).toBeDisabled();

    await page.getByRole("link", { name: "Invoice", exact: true }).click();
    await page.waitForURL(/\/printOrders\?ids=\d+&doc=invoice$/);
    await expect(page.getByRole("article", { name: /^Invoice / })).toBeVisible();
    await page.goBack();

    await page.getByRole("link", { name: "Packing Slip", exact: true }).click();
    await page.waitForURL(/\/printOrders\?ids=\d+&doc=packing-slip$/);
    await expect(page.getByRole("article", { name: /^Packing Slip / })).toBeVisible();
    await page.goBack();

    // The form's own Back, at its foot.
    await page.locator(".form-actions").getByRole("link", { name: "Back" }).click();
    await page.waitForURL(/\/order$/);
    await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
    expect(refused).toEqual([]);
  });
});
