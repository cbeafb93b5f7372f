import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ListPage } from "../src/api/client";
import { columnStoreKey } from "../src/components/columnStore";
import { type Column, DataTable } from "../src/components/DataTable";
import { forgetListViews, useListState } from "../src/components/useListState";

interface Request {
  id: number;
  username: string;
  bank: string;
  email: string;
  amount: string;
  status: string;
}

const rows: Request[] = [
  { id: 1, username: "aisyah", bank: "Maybank", email: "a@x.my", amount: "120.50", status: "Open" },
  { id: 2, username: "wei", bank: "CIMB", email: "w@x.my", amount: "80.00", status: "Done" },
];

const columns: Column<Request>[] = [
  { header: "Username", cell: (r) => r.username, sort: "username", role: "key" },
  { header: "Bank Name", cell: (r) => r.bank, sort: "bank_name" },
  { header: "E-mail", cell: (r) => r.email, sort: "email", optional: true },
  { header: "Withdraw Amount", cell: (r) => `RM ${r.amount}`, sort: "withdraw_amt", role: "money" },
  // Money too, but not in the default set: the admin's to choose.
  {
    header: "Net Amount",
    cell: (r) => `RM ${r.amount} net`,
    field: "net_amt",
    role: "money",
    optional: true,
  },
  { header: "Status", cell: (r) => r.status, sort: "withdraw_status", role: "status" },
  {
    header: "Actions",
    role: "actions",
    cell: (r) => <button type="button">{`Approve ${r.username}`}</button>,
  },
];

/** The API fields the Excel export sends as `_columns` (the Export menu's link). */
function exported(): string[] | undefined {
  const link = () => document.querySelector<HTMLAnchorElement>('a[href*="_format=xlsx"]');
  if (!link()) fireEvent.click(screen.getByRole("button", { name: "Export" }));
  const href = link()?.getAttribute("href");
  return href ? new URL(href, location.origin).searchParams.get("_columns")?.split(",") : undefined;
}

function Screen() {
  const list = useListState();
  return (
    <DataTable
      list={list}
      columns={columns}
      page={{ rows, total: 2 } as ListPage<Request>}
      loading={false}
      rowKey={(r) => r.id}
      exportFrom="withdrawRequest"
    />
  );
}

