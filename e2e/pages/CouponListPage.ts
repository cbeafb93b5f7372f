import type { Locator, Page } from "@playwright/test";
import type { Voucher } from "@store/contract";

/** /coupon: the coupons table, Add New, and Edit and Delete per row. */
export class CouponListPage {
  constructor(readonly page: Page) {}

  readonly table = () => this.page.getByRole("table");
  /** The column headers, without the tick-box column of the bulk actions. */
  readonly headers = () => this.table().locator("thead th:not(.col-select)");
  readonly bodyRows = () => this.table().locator("tbody tr");
  readonly search = () => this.page.getByRole("searchbox", { name: "Search" });
  readonly addNew = () => this.page.getByRole("link", { name: "Add New" });
  readonly dialog = () => this.page.getByRole("dialog");

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/coupon${query}`);
    await this.table().waitFor();
  }

  async headerTexts(): Promise<string[]> {
    return (await this.headers().allTextContents()).map((t) => t.trim());
  }

  row(code: string): Locator {
    return this.bodyRows().filter({
      has: this.page.getByRole("cell", { name: code, exact: true }),
    });
  }

  /** Searches for one code and answers its row's cells, as shown. */
  async find(code: string): Promise<Locator> {
    await this.search().fill(code);
    const row = this.row(code);
    await row.waitFor();
    return row;
  }

  async cellTexts(row: Locator): Promise<string[]> {
    return (await row.locator("td:not(.col-select)").allInnerTexts()).map((t) => t.trim());
  }

  /** The coupon as the API answers it, found by code. */
  async apiVoucher(code: string): Promise<Voucher | undefined> {
    const response = await this.page.request.get(
      `/api/vouchers?q=${encodeURIComponent(code)}&_page=1&_limit=100`,
    );
    const rows = (await response.json()) as Voucher[];
    return rows.find((v) => v.voucher_code === code);
  }

  /** The short day-month-year 12-hour text the browser shows for a wire timestamp. */
  shortDate(wire: string): Promise<string> {
    return this.page.evaluate((value) => {
      const [y, mo, d, h, mi] = value.split(/[- :]/).map(Number) as number[];
      return new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "numeric",
        minute: "2-digit",
        hour12: true,
      }).format(new Date(y ?? 0, (mo ?? 1) - 1, d, h, mi));
    }, wire);
  }
}
