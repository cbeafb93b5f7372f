import { invoiceNumber, type Order } from "@store/contract";
import { expect, test, useBrowser } from "../support/browser";

/**
 * Issue 34 item 5: the print view's Document language prints the whole
 * document in that language, its labels as well as its dates and amounts,
 * while the screen around it stays in the admin's language (English here).
 */
test.describe("the print view's document language", () => {
  const s = useBrowser();

  test("Bahasa Melayu prints Malay labels, then 中文 Chinese ones; the screen stays English", async () => {
    const { page } = s;
    const [order] = (await (await page.request.get("/api/orders?_limit=1")).json()) as Order[];
    if (!order) throw new Error("the demo store has no order");
    await page.goto(`/printOrders?ids=${order.orders_id}&doc=invoice`);
    const number = invoiceNumber(order.order_number);
    await page.getByRole("article", { name: `Invoice ${number}` }).waitFor();

    await page.getByLabel("Document language").selectOption("ms");
    const malay = page.getByRole("article", { name: `Invois ${number}` });
    await expect(malay.getByRole("heading", { name: "Invois" })).toBeVisible();
    await expect(malay.getByRole("columnheader", { name: "Harga Seunit" })).toBeVisible();
    await expect(malay).toContainText("Hantar Kepada");
    await expect(malay).not.toContainText("Ship To");
    // The screen's own words stay English.
    await expect(
      page.getByRole("heading", { name: "Invoices and Packing Slips", level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Download PDF" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download PDF" })).toBeVisible();
    await expect(page.getByLabel("Document language")).toBeVisible();

    await page.getByLabel("Document language").selectOption("zh");
    const chinese = page.getByRole("article", { name: `发票 ${number}` });
    await expect(chinese.getByRole("columnheader", { name: "单价" })).toBeVisible();
    await expect(chinese).toContainText("收货人");
    await page.getByRole("button", { name: "Packing Slip" }).click();
    await expect(page.getByRole("article", { name: `装箱单 ${order.order_number}` })).toBeVisible();
    await expect(
      page.getByRole("heading", { name: "Invoices and Packing Slips", level: 1 }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en-GB");
  });
});
