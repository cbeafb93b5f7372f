import type { Locator, Page } from "@playwright/test";

/**
 * Ticks columns in the list's Columns menu (all that are left out when no
 * header is named); the choice is remembered for this admin and list, so a
 * test file makes it once, after its first visit to the list.
 */
export async function showColumns(page: Page, headers?: string[]): Promise<void> {
  await page.getByRole("button", { name: "Columns", exact: true }).click();
  const menu = page.getByRole("group", { name: "Columns to show" });
  if (headers) {
    for (const name of headers) await menu.getByRole("checkbox", { name, exact: true }).check();
  } else {
    // Each tick leaves one fewer unticked: always the first that is left.
    const unticked = menu.getByRole("checkbox", { checked: false });
    while ((await unticked.count()) > 0) await unticked.first().check();
  }
  await page.keyboard.press("Escape");
  await menu.waitFor({ state: "hidden" });
}

/**
 * What every list screen of this domain has: the table, its headers, the
 * search box, Add New, and per row Edit and Delete behind a "Delete Alert".
 */
export class ListScreen {
  constructor(
    readonly page: Page,
    readonly path: string,
  ) {}

  readonly table = () => this.page.getByRole("table");
  /** The column headers, without the tick-box column of the bulk actions. */
  readonly headers = () => this.table().locator("thead th:not(.col-select)");
  readonly bodyRows = () => this.table().locator("tbody tr");
  readonly search = () => this.page.getByRole("searchbox", { name: "Search" });
  readonly addNew = () => this.page.getByRole("link", { name: "Add New" });
  readonly dialog = () => this.page.getByRole("dialog");

  async goto(): Promise<void> {
    await this.page.goto(this.path);
    await this.table().waitFor();
  }

  /** Shows columns the list leaves out by default (all of them when none is named). */
  showColumns(headers?: string[]): Promise<void> {
    return showColumns(this.page, headers);
  }

  async headerTexts(): Promise<string[]> {
    return (await this.headers().allTextContents()).map((t) => t.trim());
  }

  row(text: string): Locator {
    return this.bodyRows().filter({
      has: this.page.getByRole("cell", { name: text, exact: true }),
    });
  }

  /** Searches for a unique text and answers its row. */
  async find(text: string): Promise<Locator> {
    await this.search().fill(text);
    // The search applies after a pause; wait for it so the row is the filtered one.
    await this.page.waitForURL((url) => url.searchParams.get("q") === text.trim());
    const row = this.row(text);
    await row.waitFor();
    return row;
  }

  async cellTexts(row: Locator): Promise<string[]> {
    return (await row.locator("td:not(.col-select)").allInnerTexts()).map((t) => t.trim());
  }

  /** The row's cells by their column's header: unmoved by a column added elsewhere. */
  async cellsByHeader(row: Locator): Promise<Record<string, string>> {
    const [headers, cells] = await Promise.all([this.headerTexts(), this.cellTexts(row)]);
    return Object.fromEntries(headers.map((header, i) => [header, cells[i] ?? ""]));
  }

  async edit(name: string): Promise<void> {
    await this.page.getByRole("link", { name: `Edit ${name}`, exact: true }).click();
  }

  /** Opens the row's delete dialog and answers the dialog. */
  async askDelete(name: string): Promise<Locator> {
    await this.page.getByRole("button", { name: `Delete ${name}`, exact: true }).click();
    const dialog = this.dialog();
    await dialog.waitFor();
    return dialog;
  }
}
