import fs from "node:fs";
import { formatMoney, invoiceNumber, type Order, type OrderRecord } from "@store/contract";
import { extractText, getDocumentProxy } from "unpdf";
import { OrderListPage } from "../pages/OrderListPage";
import { axeViolations } from "../support/axe";
import { expect, test, useBrowser } from "../support/browser";

/**
 * Invoices and packing slips (docs/decisions/invoices.md): from Edit Order to
 * the print view and its PDF, and from the order list's bulk bar. One page,
 * the saved login, a few page loads.
 */
test.describe("an order's invoice and packing slip", () => {
  const s = useBrowser();

  /** Whitespace-insensitive text: the layout breaks lines where it likes. */
  const words = (text: string) => text.replace(/\s+/g, " ").trim();

  async function orderWithLines(): Promise<OrderRecord> {
    const { rows } = await new OrderListPage(s.page).apiPage("_page=1&_limit=5");
    for (const row of rows as Order[]) {
      const res = await s.page.request.get(`/api/orders/${row.orders_id}`);
      const order = (await res.json()) as OrderRecord;
      if (order.items.length > 1) return order;
    }
    throw new Error("no order of the demo store has two lines");
  }

  test("Edit Order → the invoice to print, its PDF, then the packing slip without prices", async () => {
    const { page } = s;
    const order = await orderWithLines();
    await page.goto(`/editOrder?oid=${order.orders_id}`);
    await page.getByRole("link", { name: "Invoice", exact: true }).click();
    // The waits of a loaded machine: the context's 15 s, not expect's 5 s.
    await page.waitForURL(/\/printOrders\?ids=\d+&doc=invoice$/);

    const number = invoiceNumber(order.order_number);
    const invoice = page.getByRole("article", { name: `Invoice ${number}` });
    await invoice.waitFor();
    await expect(invoice).toContainText(`Total ${formatMoney(order.total_price)}`, {
      useInnerText: true,
    });
    const shown = words(await invoice.innerText());
    for (const expected of [
      "Kedai Harmoni",
      number,
      order.order_number,
      order.recipient_name,
      `Subtotal ${formatMoney(order.subtotal)}`,
      `Shipping ${formatMoney(order.shipping_fee)}`,
    ]) {
      expect(shown).toContain(expected);
    }
    for (const line of order.items) {
      expect(shown).toContain(line.product_name);
      expect(shown).toContain(
        `${line.sku} ${line.quantity} ${formatMoney(line.unit_price)} ${formatMoney(line.line_total)}`,
      );
    }
    expect(await axeViolations(page)).toEqual([]);

    // Printed: the sheet alone, without the sidebar, the top bar and the controls.
    await page.emulateMedia({ media: "print" });
    await expect(page.locator(".app-sidebar")).toBeHidden();
    await expect(page.locator(".app-footer")).toBeHidden();
    await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
    await expect(invoice).toBeVisible();
    await page.emulateMedia({ media: null });

    // The PDF of the same: its text extracted.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download PDF" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}.pdf`);
    const bytes = new Uint8Array(fs.readFileSync(await file.path()));
    const { text } = await extractText(await getDocumentProxy(bytes), { mergePages: true });
    const pdf = words(text);
    for (const expected of ["Kedai Harmoni", number, `Total ${formatMoney(order.total_price)}`]) {
      expect(pdf).toContain(expected);
    }
    for (const line of order.items) expect(pdf).toContain(line.product_name);

    await page.getByRole("button", { name: "Packing Slip" }).click();
    const slip = page.getByRole("article", { name: `Packing Slip ${order.order_number}` });
    await slip.waitFor();
    const quantity = order.items.reduce((sum, line) => sum + line.quantity, 0);
    await expect(slip).toContainText(`Total Quantity: ${quantity}`);
    const slipText = words(await slip.innerText());
    for (const line of order.items) expect(slipText).toContain(`${line.sku} ${line.quantity}`);
    expect(slipText).not.toMatch(/RM\s?\d/);
    expect(await axeViolations(page)).toEqual([]);
  });

  test("the list's bulk bar prints the ticked orders' invoices, one sheet each, and opens the print dialog", async () => {
    const { page } = s;
    const list = new OrderListPage(page);
    await list.goto();
    const { rows } = await list.apiPage("_page=1&_limit=2");
    for (const row of rows) {
      await page.getByRole("checkbox", { name: `Select order ${row.order_number}` }).check();
    }
    // The print dialog, counted instead of opened.
    await page.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    await page.getByRole("button", { name: "Print Invoices" }).click();
    await page.waitForURL(/\/printOrders\?ids=\d+,\d+&doc=invoice&print=1$/);
    for (const row of rows) {
      await page
        .getByRole("article", { name: `Invoice ${invoiceNumber(row.order_number)}` })
        .waitFor();
    }
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
      .toBe(1);
  });
});
