import type { Browser, BrowserContext, Locator, Page } from "@playwright/test";
import type { Order, OrderRecord } from "@store/contract";
import { OrderFormPage } from "../pages/OrderFormPage";
import { axeViolations } from "../support/axe";
import { expect, loginThroughForm, test } from "../support/browser";
import { createGroup, createStaffAccount } from "../support/staff";
import { chooseTheme } from "../support/theme";

/**
 * Edit Order shows what the order bought (its lines, subtotal, coupon
 * discount, shipping, total), the buyer's statement and what the order posted
 * to the ledger (docs/decisions/order-lines.md); read only, without the
 * statement links, for a staff member who may only view orders; axe-clean in
 * both colour modes. Two logins: the demo admin's saved one, and the clerk's.
 */
const stamp = Date.now();
const CLERK = {
  username: `orders_view_${stamp}`,
  email: `orders_view_${stamp}@example.my`,
  password: "Orders-viewer#2026",
};

/** A decimal as the screens show it in English: "1,234.50". */
const grouped = (amount: string) => {
  const [whole = "0", frac = "00"] = amount.split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac}`;
};
const rm = (amount: string) => `RM ${grouped(amount)}`;

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/${path}`);
  if (!response.ok()) throw new Error(`${path}: ${response.status()}`);
  return (await response.json()) as T;
}

const cells = async (row: Locator) =>
  (await row.locator("td, th").allInnerTexts()).map((t) => t.trim());

/** A context axe can be put into (the app's policy allows only its own scripts). */
async function axeContext(browser: Browser, baseURL: string, storageState?: string) {
  const context = await browser.newContext({
    baseURL,
    bypassCSP: true,
    viewport: { width: 1400, height: 900 },
    locale: "en-GB",
    timezoneId: "Asia/Kuala_Lumpur",
    storageState,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

async function axeInBothModes(page: Page): Promise<void> {
  await chooseTheme(page, "Light");
  expect(await axeViolations(page)).toEqual([]);
  await chooseTheme(page, "Dark");
  expect(await axeViolations(page)).toEqual([]);
  await chooseTheme(page, "Light");
}

test.describe("/editOrder?oid=: the order's lines, money and ledger entries", () => {
  let admin: BrowserContext;
  let clerk: BrowserContext;
  const s = {} as { page: Page };
  let clerkPage: Page;
  /** The order the admin completes, which the clerk then opens. */
  let shown: OrderRecord | undefined;

  test.beforeAll(async ({ browser, store }) => {
    admin = await axeContext(browser, store.baseURL, store.storageState);
    s.page = await admin.newPage();
    const group = await createGroup(admin.request, `Orders view ${stamp}`, ["orders:view"]);
    await createStaffAccount(admin.request, CLERK, [group]);
    clerk = await axeContext(browser, store.baseURL);
    clerkPage = await clerk.newPage();
    await loginThroughForm(clerkPage, CLERK);
  });
  test.afterAll(async () => {
    await clerk?.close();
    await admin?.close();
  });

  test("shows a seeded order's lines and totals, the buyer's statement link, and the PV its completion posts", async () => {
    // A seeded order of a member, with a coupon, several lines, still open (status 4: shipped).
    const open = await api<Order[]>(
      s.page,
      "orders?order_status=4&_sort=orders_id&_order=asc&_limit=100",
    );
    let order: OrderRecord | undefined;
    for (const row of open.filter((o) => o.coupon_code !== "" && o.user_id !== null)) {
      const record = await api<OrderRecord>(s.page, `orders/${row.orders_id}`);
      if (record.items.length > 1 && record.posted.length === 0) {
        order = record;
        break;
      }
    }
    if (!order) throw new Error("the demo store has no open order with a coupon and several lines");

    const form = new OrderFormPage(s.page);
    await form.goto(order.orders_id);
    await form.loaded();
    const items = s.page.getByRole("table", { name: "Items" });
    const lines = items.locator("tbody tr");
    await expect(lines).toHaveCount(order.items.length);
    for (const [i, line] of order.items.entries()) {
      expect((await cells(lines.nth(i))).slice(1)).toEqual([
        line.product_name,
        line.variant_name || "-",
        line.sku || "-",
        String(line.quantity),
        rm(line.unit_price),
        // The SST the line contains (docs/decisions/sst-on-lines.md): the demo's products have no tax category.
        line.tax_type === "not_applicable" ? "-" : expect.stringContaining(rm(line.tax_amount)),
        rm(line.line_total),
      ]);
      await expect(lines.nth(i).locator("img")).toHaveAttribute("src", new RegExp(line.image));
    }
    const totals = items.locator("tfoot tr");
    expect(await Promise.all([0, 1, 2, 3, 4].map((i) => cells(totals.nth(i))))).toEqual([
      ["Subtotal", rm(order.subtotal)],
      [`Discount (${order.coupon_code})`, `-${rm(order.discount)}`],
      ["Shipping fee", rm(order.shipping_fee)],
      ["Total", rm(order.total_price)],
      ["SST included", rm(order.tax_total)],
    ]);
    await expect(s.page.getByRole("link", { name: "Wallet Statement" })).toHaveAttribute(
      "href",
      `/walletStatement?uid=${order.user_id}`,
    );
    await expect(s.page.getByText("This order has posted nothing to the ledger.")).toBeVisible();

    // Completed, the order posts the buyer's PV: Edit Order lists the entry, linked to their PV statement.
    await form.saveStatus("6. complete", order.tracking_number || "TRK-LINES-1");
    const after = await api<OrderRecord>(s.page, `orders/${order.orders_id}`);
    const pv = after.posted.find((e) => e.account === "pv" && e.reason === "pv_order");
    if (!pv) throw new Error("completing the order posted no PV");
    await form.goto(order.orders_id);
    const posted = s.page.getByRole("table", { name: "PV and commission posted" });
    const entry = posted.locator("tbody tr").filter({ hasText: "PV from order" });
    await entry.waitFor();
    const texts = await cells(entry);
    expect([texts[0], texts[2], texts[3], texts[4], texts[5]]).toEqual([
      `Entry #${pv.entry_id}`,
      pv.username,
      "PV",
      "PV from order",
      `+${grouped(pv.amount)} PV`,
    ]);
    await axeInBothModes(s.page);
    shown = after;
    await entry.getByRole("link", { name: `Entry #${pv.entry_id}` }).click();
    await s.page.waitForURL(`**/walletStatement?uid=${order.user_id}&account=pv`);
    await expect(s.page.getByRole("heading", { level: 1 })).toContainText("Wallet Statement");
  });

  test("a staff member who may only view orders sees the same, read only and without the statement links", async () => {
    if (!shown) throw new Error("the first test found no order");
    const form = new OrderFormPage(clerkPage);
    await form.goto(shown.orders_id);
    await form.loaded();
    await expect(clerkPage.getByRole("table", { name: "Items" }).locator("tbody tr")).toHaveCount(
      shown.items.length,
    );
    const posted = clerkPage.getByRole("table", { name: "PV and commission posted" });
    await expect(posted.locator("tbody tr")).toHaveCount(shown.posted.length);
    await expect(form.status()).toBeDisabled();
    await expect(form.save()).toHaveCount(0);
    // Statements need wallets:view: the entries are named, not linked.
    await expect(clerkPage.getByRole("link", { name: "Wallet Statement" })).toHaveCount(0);
    await expect(posted.getByRole("link")).toHaveCount(0);
    await expect(posted.getByText(`Entry #${shown.posted[0]?.entry_id}`)).toBeVisible();
    await axeInBothModes(clerkPage);
  });
});
