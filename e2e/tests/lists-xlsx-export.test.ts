import type { Order } from "@store/contract";
import ExcelJS from "exceljs";
import { ListPattern } from "../pages/ListPattern";
import { showColumns } from "../pages/ListScreen";
import { OrderListPage } from "../pages/OrderListPage";
import { expect, test, useBrowser } from "../support/browser";

test.describe("lists: the screen's Export gives an Excel workbook people can read", () => {
  const s = useBrowser();

  test("downloads the completed orders on show as .xlsx: phones keep their 0, statuses by name, money as numbers", async () => {
    const answer = await s.page.request.get(
      "/api/orders?order_status=6&_sort=total_price&_order=desc&_page=1&_limit=5",
    );
    const shown = (await answer.json()) as Order[];
    const total = Number(answer.headers()["x-total-count"]);
    // A large filtered list's count stops at a cap ("more than"): every row is in the file.
    const capped = answer.headers()["x-total-count-capped"] === "true";
    expect(shown.length).toBeGreaterThan(0);
    // Malaysian mobiles begin with 0: the cell Excel would have turned into a number.
    expect(shown[0]?.contact).toMatch(/^0\d+$/);

    const orders = new OrderListPage(s.page);
    await orders.goto("?order_status=6&sort=total_price&order=desc");
    // The phone is one of the columns the admin chooses to show (off by default).
    await showColumns(s.page, ["Customer Phone"]);
    const list = new ListPattern(s.page);
    const link = await list.exportLink("Excel (.xlsx)");
    const [download] = await Promise.all([s.page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);

    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1);
    // The columns on show, in their order, headed by their labels.
    expect(header.slice(0, 4)).toEqual([
      "Order Number",
      "Customer Username",
      "Customer Phone",
      "Total Price",
    ]);
    expect(header).toContain("Status");
    expect(header).not.toContain("contact");
    if (capped) expect(sheet.actualRowCount - 1).toBeGreaterThan(total);
    else expect(sheet.actualRowCount - 1).toBe(total);

    const at = (label: string) => header.indexOf(label) + 1;
    const first = sheet.getRow(2);
    const order = shown[0] as Order;
    expect(first.getCell(at("Order Number")).value).toBe(order.order_number);
    const phone = first.getCell(at("Customer Phone"));
    expect(phone.type).toBe(ExcelJS.ValueType.String);
    expect(phone.value).toBe(order.contact);
    expect(first.getCell(at("Status")).value).toBe("Complete");
    const money = first.getCell(at("Total Price"));
    expect(money.type).toBe(ExcelJS.ValueType.Number);
    expect(money.value).toBe(Number(order.total_price));
    expect(money.numFmt).toBe("0.00");
  });
});
