import type { Locator, Page } from "@playwright/test";
import type { Order } from "@store/contract";

/** /order: the orders table with its show-entries, search and pagination. */
export class OrderListPage {
  constructor(readonly page: Page) {}

  readonly table = () => this.page.getByRole("table");
  /** The column headers, without the tick-box column of the bulk actions. */
  readonly headers = () => this.table().locator("thead th:not(.col-select)");
  readonly bodyRows = () => this.table().locator("tbody tr");
  readonly search = () => this.page.getByRole("searchbox", { name: "Search" });
  readonly showEntries = () => this.page.getByRole("combobox", { name: "Show entries" });
  readonly pagination = () => this.page.getByRole("list", { name: "Pagination" });
  readonly scroller = () => this.page.locator(".card .table-responsive");

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/order${query}`);
    await this.firstLoaded();
  }

  /** Waits until the table shows records (not the loading row). */
  async firstLoaded(): Promise<void> {
    await this.table().locator("tbody tr td a", { hasText: "Edit" }).first().waitFor();
  }

  async headerTexts(): Promise<string[]> {
    return (await this.headers().allTextContents()).map((t) => t.trim());
  }

  row(orderNumber: string): Locator {
    return this.bodyRows().filter({
      has: this.page.getByRole("cell", { name: orderNumber, exact: true }),
    });
  }

  async cellTexts(row: Locator): Promise<string[]> {
    return (await row.locator("td:not(.col-select)").allInnerTexts()).map((t) => t.trim());
  }

  /** Searches and waits for the list to show exactly this order. */
  async find(orderNumber: string): Promise<Locator> {
    await this.search().fill(orderNumber);
    const row = this.row(orderNumber);
    await row.waitFor();
    await this.page.waitForFunction(() => document.querySelectorAll("table tbody tr").length === 1);
    return row;
  }

  async orderNumbersShown(): Promise<string[]> {
    // Its place depends on the columns chosen: found by its header (the tick box has none).
    const headers = (await this.table().locator("thead th").allTextContents()).map((t) => t.trim());
    const at = headers.indexOf("Order Number") + 1;
    return (await this.bodyRows().locator(`td:nth-child(${at})`).allTextContents()).map((t) =>
      t.trim(),
    );
  }

  /** The API's page, with the browser's session. */
  async apiPage(params: string): Promise<{ rows: Order[]; total: number }> {
    const response = await this.page.request.get(`/api/orders?${params}`);
    if (!response.ok()) throw new Error(`GET /api/orders: ${response.status()}`);
    return {
      rows: (await response.json()) as Order[],
      total: Number(response.headers()["x-total-count"]),
    };
  }
}
