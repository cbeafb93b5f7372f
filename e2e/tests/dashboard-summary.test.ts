import { DashboardPage } from "../pages/DashboardPage";
import { expect, test, useBrowser } from "../support/browser";

/** "RM 1,234.50" from "1234.50", grouped as text (no floats). */
function ringgit(value: string): string {
  const [whole = "0", cents = "00"] = value.split(".");
  return `RM ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents.padEnd(2, "0")}`;
}
const digits = (text: string) => text.replace(/[^\d]/g, "");

test.describe("the dashboard (/admin)", () => {
  const s = useBrowser();

  test("shows skeletons while the summary loads, then four cards equal to the API's figures", async () => {
    const dashboard = new DashboardPage(s.page);
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await s.page.route("**/api/dashboard", async (route) => {
      await held;
      await route.continue();
    });
    await dashboard.goto();
    await s.page.getByRole("status", { name: "Loading" }).first().waitFor();
    expect(await s.page.getByRole("status", { name: "Loading" }).count()).toBeGreaterThanOrEqual(6);
    release();
    await s.page.unrouteAll({ behavior: "wait" });

    const summary = await dashboard.apiSummary();
    expect(await dashboard.cardValue("Total Revenue")).toBe(ringgit(summary.total_revenue));
    expect(await dashboard.cardValue("Total Revenue")).toMatch(/^RM [\d,]+\.\d{2}$/);
    expect(digits(await dashboard.cardValue("Total Orders"))).toBe(String(summary.total_orders));
    expect(digits(await dashboard.cardValue("Total Products"))).toBe(
      String(summary.total_products),
    );
    expect(digits(await dashboard.cardValue("Total Users"))).toBe(String(summary.total_users));
    expect(await s.page.getByRole("status", { name: "Loading" }).count()).toBe(0);
  });

  test("draws the User Types Status Quo doughnut from every tier, at 5/3", async () => {
    const dashboard = new DashboardPage(s.page);
    const summary = await dashboard.apiSummary();
    const canvas = dashboard.chart("User Types Status Quo");
    await canvas.waitFor();
    const label = (await canvas.getAttribute("aria-label")) ?? "";
    for (const tier of summary.users_by_membership) {
      expect(label).toContain(`${tier.membership} ${tier.users}`);
    }
    const box = await canvas.boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(100);
    expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(5 / 3, 1);
  });

  test("draws New Users (current year) with twelve monthly buckets, Jan to Dec, at 5/3", async () => {
    const dashboard = new DashboardPage(s.page);
    const summary = await dashboard.apiSummary();
    const canvas = dashboard.chart("New Users (current year)");
    await canvas.waitFor();
    const label = (await canvas.getAttribute("aria-label")) ?? "";
    const months = [
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
      "Nov",
      "Dec",
    ];
    expect(label).toContain(String(summary.year));
    expect(label).toContain(
      months.map((m, i) => `${m} ${summary.new_users_by_month[i]}`).join(", "),
    );
    const box = await canvas.boundingBox();
    expect((box?.width ?? 0) / (box?.height ?? 1)).toBeCloseTo(5 / 3, 1);
    // Something is drawn: the canvas is not blank.
    const painted = await canvas.evaluate((el: HTMLCanvasElement) => {
      const data = el.getContext("2d")?.getImageData(0, 0, el.width, el.height).data ?? [];
      for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) return true;
      return false;
    });
    expect(painted).toBe(true);
  });

  test("checks the books on Check now (a job on the server) and says they balanced", async () => {
    const dashboard = new DashboardPage(s.page);
    await dashboard.goto();
    const books = s.page.locator("#books-balance");
    await books.getByRole("button", { name: "Check now" }).click();
    // The job runs on the server; the line follows its last run done.
    await expect(books).toContainText("Books balance: every balance and order agreed at", {
      timeout: 30_000,
    });
    await expect(books.getByRole("button", { name: "Check now" })).toBeVisible();
    const summary = await dashboard.apiSummary();
    expect(summary.books_balance).toMatchObject({ mismatches: 0 });
  });
});
