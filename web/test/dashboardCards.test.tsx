import * as contract from "@store/contract";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dashboardKeys } from "../src/api/dashboard";
import { ledgerKeys } from "../src/api/ledger";
import DashboardPage, { FIGURE_AREAS } from "../src/pages/dashboard/DashboardPage";
import { signInAs, signOut } from "./signedIn";

// The dashboard draws the cards whose figures the server answered: a person
// who may view only the catalog sees the products' card alone.

beforeEach(() => {
  signInAs(["catalog:manage"], { role: "Staff" });
});
afterEach(() => {
  cleanup();
  signOut();
  vi.unstubAllGlobals();
});

function open(
  summary: contract.DashboardSummary | undefined,
  run: contract.ReconcileRun | null = null,
) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity } } });
  client.setQueryData(ledgerKeys.reconcileRun, run);
  if (summary) client.setQueryData(dashboardKeys.summary, summary);
  // Never answered: the cards wait on their placeholders.
  else vi.stubGlobal("fetch", () => new Promise(() => {}));
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <DashboardPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const headings = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);

describe("the dashboard's cards", () => {
  it("name each figure's area as the contract does", () => {
    expect(FIGURE_AREAS).toEqual(contract.DASHBOARD_FIGURE_AREAS);
  });

  it("are drawn only for the figures answered", () => {
    open({ year: 2026, total_products: 12 });
    expect(headings()).toEqual(["Total Products"]);
    expect(screen.getByText("12")).toBeTruthy();
  });

  it("while loading, follow the person's permissions", () => {
    open(undefined);
    expect(headings()).toEqual(["Total Products"]);
  });

  it("say whether the books balanced at the last reconcile, to a person who may view wallets", () => {
    signInAs(["wallets:view"], { role: "Staff" });
    open({ year: 2026, books_balance: null });
    expect(screen.getByText("Books balance: not checked yet.")).toBeTruthy();
    cleanup();
    open({
      year: 2026,
      books_balance: { job_id: 4, checked_at: "2026-11-29 03:00:00", mismatches: 2 },
    });
    expect(screen.getByRole("alert").textContent).toMatch(
      /^Books balance: 2 mismatches found at .*2026/,
    );
    cleanup();
    open({
      year: 2026,
      books_balance: { job_id: 5, checked_at: "2026-11-29 04:00:00", mismatches: 0 },
    });
    expect(screen.getByText(/^Books balance: every balance and order agreed at/)).toBeTruthy();
  });

  it("leave the books out for a person who may not view wallets", () => {
    open({ year: 2026, total_products: 3 });
    expect(screen.queryByText(/Books balance/)).toBeNull();
  });

  it("show a check under way with its progress, in place of the button", () => {
    signInAs(["wallets:view"], { role: "Staff" });
    open(
      { year: 2026, books_balance: null },
      {
        job_id: 9,
        status: "running",
        progress: { done: 3, total: 13 },
        started_at: "2026-11-29 03:00:00",
        finished_at: null,
        last_error: null,
        report: null,
      },
    );
    const bar = screen.getByRole("progressbar", { name: "Checking: 3 of 13 parts" });
    expect(bar.getAttribute("aria-valuenow")).toBe("3");
    expect(bar.getAttribute("aria-valuemax")).toBe("13");
    expect(screen.queryByRole("button", { name: "Check now" })).toBeNull();
  });
});
