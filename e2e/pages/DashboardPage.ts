import type { Page } from "@playwright/test";
import type { DashboardSummary } from "@store/contract";

/** /admin: the four cards and two charts. */
export class DashboardPage {
  constructor(readonly page: Page) {}

  readonly card = (title: string) => this.page.getByRole("region", { name: title, exact: true });
  readonly chart = (title: string) =>
    this.page.getByRole("region", { name: title, exact: true }).locator("canvas");

  async goto(): Promise<void> {
    await this.page.goto("/admin");
  }

  /** A card's figure, once it has loaded. */
  async cardValue(title: string): Promise<string> {
    const value = this.card(title).locator(".dashboard-card-value");
    await value.waitFor();
    return ((await value.textContent()) ?? "").trim();
  }

  /** The summary as the API answers it, with the page's session. */
  /** The admin's summary: every figure, an Admin viewing every area. */
  async apiSummary(): Promise<Required<DashboardSummary>> {
    const response = await this.page.request.get("/api/dashboard");
    if (!response.ok()) throw new Error(`GET /api/dashboard: ${response.status()}`);
    return (await response.json()) as Required<DashboardSummary>;
  }
}
