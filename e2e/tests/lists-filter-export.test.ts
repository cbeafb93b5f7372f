import type { Order, WithdrawRequest } from "@store/contract";
import { ListPattern } from "../pages/ListPattern";
import { OrderListPage } from "../pages/OrderListPage";
import { expect, test, useBrowser } from "../support/browser";

const day = (wire: string | null | undefined) => (wire ?? "").slice(0, 10);

/** The cells of a CSV row by the header row's field names. */
function records(rows: string[][]): Record<string, string>[] {
  const [header = [], ...data] = rows;
  return data.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
}

test.describe("lists: filter, and export what is on show", () => {
  const s = useBrowser();

  async function apiList<T>(path: string, params: string): Promise<{ rows: T[]; total: number }> {
    const response = await s.page.request.get(`/api/${path}?${params}`);
    if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
    return {
      rows: (await response.json()) as T[],
      total: Number(response.headers()["x-total-count"]),
    };
  }

  test("finds the completed withdrawals of a date range, sorts them and exports exactly those", async () => {
    const newest = await apiList<WithdrawRequest>(
      "withdrawRequest",
      "withdraw_status=completed&_sort=request_at&_order=desc&_page=1&_limit=5",
    );
    // Completed requests: other files only add to them (they decide processing ones).
    expect(newest.rows.length).toBeGreaterThanOrEqual(2);
    const from = day(newest.rows.at(-1)?.request_at);
    const to = day(newest.rows[0]?.request_at);

    const list = new ListPattern(s.page);
    await s.page.goto("/withdrawRequest");
    await list.bodyRows().first().locator("td").nth(2).waitFor();
    await list.choose("Status", "Completed");
    await list.dates("Request Date", from, to);
    await s.page.waitForURL(
      (url) =>
        url.searchParams.get("withdraw_status") === "completed" &&
        url.searchParams.get("request_at_gte") === from &&
        url.searchParams.get("request_at_lte") === to,
    );
    await list.sortBy("Withdraw Amount", "desc");

    const filter = `withdraw_status=completed&request_at_gte=${from}&request_at_lte=${to}`;
    const expected = await apiList<WithdrawRequest>(
      "withdrawRequest",
      `${filter}&_sort=withdraw_amt&_order=desc&_page=1&_limit=10`,
    );
    expect(expected.total).toBeGreaterThanOrEqual(newest.rows.length);
    await expect
      .poll(() => list.columnTexts("Bank Account"))
      .toEqual(expected.rows.map((r) => r.bank_acc));
    expect(new Set(await list.columnTexts("Status"))).toEqual(new Set(["Completed"]));

    const file = await list.exportCsv();
    expect(file.fileName).toMatch(/^withdrawRequest-\d{4}-\d{2}-\d{2}\.csv$/);
    const href = new URL(file.href, s.baseURL);
    expect(href.searchParams.get("_format")).toBe("csv");
    expect(href.searchParams.has("_page")).toBe(false);
    const exported = records(file.rows);
    // Every page of what is on show, nothing else, in the order shown.
    expect(exported.length).toBe(expected.total);
    for (const row of exported) {
      expect(row.withdraw_status).toBe("completed");
      expect(day(row.request_at) >= from && day(row.request_at) <= to).toBe(true);
    }
    const amounts = exported.map((r) => Number(r.withdraw_amt));
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    expect(exported.slice(0, 10).map((r) => Number(r.withdraw_id))).toEqual(
      expected.rows.map((r) => r.withdraw_id),
    );
  });

  test("exports a month's completed orders for the accountant", async () => {
    const latest = await apiList<Order>(
      "orders",
      "order_status=6&_sort=completed_at&_order=desc&_page=1&_limit=1",
    );
    const month = day(latest.rows[0]?.completed_at).slice(0, 7);
    expect(month).toMatch(/^\d{4}-\d{2}$/);
    const [y, m] = month.split("-").map(Number) as [number, number];
    const from = `${month}-01`;
    const to = `${month}-${String(new Date(y, m, 0).getDate()).padStart(2, "0")}`;

    const orders = new OrderListPage(s.page);
    const list = new ListPattern(s.page);
    await orders.goto();
    await list.chooseMany("Status", ["complete"]);
    await list.dates("Completed Date", from, to);
    await s.page.waitForURL(
      (url) =>
        url.searchParams.getAll("order_status").join() === "6" &&
        url.searchParams.get("completed_at_lte") === to,
    );
    const filter = `order_status=6&completed_at_gte=${from}&completed_at_lte=${to}`;
    const expected = await apiList<Order>("orders", `${filter}&_page=1&_limit=10`);
    expect(expected.total).toBeGreaterThan(0);
    await expect
      .poll(() => orders.orderNumbersShown())
      .toEqual(expected.rows.map((o) => o.order_number));
    expect(new Set(await list.columnTexts("Status"))).toEqual(new Set(["Complete"]));

    const file = await list.exportCsv();
    expect(file.fileName).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
    const exported = records(file.rows);
    expect(exported.length).toBe(expected.total);
    for (const row of exported) {
      expect(row.order_status).toBe("6");
      expect(day(row.completed_at) >= from && day(row.completed_at) <= to).toBe(true);
      // Money as plain decimals.
      expect(row.total_price).toMatch(/^\d+\.\d{2}$/);
    }
    expect(exported.slice(0, 10).map((r) => r.order_number)).toEqual(
      expected.rows.map((o) => o.order_number),
    );

    // Clear filters shows every order again.
    await list.filters().getByRole("button", { name: "Clear filters" }).click();
    await s.page.waitForURL((url) => !url.searchParams.has("order_status"));
    const all = await orders.apiPage("_page=1&_limit=10");
    await expect
      .poll(() => orders.orderNumbersShown())
      .toEqual(all.rows.map((o) => o.order_number));
  });
});
