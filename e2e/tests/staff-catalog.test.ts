import type { BrowserContext, Page } from "@playwright/test";
import type { Product } from "@store/contract";
import { axeViolations } from "../support/axe";
import { expect, loginThroughForm, newStoreContext, test } from "../support/browser";
import { createGroup, createStaffAccount } from "../support/staff";
import { chooseTheme } from "../support/theme";

/**
 * A "Catalog" staff member (issue 22) sees their job and no more: the sidebar
 * holds the dashboard and the catalog screens, the dashboard only the
 * products' card, a product is edited and saved, and /withdrawRequest typed
 * by hand says "You do not have access to this page" (axe-clean, light and dark), with no
 * error toast. One login for the staff member; the admin works over the API.
 */
const stamp = Date.now();
const CLERK = {
  username: `catalog_${stamp}`,
  email: `catalog_${stamp}@example.my`,
  password: "Catalog-clerk#2026",
  f_name: "Siti",
  l_name: "Katalog",
};

test.describe("a Catalog staff member", () => {
  let admin: BrowserContext;
  let clerk: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, store }) => {
    // The admin makes the group and the account as the screens would: a fresh proof first.
    admin = await newStoreContext(browser, store.baseURL, undefined, store.storageState);
    const api = admin.request;
    const group = await createGroup(api, `Catalog ${stamp}`, ["catalog:manage"]);
    await createStaffAccount(api, CLERK, [group]);

    // axe is put into the page; the app's policy allows only its own scripts.
    clerk = await browser.newContext({
      baseURL: store.baseURL,
      bypassCSP: true,
      viewport: { width: 1400, height: 900 },
      locale: "en-GB",
      timezoneId: "Asia/Kuala_Lumpur",
    });
    clerk.setDefaultTimeout(15_000);
    page = await clerk.newPage();
    await loginThroughForm(page, CLERK);
  });
  test.afterAll(async () => {
    await clerk?.close();
    await admin?.close();
  });

  test("sees the dashboard and the catalog screens only, and their name and group in the menu", async () => {
    const sidebar = page.getByRole("navigation", { name: "Sidebar" });
    await expect(sidebar.getByRole("link")).toHaveText([
      "Dashboard",
      "Products",
      "Categories",
      "Brands",
      // Products and stock counts come in from spreadsheets with catalog:manage (issue 43).
      "Import",
    ]);
    // The dashboard answers the products' figure alone.
    await expect(page.getByRole("heading", { name: "Total Products" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Total Revenue" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Total Users" })).toHaveCount(0);
    await page.getByRole("button", { name: CLERK.username }).click();
    await expect(page.getByTestId("topbar-person")).toHaveText(
      `Siti KatalogPermission groups: Catalog ${stamp}`,
    );
    await page.keyboard.press("Escape");
  });

  test("edits a product and saves it", async () => {
    await page
      .getByRole("navigation", { name: "Sidebar" })
      .getByRole("link", { name: "Products" })
      .click();
    const card = page.getByRole("article").first();
    const name = (await card.getAttribute("aria-label")) ?? "";
    // Without `export` there is no Export; with catalog:manage, Add and the card's Edit.
    await expect(page.getByRole("link", { name: "Add Product" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Export" })).toHaveCount(0);
    await card.getByRole("link", { name: `Edit ${name}` }).click();
    const stock = page.getByLabel("Stock Quantity");
    await expect(stock).toBeEnabled();
    const id = Number(new URL(page.url()).searchParams.get("pid"));
    const wanted = String(Number((await stock.inputValue()) || "0") + 7);
    await stock.fill(wanted);
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await page.waitForURL("**/products**");
    const saved = await page.request.get(`/api/products/${id}`);
    expect(saved.status()).toBe(200);
    expect(String(((await saved.json()) as Product).stock_qtt)).toBe(wanted);
  });

  test("gets the no-access screen on /withdrawRequest typed by hand, axe-clean, without an error toast", async () => {
    await page.goto("/withdrawRequest");
    await expect(
      page.getByRole("heading", { level: 1, name: "You do not have access to this page" }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/^You do not have access to this page/);
    await expect(page.getByRole("link", { name: "Back to the dashboard" })).toHaveAttribute(
      "href",
      "/admin",
    );
    await expect(page.getByRole("alert")).toHaveCount(0);
    // axe-clean in both themes, as theme-axe checks the other screens.
    await chooseTheme(page, "Light");
    expect(await axeViolations(page)).toEqual([]);
    await chooseTheme(page, "Dark");
    expect(await axeViolations(page)).toEqual([]);
    await chooseTheme(page, "Light");
    // The server refuses the call anyway.
    expect((await page.request.get("/api/withdrawRequest")).status()).toBe(403);
    await page.getByRole("link", { name: "Back to the dashboard" }).click();
    await page.waitForURL("**/admin");
  });
});
