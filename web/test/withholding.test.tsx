import { type WithholdingReport, withholdingReport } from "@store/contract";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";

// The s.107D remittance screen (docs/decisions/withholding.md): the real App
// against a fake server whose answers are parsed by the contract's schema.

const LOADED = { timeout: 5000 };
const asked: string[] = [];

const report = (month: string): WithholdingReport =>
  withholdingReport.parse({
    month,
    from: `${month}-01`,
    to: `${month}-31`,
    full_id_numbers: false,
    rows:
      month === "2026-10"
        ? [
            {
              user_id: 7,
              username: "aminah",
              name: "Aminah Yusof",
              id_number: "********5678",
              id_type: "nric",
              tin: "IG12345678090",
              amount: "20.01",
              payouts: 2,
            },
          ]
        : [],
    total: month === "2026-10" ? "20.01" : "0.00",
  });

function fakeServer(url: string): Response {
  const [path = "", query = ""] = url.replace(/^\/api\//, "").split("?");
  asked.push(`${path}?${query}`);
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  if (path === "reports/withholding")
    return json(report(new URLSearchParams(query).get("month") ?? ""));
  if (path === "notifications") return json([]);
  if (path === "storeIdentity") return json({ store_name: "" });
  return json(null);
}

beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => fakeServer(url)),
  );
});

afterEach(() => {
  cleanup();
  signOut();
  vi.unstubAllGlobals();
});

describe("the withholding report screen", () => {
  it("lists each member's masked NRIC, TIN and amount, the month's total, and offers the month as CSV and PDF", async () => {
    signInAs();
    openApp("/withholdingReport?month=2026-10");
    const table = await screen.findByRole("table", { name: "Tax withheld per member" }, LOADED);
    const cells = within(table)
      .getAllByRole("row")[1]
      ?.querySelectorAll("td") as NodeListOf<HTMLElement>;
    expect([...cells].map((c) => c.textContent)).toEqual([
      "aminah",
      "Aminah Yusof",
      "********5678",
      "IG12345678090",
      "2",
      "RM 20.01",
    ]);
    expect(screen.getByTestId("withholding-total").textContent).toBe("RM 20.01");
    expect(screen.getByRole("link", { name: "Download CSV" }).getAttribute("href")).toBe(
      "/api/reports/withholding?month=2026-10&_format=csv",
    );
    expect(screen.getByRole("link", { name: "Download PDF" }).getAttribute("href")).toBe(
      "/api/reports/withholding?month=2026-10&_format=pdf",
    );

    fireEvent.change(screen.getByLabelText("Month"), { target: { value: "2026-09" } });
    await screen.findByText("Nothing was withheld in this month.", undefined, LOADED);
    expect(asked).toContain("reports/withholding?month=2026-09");
    expect(screen.getByTestId("withholding-total").textContent).toBe("RM 0.00");
  });

  it("offers no file to a person without export", async () => {
    signInAs(["payouts:view"]);
    openApp("/withholdingReport?month=2026-10");
    await screen.findByRole("table", { name: "Tax withheld per member" }, LOADED);
    await waitFor(() => expect(screen.queryByRole("link", { name: "Download CSV" })).toBeNull());
  });
});
