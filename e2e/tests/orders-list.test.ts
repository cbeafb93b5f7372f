import { type Order, shippingLocation } from "@store/contract";
import { showColumns } from "../pages/ListScreen";
import { OrderListPage } from "../pages/OrderListPage";
import { expect, test, useBrowser } from "../support/browser";

const COLUMNS = [
  "#",
  "Order Number",
  "Customer Username",
  "Customer Phone",
  "Total Price",
  "Points Earned",
  "Coupon Code",
  "Recipient Name",
  "Recipient Contact",
  "Shipping Location",
  "Tracking Number",
  "Status",
  "Created Date",
  "Paid Date",
  "Ship Out By",
  "Completed Date",
  "Updated Date",
  "Actions",
];

/** "1234.50" → "1,234.50", as the list groups money. */
const grouped = (money: string) => money.replace(/\B(?=(\d{3})+(?!\d))(?=.*\.)/g, ",");

test.describe("/order: the orders list", () => {
  const s = useBrowser();

  test("shows the 18 columns in the order of docs/REQUIREMENTS.md section 2", async () => {
    const list = new OrderListPage(s.page);
    await list.goto();
    // Every column, in the spec's order, once chosen (the default set leaves some out).
    await showColumns(s.page);
    expect(await list.headerTexts()).toEqual(COLUMNS);
  });

  test("shows each order's fields: RM money, the joined shipping location, an Edit link", async () => {
    const list = new OrderListPage(s.page);
    await list.goto();
    const { rows } = await list.apiPage("_page=1&_limit=10");
    expect(rows.length).toBeGreaterThan(0);
    expect(await list.orderNumbersShown()).toEqual(rows.map((o) => o.order_number));
    const order = rows[0] as Order;
    const cells = await list.cellTexts(list.row(order.order_number));
    expect(cells[0]).toBe("1");
    expect(cells[1]).toBe(order.order_number);
    expect(cells[2]).toBe(order.username);
    expect(cells[3]).toBe(order.contact);
    expect(cells[4]).toBe(`RM ${grouped(order.total_price)}`);
    expect(cells[6]).toBe(order.coupon_code || "-");
    expect(cells[7]).toBe(order.recipient_name);
    expect(cells[9]).toBe(shippingLocation(order));
    expect(cells[9]).not.toMatch(/, ,|^, |, $/);
    expect(cells[10]).toBe(order.tracking_number || "-");
    await list.row(order.order_number).getByRole("link", { name: "Edit" }).click();
    await s.page.waitForURL(`**/editOrder?oid=${order.orders_id}`);
  });

  test("pages, changes the page size and searches through the server", async () => {
    const list = new OrderListPage(s.page);
    await list.goto();
    const first = await list.apiPage("_page=1&_limit=10");
    expect(first.total).toBeGreaterThan(25);
    await expect(list.bodyRows()).toHaveCount(10);
    await expect(s.page.getByText(`of ${first.total} entries`)).toHaveCount(1);

    await list.pagination().getByRole("button", { name: "Next" }).click();
    const second = await list.apiPage("_page=2&_limit=10");
    await expect
      .poll(() => list.orderNumbersShown())
      .toEqual(second.rows.map((o) => o.order_number));
    expect(new URL(s.page.url()).searchParams.get("page")).toBe("2");

    await list.showEntries().selectOption("25");
    await expect(list.bodyRows()).toHaveCount(25);

    const target = second.rows[3] as Order;
    await list.find(target.order_number);
    expect(await list.orderNumbersShown()).toEqual([target.order_number]);

    await list.search().fill("no-such-order-zz");
    await s.page.getByText("No matching records found.").waitFor();
  });

  test("searches by username, recipient and tracking number too", async () => {
    const list = new OrderListPage(s.page);
    await list.goto();
    const order = (await list.apiPage("_page=1&_limit=1")).rows[0] as Order;
    for (const q of [order.username, order.recipient_name, order.tracking_number].filter(Boolean)) {
      await list.search().fill(q);
      await expect
        .poll(async () => (await list.orderNumbersShown()).join())
        .toContain(order.order_number);
      const shown = await list.apiPage(`q=${encodeURIComponent(q)}&_page=1&_limit=10`);
      await expect
        .poll(() => list.orderNumbersShown())
        .toEqual(shown.rows.map((o) => o.order_number));
    }
  });

  test("finds an order by its buyer's phone as the row shows it, or as a caller reads it out", async () => {
    await s.page.setViewportSize({ width: 1366, height: 800 });
    const list = new OrderListPage(s.page);
    await list.goto();
    // The phone is a column the admin chooses to show (off by default at 1,366 px).
    await showColumns(s.page, ["Customer Phone"]);
    const { rows } = await list.apiPage("_page=1&_limit=10");
    const order = rows.find((o) => o.contact) as Order;
    const shown = (await list.cellTexts(list.row(order.order_number)))[3] ?? "";
    expect(shown).toBe(order.contact);
    // "0123456789" as shown, then "+60 12-345 6789" as read out.
    const digits = shown.replace(/\D/g, "");
    const spoken = `+60 ${digits.slice(1, 3)}-${digits.slice(3, 6)} ${digits.slice(6)}`;
    for (const q of [shown, spoken]) {
      await list.search().fill(q);
      await expect
        .poll(() => list.orderNumbersShown(), { message: q })
        .toContain(order.order_number);
      const found = await list.apiPage(`q=${encodeURIComponent(q)}&_page=1&_limit=10`);
      // Only orders with that phone, the buyer's or the recipient's (stored as "+60…" or "0…").
      const national = (phone: string) => phone.replace(/\D/g, "").replace(/^60/, "0");
      for (const o of found.rows) {
        const phones = [o.contact, o.recipient_contact].map(national);
        expect(
          phones.some((p) => p.includes(digits)),
          o.order_number,
        ).toBe(true);
      }
      await expect
        .poll(() => list.orderNumbersShown())
        .toEqual(found.rows.map((o) => o.order_number));
    }
    // On a phone the rows are cards: the same spoken number finds the order's card.
    await s.page.setViewportSize({ width: 390, height: 844 });
    await s.page.goto("/order");
    await list.search().fill(spoken);
    await expect
      .poll(() =>
        s.page.locator("main").getByText(order.order_number, { exact: true }).first().isVisible(),
      )
      .toBe(true);
    await s.page.setViewportSize({ width: 1400, height: 900 });
  });

  test("scrolls the wide table sideways inside its card, not the whole page", async () => {
    await s.page.setViewportSize({ width: 1100, height: 800 });
    const list = new OrderListPage(s.page);
    await list.goto();
    const sizes = await list.scroller().evaluate((el) => ({
      inner: el.scrollWidth,
      visible: el.clientWidth,
      page: document.documentElement.scrollWidth,
      window: window.innerWidth,
    }));
    expect(sizes.inner).toBeGreaterThan(sizes.visible);
    expect(sizes.page).toBeLessThanOrEqual(sizes.window);
    await s.page.setViewportSize({ width: 1400, height: 900 });
  });
});