function renderList(path = "/withdrawRequest") {
  window.history.replaceState(null, "", path);
  const router = createBrowserRouter([{ path: "*", element: <Screen /> }]);
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

const signIn = (userId: number) =>
  localStorage.setItem(
    "adminData",
    // `export`: the Export menu shows (its Excel link names the columns on show).
    JSON.stringify({ user_id: userId, username: `admin${userId}`, permissions: ["export"] }),
  );

const headers = () => screen.getAllByRole("columnheader").map((th) => th.textContent?.trim() ?? "");

function openChooser() {
  fireEvent.click(screen.getByRole("button", { name: "Columns" }));
  return screen.getByRole("group", { name: "Columns to show" });
}

/** A window narrower than Bootstrap's md (768 px) or not. */
function windowIsPhone(phone: boolean) {
  vi.stubGlobal(
    "matchMedia",
    vi.fn((query: string) => ({
      matches: phone && query.includes("max-width: 767"),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
}

beforeEach(() => {
  localStorage.clear();
  windowIsPhone(false);
});

afterEach(() => {
  cleanup();
  forgetListViews();
  vi.unstubAllGlobals();
});

describe("the column chooser", () => {
  it("shows the default set, and keeps the list's order whatever order columns are chosen in", () => {
    signIn(7);
    renderList();
    expect(headers()).toEqual(["Username", "Bank Name", "Withdraw Amount", "Status", "Actions"]);
    expect(exported()).toEqual(["username", "bank_name", "withdraw_amt", "withdraw_status"]);

    const menu = openChooser();
    // The key, the money, the status and the actions cannot be hidden.
    for (const name of ["Username", "Withdraw Amount", "Status", "Actions"])
      expect(within(menu).getByRole("checkbox", { name })).toHaveProperty("disabled", true);
    fireEvent.click(within(menu).getByRole("checkbox", { name: "Bank Name" }));
    fireEvent.click(within(menu).getByRole("checkbox", { name: "E-mail" }));

    // E-mail was ticked last; it shows in its own place, before the amount.
    expect(headers()).toEqual(["Username", "E-mail", "Withdraw Amount", "Status", "Actions"]);
    expect(exported()).toEqual(["username", "email", "withdraw_amt", "withdraw_status"]);

    // An optional money column is offered, and shows in its place once chosen.
    const net = within(menu).getByRole("checkbox", { name: "Net Amount" });
    expect(net).toHaveProperty("disabled", false);
    fireEvent.click(net);
    expect(headers()).toEqual([
      "Username",
      "E-mail",
      "Withdraw Amount",
      "Net Amount",
      "Status",
      "Actions",
    ]);
  });

  it("remembers the choice per admin and per list", () => {
    signIn(7);
    const first = renderList();
    fireEvent.click(within(openChooser()).getByRole("checkbox", { name: "Bank Name" }));
    expect(headers()).not.toContain("Bank Name");
    expect(localStorage.getItem(columnStoreKey("/withdrawRequest", 7))).toContain("known");
    first.unmount();
    forgetListViews();

    // The same admin, the page drawn again (a reload): still hidden.
    renderList();
    expect(headers()).not.toContain("Bank Name");
    cleanup();

    // Another list of the same admin: its own defaults.
    renderList("/order");
    expect(headers()).toContain("Bank Name");
    cleanup();

    // Another admin on this browser: their own choice (none yet).
    signIn(8);
    renderList();
    expect(headers()).toContain("Bank Name");

    // Default columns puts the list back as it came.
    cleanup();
    signIn(7);
    renderList();
    fireEvent.click(screen.getByRole("button", { name: "Columns" }));
    fireEvent.click(screen.getByRole("button", { name: "Default columns" }));
    expect(headers()).toContain("Bank Name");
  });
});

describe("a list on a phone", () => {
  it("is a card a row: key, money, status and actions in sight, the rest behind More", () => {
    windowIsPhone(true);
    renderList();
    expect(screen.queryByRole("table")).toBeNull();
    // Every field is on the card: no columns to choose.
    expect(screen.queryByRole("button", { name: "Columns" })).toBeNull();
    const cards = within(screen.getByTestId("list-cards")).getAllByRole("listitem");
    expect(cards).toHaveLength(2);
    const card = within(cards[0] as HTMLElement);
    expect(card.getByText("aisyah")).toBeTruthy();
    expect(card.getByText("RM 120.50")).toBeTruthy();
    expect(card.getByText("Open")).toBeTruthy();
    expect(card.getByRole("button", { name: "Approve aisyah" })).toBeTruthy();
    // The other fields, hidden-by-default ones too, wait in a closed disclosure.
    const more = card.getByText("More").closest("details");
    expect(more?.open).toBe(false);
    expect(within(more as HTMLElement).getByText("Maybank")).toBeTruthy();
    expect(within(more as HTMLElement).getByText("a@x.my")).toBeTruthy();
    // An optional amount too: in sight is the one the list always shows.
    expect(within(more as HTMLElement).getByText("RM 120.50 net")).toBeTruthy();
  });

  it("turns back into the table when the window widens", () => {
    let phone = true;
    let onChange = () => {};
    vi.stubGlobal(
      "matchMedia",
      vi.fn((query: string) => ({
        get matches() {
          return phone && query.includes("max-width: 767");
        },
        addEventListener: (_: string, listener: () => void) => {
          onChange = listener;
        },
        removeEventListener: () => {},
      })),
    );
    renderList();
    expect(screen.queryByRole("table")).toBeNull();
    phone = false;
    act(() => onChange());
    expect(screen.getByRole("table")).toBeTruthy();
  });
});
