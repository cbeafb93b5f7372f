import type { Order } from "@store/contract";
import { showColumns } from "../pages/ListScreen";
import { OrderFormPage } from "../pages/OrderFormPage";
import { OrderListPage } from "../pages/OrderListPage";
import { expect, test, useBrowser } from "../support/browser";

const STATUS_OPTIONS = [
  "1. pending",
  "2. paid",
  "3. processing",
  "4. shipped",
  "5. delivered",
  "6. complete",
  "7. canceled",
  "8. refund",
  "9. returned",
];

test.describe("/editOrder?oid=: status and tracking number", () => {
  const s = useBrowser();

  /** Any order from the list; each test takes a different one. */
  async function pickOrder(index: number): Promise<Order> {
    const { rows } = await new OrderListPage(s.page).apiPage("_page=1&_limit=10");
    const order = rows[index];
    if (!order) throw new Error("the demo store has too few orders");
    return order;
  }

  test("lists the statuses as 'id. name' and shows the order's current values", async () => {
    const order = await pickOrder(0);
    const form = new OrderFormPage(s.page);
    await form.goto(order.orders_id);
    await form.loaded();
    expect(await form.optionTexts()).toEqual(STATUS_OPTIONS);
    expect(await form.status().inputValue()).toBe(String(order.order_status));
    expect(await form.trackingNumber().inputValue()).toBe(order.tracking_number);
  });

  test("colours the row green when complete, red when canceled or returned, plain otherwise", async () => {
    const order = await pickOrder(1);
    const form = new OrderFormPage(s.page);
    const list = new OrderListPage(s.page);
    const rowClass = async () => {
      const row = await list.find(order.order_number);
      return (await row.getAttribute("class")) ?? "";
    };

    await form.goto(order.orders_id);
    await form.loaded();
    await form.saveStatus("6. complete", `TRK-${Date.now()}`);
    // Every column: the cells below are read by position (the default set leaves some out).
    await showColumns(s.page);
    expect(await rowClass()).toContain("table-success");
    const completed = await list.cellTexts(list.row(order.order_number));
    expect(completed[11]?.toLowerCase()).toBe("complete");
    expect(completed[15]).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/); // Completed Date stamped

    for (const label of ["7. canceled", "9. returned"]) {
      await form.goto(order.orders_id);
      await form.loaded();
      await form.saveStatus(label);
      const cls = await rowClass();
      expect(cls, label).toContain("table-danger");
      expect(cls, label).not.toContain("table-success");
    }
    const returned = await list.cellTexts(list.row(order.order_number));
    expect(returned[15]).toBe("-"); // another status clears the completion stamp

    await form.goto(order.orders_id);
    await form.loaded();
    await form.saveStatus("4. shipped");
    const cls = await rowClass();
    expect(cls).not.toContain("table-danger");
    expect(cls).not.toContain("table-success");
  });

  test("saves the tracking number and goes back to /order", async () => {
    const order = await pickOrder(2);
    const form = new OrderFormPage(s.page);
    await form.goto(order.orders_id);
    await form.loaded();
    const tracking = `JNT${Date.now()}`;
    await form.saveStatus("3. processing", tracking);
    const list = new OrderListPage(s.page);
    const row = await list.find(tracking);
    expect((await list.cellTexts(row))[1]).toBe(order.order_number);
  });

  test("requires the tracking number and sends nothing without it", async () => {
    const order = await pickOrder(3);
    const form = new OrderFormPage(s.page);
    await form.goto(order.orders_id);
    await form.loaded();
    let puts = 0;
    s.page.on("request", (r) => {
      if (r.method() === "PUT" && r.url().includes("/api/orders/")) puts++;
    });
    await form.trackingNumber().fill("   ");
    await form.save().click();
    await s.page.getByText("Tracking number is required.").waitFor();
    expect(new URL(s.page.url()).pathname).toBe("/editOrder");
    expect(puts).toBe(0);
  });

  test("says plainly when the order is missing or unknown", async () => {
    for (const query of ["", "?oid=999999", "?oid=abc"]) {
      await s.page.goto(`/editOrder${query}`);
      await s.page.getByText("This order could not be found.").waitFor();
      await s.page.getByRole("link", { name: "Back to Orders" }).waitFor();
    }
  });
});
