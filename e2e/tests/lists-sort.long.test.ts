import type { Order } from "@store/contract";
import { ListPattern } from "../pages/ListPattern";
import { showColumns } from "../pages/ListScreen";
import { OrderListPage } from "../pages/OrderListPage";
import { expect, settled, test, useBrowser } from "../support/browser";

test.describe("lists: sort by a header, and the view kept through an edit", () => {
  const s = useBrowser();

  test("sorts the orders by a header click, reverses on a second, and marks the header", async () => {
    const orders = new OrderListPage(s.page);
    const list = new ListPattern(s.page);
    await orders.goto();
    const header = list.header("Total Price");
    expect(await header.getAttribute("aria-sort")).toBeNull();

    await list.sortBy("Total Price", "asc");
    expect(await header.getAttribute("aria-sort")).toBe("ascending");
    const ascending = await orders.apiPage("_sort=total_price&_order=asc&_page=1&_limit=10");
    await expect
      .poll(() => orders.orderNumbersShown())
      .toEqual(ascending.rows.map((o) => o.order_number));

    await list.header("Total Price").getByRole("button").click();
    await s.page.waitForURL((url) => url.searchParams.get("order") === "desc");
    await expect(header).toHaveAttribute("aria-sort", "descending");
    const descending = await orders.apiPage("_sort=total_price&_order=desc&_page=1&_limit=10");
    await expect
      .poll(() => orders.orderNumbersShown())
      .toEqual(descending.rows.map((o) => o.order_number));
    const totals = descending.rows.map((o) => Number(o.total_price));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    // The header's button is reachable from the keyboard.
    await list.header("Order Number").getByRole("button").focus();
    await s.page.keyboard.press("Enter");
    await s.page.waitForURL((url) => url.searchParams.get("sort") === "order_number");
    await expect
      .poll(() => list.header("Order Number").getAttribute("aria-sort"))
      .toBe("ascending");
    expect(await header.getAttribute("aria-sort")).toBeNull();
  });

  test("comes back from Edit Order (browser back, Cancel, Save) to the same sorted page", async () => {
    const orders = new OrderListPage(s.page);
    const list = new ListPattern(s.page);
    await orders.goto("?sort=created_at&order=asc");
    await orders.pagination().getByRole("button", { name: "2", exact: true }).click();
    await s.page.waitForURL((url) => url.searchParams.get("page") === "2");
    const page2 = await orders.apiPage("_sort=created_at&_order=asc&_page=2&_limit=10");
    const shown = page2.rows.map((o) => o.order_number);
    await expect.poll(() => orders.orderNumbersShown()).toEqual(shown);
    const view = new URL(s.page.url()).search;
    // Save needs a tracking number (Edit Order's rule).
    const target = page2.rows.find((o) => o.tracking_number) as Order;

    const backTo = async (leave: () => Promise<void>) => {
      await orders.row(target.order_number).getByRole("link", { name: "Edit" }).click();
      await s.page.waitForURL((url) => url.pathname === "/editOrder");
      await s.page.getByRole("heading", { name: "Edit Order" }).waitFor();
      await leave();
      // The form goes to "/order"; the list puts its last view back.
      await s.page.waitForURL((url) => url.pathname === "/order" && url.search === view);
      await expect
        .poll(() => list.header("Created Date").getAttribute("aria-sort"))
        .toBe("ascending");
      await expect.poll(() => orders.orderNumbersShown()).toEqual(shown);
    };
    await backTo(async () => {
      await s.page.goBack();
    });
    await backTo(() => s.page.getByRole("link", { name: "Cancel" }).click());
    await backTo(() => s.page.getByRole("button", { name: "Save", exact: true }).click());
  });

  test("keeps the key columns, the status and the actions in view at 1280 px on orders and withdrawals", async () => {
    await s.page.setViewportSize({ width: 1280, height: 800 });
    try {
      for (const [path, key] of [
        ["/order", "Order Number"],
        ["/withdrawRequest", "Username"],
      ] as const) {
        await s.page.goto(path);
        const list = new ListPattern(s.page);
        await list.bodyRows().first().locator("td").nth(2).waitFor();
        // Every column: the table is wider than the window only when the admin shows them all.
        await showColumns(s.page);
        const scroller = s.page.locator(".table-responsive");
        expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 100)).toBe(true);
        const headers = (await list.table().locator("thead th").allTextContents()).map((t) =>
          t.trim(),
        );
        const row = list.bodyRows().first();
        const cell = (name: string) => row.locator("td").nth(headers.indexOf(name));
        /** Whether a cell is wholly inside the table's visible part. */
        const inView = async (name: string) => {
          const box = await scroller.boundingBox();
          const at = await cell(name).boundingBox();
          if (!box || !at) throw new Error("no layout");
          return at.x >= box.x - 1 && at.x + at.width <= box.x + box.width + 1;
        };
        for (const scrollTo of ["start", "middle", "end"] as const) {
          await scroller.evaluate((el, where) => {
            const far = el.scrollWidth - el.clientWidth;
            el.scrollLeft = where === "start" ? 0 : where === "middle" ? far / 2 : far;
          }, scrollTo);
          await settled(s.page);
          for (const name of ["#", key, "Status", "Actions"]) {
            expect({ path, scrollTo, name, inView: await inView(name) }).toEqual({
              path,
              scrollTo,
              name,
              inView: true,
            });
          }
        }
        // The row's Edit (orders) is clickable where it shows: nothing lies over it.
        if (path === "/order") await row.getByRole("link", { name: "Edit" }).click({ trial: true });
      }
    } finally {
      await s.page.setViewportSize({ width: 1400, height: 900 });
    }
  });
});
