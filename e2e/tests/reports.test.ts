import fs from "node:fs";
import { ENGLISH_SIGNS, formatMoney, type ReportAnswer } from "@store/contract";
import { axeViolations } from "../support/axe";
import { expect, test, useBrowser } from "../support/browser";

/** Issue 26: /reports on the seeded store, its figures the API's, its file the table's rows. */
test.describe("the /reports screen", () => {
  const s = useBrowser();

  test("last month's sales total is the API's; products by category export as CSV", async () => {
    // The screen's first call (the default range) answered before the range changes.
    const first = s.page.waitForResponse((r) => r.url().includes("/api/reports/sales?"));
    await s.page.goto("/reports");
    await s.page.getByRole("heading", { name: "Reports" }).waitFor();
    await first;

    // Last month: the screen asks the API, and shows what it answered.
    const asked = s.page.waitForResponse(
      (r) => r.url().includes("/api/reports/sales?") && r.url().includes("from="),
    );
    await s.page.getByLabel("Range", { exact: true }).selectOption("lastMonth");
    await s.page.waitForURL((url) => url.searchParams.get("range") === "lastMonth");
    const answer = await asked;
    const url = new URL(answer.url());
    const from = url.searchParams.get("from") as string;
    const to = url.searchParams.get("to") as string;
    expect(from.slice(8)).toBe("01");
    // The API asked again, plainly, for the same days.
    const sales = (await (
      await s.page.request.get(`/api/reports/sales?from=${from}&to=${to}`)
    ).json()) as ReportAnswer<"sales">;
    await expect(s.page.getByTestId("report-total-revenue")).toHaveText(
      formatMoney(sales.totals.revenue, ENGLISH_SIGNS),
    );
    await expect(s.page.getByTestId("report-total-orders")).toHaveText(
      sales.totals.orders.toLocaleString("en-GB"),
    );

    // Products, ranked by category: the table and the CSV hold the API's rows.
    await s.page.getByRole("tab", { name: "Products" }).click();
    await s.page.getByLabel("Rank by", { exact: true }).selectOption("category");
    await s.page.waitForURL((u) => u.searchParams.get("by") === "category");
    // The screen compares with the range before unless told otherwise.
    const products = (await (
      await s.page.request.get(
        `/api/reports/products?from=${from}&to=${to}&by=category&compare=previous`,
      )
    ).json()) as ReportAnswer<"products">;
    const table = s.page.getByRole("table", { name: "Products" });
    await expect(table.locator("tbody tr")).toHaveCount(Math.max(products.series.length, 1));
    const [download] = await Promise.all([
      s.page.waitForEvent("download"),
      s.page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`products-${from}-${to}.csv`);
    const lines = fs
      .readFileSync(await download.path(), "utf8")
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    // Headed in words, the compared figures after the range's.
    expect(lines[0]).toBe("ID,Name,Quantity,Revenue,Quantity (compared),Revenue (compared)");
    expect(lines.slice(1)).toEqual(
      products.series.map(
        (row) =>
          `${row.id ?? ""},${row.name},${row.quantity},${row.revenue},${row.previous?.quantity},${row.previous?.revenue}`,
      ),
    );
    // The screen with its chart and table drawn: no axe violation.
    await s.page.getByRole("img", { name: /Revenue per row/ }).waitFor();
    expect(await axeViolations(s.page)).toEqual([]);
  });

  test("compares this year's figures with the same days a year before: the cards' change, the chart and table's compared figures", async () => {
    await s.page.goto("/reports?range=thisYear");
    await s.page.getByRole("heading", { name: "Reports" }).waitFor();
    const asked = s.page.waitForResponse(
      (r) => r.url().includes("/api/reports/sales?") && r.url().includes("compare=year"),
    );
    await s.page.getByLabel("Compare with", { exact: true }).selectOption("year");
    await s.page.waitForURL((url) => url.searchParams.get("compare") === "year");
    const sales = (await (await asked).json()) as ReportAnswer<"sales">;
    const day = (iso: string) => iso.split("-").reverse().join("/");
    expect(sales.previous_range.from).toBe(`${Number(sales.range.from.slice(0, 4)) - 1}-01-01`);
    await expect(
      s.page.getByText(
        `Compared with ${day(sales.previous_range.from)} – ${day(sales.previous_range.to)}.`,
      ),
    ).toBeVisible();

    // The cards: revenue, paid and not yet paid, each with its change on a year before.
    const money = (value: string) => formatMoney(value, ENGLISH_SIGNS);
    await expect(s.page.getByTestId("report-total-revenue")).toHaveText(
      money(sales.totals.revenue),
    );
    await expect(s.page.getByTestId("report-total-paid_revenue")).toHaveText(
      money(sales.totals.paid_revenue),
    );
    await expect(s.page.getByTestId("report-total-unpaid_revenue")).toHaveText(
      money(sales.totals.unpaid_revenue),
    );
    const change = (current: string, previous: string) => {
      const [c, p] = [Number(current), Number(previous)];
      if (p === 0) return "No figure a year before";
      const pct = Math.round(((c - p) / Math.abs(p)) * 1000) / 10;
      return `${pct > 0 ? "▲ +" : pct < 0 ? "▼ " : "▶ "}${pct}% on a year before`;
    };
    const revenueCard = s.page.locator(".report-card").filter({
      has: s.page.getByTestId("report-total-revenue"),
    });
    await expect(revenueCard).toContainText(change(sales.totals.revenue, sales.previous.revenue));

    // The table: each period's revenue a year before beside it; the chart draws both.
    const table = s.page.getByRole("table", { name: "Sales" });
    await expect(table.getByRole("columnheader", { name: "Revenue (compared)" })).toBeVisible();
    const compared = sales.previous_series ?? [];
    expect(compared).toHaveLength(sales.series.length);
    const last = table.locator("tbody tr").last();
    await expect(last.locator("td").last()).toHaveText(
      money(compared[compared.length - 1]?.revenue ?? "0"),
    );
    await expect(
      s.page.getByRole("img", { name: /Revenue per period: .*\(Compared RM/ }),
    ).toBeVisible();
    expect(await axeViolations(s.page)).toEqual([]);
  });
});

/** Issue 34 item 1: the members tab after another tab drew the members' tables, not a crash. */
test.describe("the /reports tabs", () => {
  const s = useBrowser();

  test("Members after Sales shows the members' tables inside the shell", async () => {
    await s.page.goto("/reports?report=sales");
    await s.page.getByTestId("report-total-revenue").filter({ hasNotText: "…" }).waitFor();
    const members = s.page.waitForResponse((r) => r.url().includes("/api/reports/members?"));
    await s.page.getByRole("tab", { name: "Members" }).click();
    // Before the fix the app fell over here: no table, no sidebar, no error page of ours.
    const byTier = s.page.getByRole("table", { name: "New members per tier" });
    await expect(byTier).toBeVisible();
    await expect(s.page.getByRole("navigation", { name: "Sidebar" })).toBeVisible();
    await expect(s.page.getByTestId("screen-error")).toHaveCount(0);
    const answer = (await (await members).json()) as ReportAnswer<"members">;
    await expect(byTier.locator("tbody tr")).toHaveCount(answer.by_tier.length);
    // Then Products: its own table.
    await s.page.getByRole("tab", { name: "Products" }).click();
    await expect(s.page.getByRole("table", { name: "Products" })).toBeVisible();
  });
});
