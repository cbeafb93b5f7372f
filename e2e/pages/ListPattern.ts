import fs from "node:fs";
import type { Locator, Page } from "@playwright/test";
import { typedDate } from "../support/dates";

/** A CSV file's rows as cells (RFC 4180 quoting), the UTF-8 BOM dropped. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && body[i + 1] === "\n") i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
    } else cell += c;
  }
  if (cell !== "" || row.length > 0) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * What every list screen shares (web/src/components: DataTable, the filter
 * bar, Export, the bulk bar): headers that sort, filters, the export file,
 * tick boxes and the bulk actions' dialogs.
 */
export class ListPattern {
  constructor(readonly page: Page) {}

  readonly table = () => this.page.getByRole("table");
  readonly bodyRows = () => this.table().locator("tbody tr");
  readonly filters = () => this.page.getByRole("group", { name: "Filters" });
  readonly bulkBar = () => this.page.getByRole("toolbar", { name: "Bulk actions" });
  readonly dialog = () => this.page.getByRole("dialog");

  header(name: string): Locator {
    return this.table().getByRole("columnheader", { name, exact: true });
  }

  /** Clicks a header's sort button until it sorts that way (first ascending, then descending). */
  async sortBy(name: string, order: "asc" | "desc"): Promise<void> {
    const header = this.header(name);
    const want = order === "asc" ? "ascending" : "descending";
    for (let i = 0; i < 2; i++) {
      const now = await header.getAttribute("aria-sort");
      if (now === want) break;
      await header.getByRole("button", { name, exact: true }).click();
      const next = now === "ascending" ? "descending" : "ascending";
      await this.table().locator(`th[aria-sort="${next}"]`, { hasText: name }).waitFor();
    }
    await this.page.waitForURL((url) => url.searchParams.get("order") === order);
  }

  /** A column's texts on show, by its header (tick-box column aside). */
  async columnTexts(name: string): Promise<string[]> {
    const headers = (await this.table().locator("thead th").allTextContents()).map((t) => t.trim());
    const index = headers.indexOf(name);
    if (index < 0) throw new Error(`No column ${name}: ${headers.join(", ")}`);
    return (
      await this.bodyRows()
        .locator(`td:nth-child(${index + 1})`)
        .allInnerTexts()
    ).map((t) => t.trim());
  }

  /** Chooses a single-choice filter's value by its label ("All" clears it). */
  async choose(label: string, option: string): Promise<void> {
    await this.filters().getByLabel(label, { exact: true }).selectOption({ label: option });
  }

  /** Ticks options of an "any of" filter (a dropdown of check boxes), then closes it. */
  async chooseMany(label: string, options: string[]): Promise<void> {
    const toggle = this.filters().getByRole("button", { name: new RegExp(`^${label} `) });
    await toggle.click();
    for (const option of options) {
      // The box shows the URL's state, which the router commits a moment after
      // the click (a transition): check() would judge it before that.
      const box = this.filters().getByRole("checkbox", { name: option, exact: true });
      if (!(await box.isChecked())) await box.click();
      await box.and(this.page.locator(":checked")).waitFor();
    }
    await this.page.keyboard.press("Escape");
  }

  async dates(label: string, from: string, to: string): Promise<void> {
    // Given as ISO dates, typed as the field shows them (dd/mm/yyyy).
    if (from) await this.filters().getByLabel(`${label} from`).fill(typedDate(from));
    if (to) await this.filters().getByLabel(`${label} to`).fill(typedDate(to));
  }

  /** Opens the Export menu and answers its link for a format. */
  async exportLink(format: "Excel (.xlsx)" | "CSV"): Promise<Locator> {
    await this.page.getByRole("button", { name: "Export", exact: true }).click();
    return this.page.getByRole("link", { name: format, exact: true });
  }

  /** Exports as CSV and answers the downloaded file's name and rows (header row first). */
  async exportCsv(): Promise<{ fileName: string; rows: string[][]; href: string }> {
    const link = await this.exportLink("CSV");
    const href = (await link.getAttribute("href")) ?? "";
    const [download] = await Promise.all([this.page.waitForEvent("download"), link.click()]);
    const file = await download.path();
    return {
      fileName: download.suggestedFilename(),
      rows: parseCsv(fs.readFileSync(file, "utf8")),
      href,
    };
  }

  async tick(name: string): Promise<void> {
    await this.page.getByRole("checkbox", { name: `Select ${name}`, exact: true }).check();
  }

  /** Runs a bulk action through its confirm dialog; answers the confirm's text. */
  async runBulk(action: string): Promise<string> {
    await this.bulkBar().getByRole("button", { name: action, exact: true }).click();
    const dialog = this.dialog();
    await dialog.waitFor();
    const question = (await dialog.locator(".modal-body").innerText()).trim();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    return question;
  }

  /** The result dialog: its summary and its failures, then closed with OK. */
  async result(): Promise<{ title: string; summary: string; failures: string[] }> {
    const dialog = this.dialog().filter({ hasText: "succeeded." });
    await dialog.waitFor();
    const title = (await dialog.getByRole("heading").innerText()).trim();
    const summary = (await dialog.getByTestId("bulk-summary").innerText()).trim();
    const failures = dialog.getByRole("list", { name: "Failures" });
    const items = (await failures.count())
      ? (await failures.getByRole("listitem").allInnerTexts()).map((t) => t.trim())
      : [];
    await dialog.getByRole("button", { name: "OK" }).click();
    await dialog.waitFor({ state: "hidden" });
    return { title, summary, failures: items };
  }
}
