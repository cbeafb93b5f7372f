import type { Order } from "@store/contract";
import { describe, expect, it } from "vitest";
import { ListPattern } from "../pages/ListPattern";
import { OrderListPage } from "../pages/OrderListPage";
import { useBrowser } from "../support/browser";

describe("lists: sort by a header, and the view kept through an edit", () => {
  const s = useBrowser();

  it("sorts the orders by a header click, reverses on a second, and marks the header", async () => {
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
    expect(await header.getAttribute("aria-sort")).toBe("descending");
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
    expect(await list.header("Order Number").getAttribute("aria-sort")).toBe("ascending");
    expect(await header.getAttribute("aria-sort")).toBeNull();
  });

  it("comes back from Edit Order (browser back, Cancel, Save) to the same sorted page", async () => {
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
      expect(await list.header("Created Date").getAttribute("aria-sort")).toBe("ascending");
      await expect.poll(() => orders.orderNumbersShown()).toEqual(shown);
    };
    await backTo(async () => {
      await s.page.goBack();
    });
    await backTo(() => s.page.getByRole("link", { name: "Cancel" }).click());
    await backTo(() => s.page.getByRole("button", { name: "Save", exact: true }).click());
  });

  it("keeps the order number and the actions in view at 1280 px on orders and withdrawals", async () => {
    await s.page.setViewportSize({ width: 1280, height: 800 });
    try {
      for (const [path, key, action] of [
        ["/order", "Order Number", "Edit"],
        ["/withdrawRequest", "Username", undefined],
      ] as const) {
        await s.page.goto(path);
        const list = new ListPattern(s.page);
        await list.bodyRows().first().locator("td").nth(2).waitFor();
        const scroller = s.page.locator(".table-responsive");
        const wide = await scroller.evaluate((el) => el.scrollWidth > el.clientWidth + 100);
        expect(wide).toBe(true);
        // Scrolled to the far right, as an admin would to reach the last columns.
        await scroller.evaluate((el) => {
          el.scrollLeft = el.scrollWidth;
        });
        await s.page.waitForFunction(() => {
          const el = document.querySelector(".table-responsive");
          return el !== null && el.scrollLeft > 0;
        });
        const box = await scroller.boundingBox();
        const firstRow = list.bodyRows().first();
        const keyIndex = (await list.table().locator("thead th").allTextContents())
          .map((t) => t.trim())
          .indexOf(key);
        const keyCell = await firstRow.locator("td").nth(keyIndex).boundingBox();
        const lastCell = await firstRow.locator("td").last().boundingBox();
        const tick = await firstRow.locator("td").first().boundingBox();
        if (!box || !keyCell || !lastCell || !tick) throw new Error("no layout");
        // The key column sits at the left edge, right after the tick box.
        expect(tick.x).toBeGreaterThanOrEqual(box.x - 1);
        expect(keyCell.x).toBeGreaterThanOrEqual(tick.x + tick.width - 1);
        expect(keyCell.x + keyCell.width).toBeLessThan(box.x + box.width / 2);
        // The actions stay whole inside the visible part.
        expect(lastCell.x).toBeGreaterThanOrEqual(box.x);
        expect(lastCell.x + lastCell.width).toBeLessThanOrEqual(box.x + box.width + 1);
        if (action) {
          const link = firstRow.getByRole("link", { name: action });
          const linkBox = await link.boundingBox();
          expect(linkBox && linkBox.x + linkBox.width <= box.x + box.width + 1).toBe(true);
          // Still clickable where it shows (nothing scrolled over it).
          await link.click({ trial: true });
        }
      }
    } finally {
      await s.page.setViewportSize({ width: 1400, height: 900 });
    }
  });
});
