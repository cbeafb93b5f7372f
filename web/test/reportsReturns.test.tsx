import { productsReport, type ReportBy, salesReport } from "@store/contract";
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";

// Issue 42: the Sales tab shows the returns and refunds made in the range, on
// their own days; the Products tab a product's units returned (by product
// only). The real App against a fake server answering by the contract's schemas.

// The chart draws on a canvas jsdom has not: left out, the figures and table are the subject.
vi.mock("../src/pages/reports/ReportChart", () => ({ default: () => null }));

const LOADED = { timeout: 5000 };
const RANGE = { from: "2026-03-01", to: "2026-03-02" };
const ranges = { range: RANGE, compare: "previous", previous_range: RANGE };
const sales = (returns: number, refunds: string, returned_items: number) => ({
  orders: 1,
  revenue: "50.00",
  paid_revenue: "50.00",
  unpaid_revenue: "0.00",
  average_order: "50.00",
  discount: "0.00",
  shipping: "0.00",
  tax: "0.00",
  returns,
  refunds,
  returned_items,
});

function answer(path: string, query: URLSearchParams): unknown {
  if (path === "reports/sales")
    return salesReport.parse({
      ...ranges,
      totals: sales(2, "18.50", 3),
      previous: sales(0, "0.00", 0),
      series: [
        { period: "2026-03-01", ...sales(0, "0.00", 0) },
        { period: "2026-03-02", ...sales(2, "18.50", 3) },
      ],
    });
  if (path === "reports/products") {
    const by = (query.get("by") ?? "product") as ReportBy;
    return productsReport.parse({
      ...ranges,
      by,
      totals: { quantity: 4, revenue: "40.00", returned: 3 },
      previous: { quantity: 0, revenue: "0.00", returned: 0 },
      series: [
        {
          id: 7,
          name: "Kopi O",
          quantity: 4,
          revenue: "40.00",
          ...(by === "product" ? { returned: 3 } : {}),
        },
      ],
    });
  }
  if (path === "notifications") return [];
  if (path === "storeIdentity") return { store_name: "" };
  return null;
}

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const [path = "", query = ""] = url.replace(/^\/api\//, "").split("?");
      return new Response(JSON.stringify(answer(path, new URLSearchParams(query))), {
        headers: { "content-type": "application/json" },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  signOut();
  vi.unstubAllGlobals();
});

const custom = `range=custom&from=${RANGE.from}&to=${RANGE.to}`;

describe("returns and refunds on the reports screen", () => {
  it("shows the range's returns, refunds and items returned as cards and per period", async () => {
    signInAs();
    openApp(`/reports?report=sales&${custom}`);
    await vi.waitFor(
      () => expect(screen.getByTestId("report-total-returns").textContent).toBe("2"),
      LOADED,
    );
    expect(screen.getByTestId("report-total-refunds").textContent).toBe("RM 18.50");
    expect(screen.getByTestId("report-total-returned_items").textContent).toBe("3");
    const table = screen.getByRole("table", { name: "Sales" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers.slice(-3)).toEqual(["Returns", "Refunds", "Items returned"]);
    const second = within(table).getAllByRole("row")[2] as HTMLElement;
    const cells = [...second.querySelectorAll("td")].map((c) => c.textContent);
    expect(cells.slice(-3)).toEqual(["2", "RM 18.50", "3"]);
  });

  it("shows a product's units returned by product, and no such column by category", async () => {
    signInAs();
    openApp(`/reports?report=products&${custom}&by=product`);
    const table = await screen.findByRole("table", { name: "Products" }, LOADED);
    await within(table).findByText("Kopi O", {}, LOADED);
    expect(within(table).getByRole("columnheader", { name: "Returned" })).toBeTruthy();
    expect(screen.getByTestId("report-total-returned").textContent).toBe("3");
    cleanup();
    openApp(`/reports?report=products&${custom}&by=category`);
    const byCategory = await screen.findByRole("table", { name: "Products" }, LOADED);
    await within(byCategory).findByText("Kopi O", {}, LOADED);
    expect(within(byCategory).queryByRole("columnheader", { name: "Returned" })).toBeNull();
  });
});
