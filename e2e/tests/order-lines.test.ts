import type { Locator, Page } from "@playwright/test";
import type { Order, OrderRecord } from "@store/contract";
import { OrderFormPage } from "../pages/OrderFormPage";
import { expect, test, useBrowser } from "../support/browser";

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

test.describe("/editOrder?oid=: the order's lines, money and ledger entries", () => {
  const s = useBrowser();

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
        rm(line.line_total),
      ]);
      await expect(lines.nth(i).locator("img")).toHaveAttribute("src", new RegExp(line.image));
    }
    const totals = items.locator("tfoot tr");
    expect(await Promise.all([0, 1, 2, 3].map((i) => cells(totals.nth(i))))).toEqual([
      ["Subtotal", rm(order.subtotal)],
      [`Discount (${order.coupon_code})`, `-${rm(order.discount)}`],
      ["Shipping fee", rm(order.shipping_fee)],
      ["Total", rm(order.total_price)],
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
    await entry.getByRole("link", { name: `Entry #${pv.entry_id}` }).click();
    await s.page.waitForURL(`**/walletStatement?uid=${order.user_id}&account=pv`);
    await expect(s.page.getByRole("heading", { level: 1 })).toContainText("Wallet Statement");
  });
});
