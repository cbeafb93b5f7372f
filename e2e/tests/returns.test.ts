import type { Page } from "@playwright/test";
import type { Order, OrderRecord, OrderReturn, Product } from "@store/contract";
import { WalletStatementPage } from "../pages/LedgerPages";
import { axeViolations } from "../support/axe";
import { expect, test, useBrowser } from "../support/browser";

/**
 * Issue 42: a store gives back one line of an order from Edit Order and sees
 * the refund, the stock back, the buyer's PV taken back on the statement and
 * the credit note (docs/decisions/returns.md).
 */

/** An amount as the English screens show it: "RM 1,234.50". */
const rm = (amount: string) =>
  `RM ${Number(amount).toLocaleString("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/${path}`);
  if (!response.ok()) throw new Error(`${path}: ${response.status()}`);
  return (await response.json()) as T;
}

/** A paid order of a member, with PV, whose first line is a product without variants. */
async function returnableOrder(page: Page): Promise<{ order: OrderRecord; product: Product }> {
  const orders = await api<Order[]>(
    page,
    "orders?order_status=3&order_status=4&_sort=orders_id&_order=asc&_limit=100",
  );
  for (const listed of orders) {
    if (listed.user_id === null || Number(listed.points_earned) <= 0) continue;
    const order = await api<OrderRecord>(page, `orders/${listed.orders_id}`);
    const [line] = order.items;
    if (!line || line.product_id === null || line.variant_id !== null || line.returned > 0)
      continue;
    return { order, product: await api<Product>(page, `products/${line.product_id}`) };
  }
  throw new Error("the demo store has no paid order of a member with a plain product");
}

test.describe("returns by line", () => {
  const s = useBrowser();

  test("returns one line of an order: the refund, the stock, the statement's reversal and the credit note", async () => {
    const { page } = s;
    const found = await returnableOrder(page);
    const completed = await page.request.put(`/api/orders/${found.order.orders_id}`, {
      data: { order_status: 6, tracking_number: found.order.tracking_number || "JNT-RETURN-1" },
    });
    expect(completed.ok()).toBe(true);
    const order = await api<OrderRecord>(page, `orders/${found.order.orders_id}`);
    const line = order.items[0] as OrderRecord["items"][number];
    const name = line.product_name;

    await page.goto(`/editOrder?oid=${order.orders_id}`);
    await page.getByRole("button", { name: "Return items" }).click();
    const dialog = page.getByRole("dialog", { name: "Return items" });
    await dialog.getByLabel(`Quantity to return of ${name}`).fill("1");
    await dialog.getByLabel("Reason").fill("Damaged in transit");
    await expect(dialog).not.toContainText("Refund: RM 0.00");
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole("button", { name: "Return items" }).click();
    await expect(dialog).toBeHidden();

    const [given] = await api<OrderReturn[]>(page, `returns?orders_id=${order.orders_id}`);
    if (!given) throw new Error("no return recorded");
    expect(given).toMatchObject({ kind: "return", items: 1, restock: true });
    await expect(
      page.getByRole("status").filter({ hasText: `Credit note ${given.credit_note_number}` }),
    ).toContainText(rm(given.refund_amount));

    // The timeline says it, with its credit note.
    const timeline = page.getByTestId("order-timeline");
    await expect(timeline).toContainText(`${rm(given.refund_amount)} refunded`);
    const note = timeline.getByRole("link", { name: "Credit note" });
    const pdf = await page.request.get((await note.getAttribute("href")) ?? "");
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
    expect(await axeViolations(page)).toEqual([]);

    // The stock is back, and the buyer's PV taken back on their statement.
    const product = await api<Product>(page, `products/${found.product.product_id}`);
    expect(product.stock_qtt).toBe(found.product.stock_qtt + 1);
    if (Number(given.pv_reversed) > 0) {
      const statement = new WalletStatementPage(page);
      await statement.open(order.user_id as number);
      await statement.bodyRows().first().getByText("PV refund").waitFor();
      const first = await statement.firstLine();
      expect(first.slice(1, 3)).toEqual(["PV", "PV refund"]);
      expect(first[3]).toContain(rm(given.pv_reversed).slice(3));
    }

    // On /returns, with its order.
    await page.goto(`/returns?q=${given.credit_note_number}`);
    await expect(
      page.getByRole("row", { name: new RegExp(given.credit_note_number) }),
    ).toContainText(order.order_number);
    expect(await axeViolations(page)).toEqual([]);
  });
});
