import { QueryClient, QueryClientProvider, useMutation } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { BulkAnswer, ListPage } from "../src/api/client";
import type { BulkRequest } from "../src/api/crud";
import type { BulkAction } from "../src/components/BulkActions";
import { type Column, DataTable } from "../src/components/DataTable";
import {
  forgetListViews,
  type ListFilter,
  type ListState,
  useListState,
} from "../src/components/useListState";
import { signInAs, signOut } from "./signedIn";

afterEach(() => {
  cleanup();
  forgetListViews();
});

// An Admin: every control is drawn (test/permissionsOnScreen.test.tsx hides them).
beforeEach(() => {
  signInAs();
});
afterEach(signOut);

interface Row {
  id: number;
  name: string;
}

const rows: Row[] = Array.from({ length: 3 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));
const columns: Column<Row>[] = [
  { header: "#", cell: (_r, i) => i + 1 },
  { header: "Name", cell: (r) => r.name, sort: "name" },
  { header: "Created Date", cell: () => "-", sort: "created_at" },
];
const filters: ListFilter[] = [
  {
    kind: "choice",
    name: "status",
    label: "Status",
    multiple: true,
    options: [
      { value: "processing", label: "Processing" },
      { value: "rejected", label: "Rejected" },
    ],
  },
  { kind: "dates", name: "request_at", label: "Request Date" },
];
const approve: BulkAction = {
  action: "approve",
  label: "Approve",
  title: "Approve Alert",
  question: (what) => `Are you sure you want to approve ${what}?`,
};

/** What the screen saw last: its list state. */
let seen: ListState | undefined;

function Screen({
  page,
  run,
  shown = columns,
  from = "things",
}: {
  page: ListPage<Row>;
  run: (body: BulkRequest) => Promise<BulkAnswer>;
  shown?: Column<Row>[];
  from?: string;
}) {
  const list = useListState({ filters });
  seen = list;
  const mutation = useMutation({ mutationFn: run });
  return (
    <DataTable
      list={list}
      columns={shown}
      page={page}
      loading={false}
      rowKey={(r) => r.id}
      exportFrom={from}
      bulk={{
        idOf: (r) => r.id,
        nameOf: (r) => r.name,
        noun: { one: "thing", many: "things" },
        actions: [approve],
        run: mutation,
      }}
    />
  );
}

function renderList(
  url: string,
  {
    page = { rows, total: 3 } as ListPage<Row>,
    run = vi.fn(async (_body: BulkRequest): Promise<BulkAnswer> => ({ results: [] })),
    shown = columns,
    from = "things",
  } = {},
) {
  // A browser router: the list checks the window's address (useListState).
  window.history.replaceState(null, "", url);
  const router = createBrowserRouter([
    { path: "/list", element: <Screen page={page} run={run} shown={shown} from={from} /> },
  ]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { router, run };
}

const search = (router: ReturnType<typeof createBrowserRouter>) =>
  new URLSearchParams(router.state.location.search);

describe("useListState and DataTable", () => {
  it("sorts by a header's button, reverses on a second click, and says so with aria-sort", () => {
    const { router } = renderList("/list?page=2");
    const header = screen.getByRole("columnheader", { name: "Name" });
    expect(header.getAttribute("aria-sort")).toBeNull();
    // The header's text stays exactly the column's name (the icon has no text).
    expect(header.textContent).toBe("Name");
    fireEvent.click(within(header).getByRole("button", { name: "Name" }));
    expect(search(router).get("sort")).toBe("name");
    expect(search(router).get("order")).toBe("asc");
    // A new order starts at the first page.
    expect(search(router).get("page")).toBeNull();
    expect(header.getAttribute("aria-sort")).toBe("ascending");
    expect(seen?.params).toMatchObject({ _sort: "name", _order: "asc", _page: 1, _limit: 10 });

    fireEvent.click(within(header).getByRole("button", { name: "Name" }));
    expect(search(router).get("order")).toBe("desc");
    expect(header.getAttribute("aria-sort")).toBe("descending");
    // A column without a sort field has no button.
    expect(
      within(screen.getByRole("columnheader", { name: "#" })).queryByRole("button"),
    ).toBeNull();
  });

  it("reads filters from the URL into the API's parameters, the export's and the bulk filter", () => {
    renderList(
      "/list?status=processing&status=rejected&request_at_gte=2026-11-01&request_at_lte=2026-11-07&q=tan&sort=name&order=desc&page=2",
      { page: { rows, total: 30 } },
    );
    expect(seen?.filterParams).toEqual({
      q: "tan",
      status: ["processing", "rejected"],
      request_at_gte: "2026-11-01",
      request_at_lte: "2026-11-07",
    });
    expect(seen?.params).toMatchObject({ _page: 2, _sort: "name", _order: "desc" });
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    const link = screen.getByRole("link", { name: "CSV" });
    const href = new URL(link.getAttribute("href") ?? "", "http://x");
    expect(href.pathname).toBe("/api/things");
    expect(href.searchParams.getAll("status")).toEqual(["processing", "rejected"]);
    expect(href.searchParams.get("request_at_lte")).toBe("2026-11-07");
    expect(href.searchParams.get("_format")).toBe("csv");
    expect(href.searchParams.get("_sort")).toBe("name");
    expect(href.searchParams.has("_page")).toBe(false);
    expect(link.hasAttribute("download")).toBe(true);
  });

  it("exports Excel first: the columns on show, in their order, headed in the chosen language", () => {
    const shown: Column<Row>[] = [
      { header: "#", cell: (_r, i) => i + 1 },
      {
        header: "Full Name",
        cell: (r) => r.name,
        sort: "f_name",
        exportFields: ["f_name", "l_name"],
      },
      { header: "Withdraw Amount", cell: () => "-", sort: "withdraw_amt" },
      { header: "Username", cell: (r) => r.name, sort: "username" },
      { header: "Actions", cell: () => "-" },
    ];
    renderList("/list?status=processing&sort=withdraw_amt&order=desc", {
      shown,
      from: "withdrawRequest",
    });
    fireEvent.click(screen.getByRole("button", { name: "Export" }));
    const [excel, csv] = screen.getAllByRole("link");
    expect(excel?.textContent).toBe("Excel (.xlsx)");
    expect(csv?.textContent).toBe("CSV");
    const href = new URL(excel?.getAttribute("href") ?? "", "http://x");
    expect(href.pathname).toBe("/api/withdrawRequest");
    expect(href.searchParams.get("_format")).toBe("xlsx");
    expect(href.searchParams.get("_columns")).toBe("f_name,l_name,withdraw_amt,username");
    expect(href.searchParams.get("_lang")).toBe("en");
    expect(href.searchParams.getAll("status")).toEqual(["processing"]);
    expect(href.searchParams.get("_sort")).toBe("withdraw_amt");
    const plain = new URL(csv?.getAttribute("href") ?? "", "http://x");
    expect(plain.searchParams.get("_format")).toBe("csv");
    expect(plain.searchParams.has("_columns")).toBe(false);
  });

  it("takes a time as a date bound (an alert's link) and shows its day", () => {
    renderList("/list?request_at_gte=2026-11-16%2010:30:00&request_at_lte=bad");
    expect(seen?.filterParams).toEqual({ request_at_gte: "2026-11-16 10:30:00" });
    // Shown as typed: dd/mm/yyyy (components/DateInput.tsx).
    expect((screen.getByLabelText("Request Date from") as HTMLInputElement).value).toBe(
      "16/11/2026",
    );
    expect((screen.getByLabelText("Request Date to") as HTMLInputElement).value).toBe("");
  });

  it("sets and clears filters from the bar", () => {
    const { router } = renderList("/list?page=3");
    fireEvent.change(screen.getByLabelText("Request Date from"), {
      target: { value: "16/11/2026" },
    });
    expect(search(router).get("request_at_gte")).toBe("2026-11-16");
    expect(search(router).get("page")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    expect(router.state.location.search).toBe("");
  });

  it("keeps every change made before the screen is drawn again (a status, then at once both dates)", () => {
    const { router } = renderList("/list?sort=name");
    act(() => {
      seen?.setFilter("status", ["processing"]);
      seen?.setDates("request_at", { from: "2026-11-01" });
      seen?.setDates("request_at", { to: "2026-11-07" });
    });
    expect(Object.fromEntries(search(router))).toEqual({
      sort: "name",
      status: "processing",
      request_at_gte: "2026-11-01",
      request_at_lte: "2026-11-07",
    });
  });

  it("shows the last view again when the list is reached without one (Save or Cancel of a form)", () => {
    const first = renderList("/list?page=2", { page: { rows, total: 30 } });
    fireEvent.click(
      within(screen.getByRole("columnheader", { name: "Created Date" })).getByRole("button"),
    );
    fireEvent.change(screen.getByLabelText("Request Date to"), { target: { value: "20/11/2026" } });
    const view = first.router.state.location.search;
    expect(view).toBe("?sort=created_at&order=asc&request_at_lte=2026-11-20");
    cleanup();
    // The form's Cancel goes to the bare list path.
    const { router } = renderList("/list");
    expect(router.state.location.search).toBe(view);
    expect(seen?.params).toMatchObject({ _sort: "created_at", request_at_lte: "2026-11-20" });
    expect(
      screen.getByRole("columnheader", { name: "Created Date" }).getAttribute("aria-sort"),
    ).toBe("ascending");
    // A view the admin empties stays empty.
    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    fireEvent.click(within(screen.getByRole("columnheader", { name: "Name" })).getByRole("button"));
    cleanup();
    const again = renderList("/list");
    expect(again.router.state.location.search).toBe("?sort=name&order=asc");
  });

  it("drops a search whose pause ends after the admin has left for another screen", () => {
    vi.useFakeTimers();
    try {
      const { router } = renderList("/list");
      fireEvent.change(screen.getByRole("searchbox", { name: "Search" }), {
        target: { value: "late" },
      });
      // The address moves on (Edit clicked) while this screen is still drawn.
      window.history.pushState(null, "", "/editThing?id=1");
      act(() => {
        vi.advanceTimersByTime(400);
      });
      expect(search(router).get("q")).toBeNull();
      expect(window.location.pathname).toBe("/editThing");
    } finally {
      vi.useRealTimers();
    }
  });

  it("offers no 'all matching' past what one bulk call may act on", () => {
    renderList("/list", { page: { rows, total: 1000, capped: true } });
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    expect(screen.queryByRole("button", { name: /^Select all .* matching$/ })).toBeNull();
    expect(
      screen.getByText(
        "more than 1,000 match: narrow the filters to act on all of them (at most 1,000 at a time).",
      ),
    ).toBeTruthy();
  });

  it("ticks rows, asks how many and what, sends the ids and shows what failed", async () => {
    const run = vi.fn(
      async (_body: BulkRequest): Promise<BulkAnswer> => ({
        results: [
          { id: 1, ok: true, status: 200, message: "Approved." },
          { id: 3, ok: false, status: 409, message: "Already rejected." },
        ],
      }),
    );
    renderList("/list", { run });
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Row 1" }));
    fireEvent.click(screen.getByRole("checkbox", { name: "Select Row 3" }));
    const bar = screen.getByRole("toolbar", { name: "Bulk actions" });
    expect(within(bar).getByText("2 selected")).toBeTruthy();
    fireEvent.click(within(bar).getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Approve Alert")).toBeTruthy();
    expect(within(dialog).getByText("Are you sure you want to approve 2 things?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await screen.findByText("1 of 2 succeeded.");
    expect(run.mock.calls[0]?.[0]).toEqual({ action: "approve", ids: [1, 3] });
    const failures = screen.getByRole("list", { name: "Failures" });
    expect(failures.textContent).toBe("Row 3: Already rejected.");
  });

  it("selects every matching record past the page and sends the list's filter", async () => {
    const { run } = renderList("/list?status=processing&q=tan", {
      page: { rows, total: 950 },
    });
    fireEvent.click(screen.getByRole("checkbox", { name: "Select all on this page" }));
    fireEvent.click(screen.getByRole("button", { name: "Select all 950 matching" }));
    const bar = screen.getByRole("toolbar", { name: "Bulk actions" });
    expect(within(bar).getByText("All 950 matching things selected")).toBeTruthy();
    fireEvent.click(within(bar).getByRole("button", { name: "Approve" }));
    const dialog = await screen.findByRole("dialog");
    expect(
      within(dialog).getByText("Are you sure you want to approve all 950 matching things?"),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await screen.findByText("0 of 0 succeeded.");
    expect(run.mock.calls[0]?.[0]).toEqual({
      action: "approve",
      filter: { q: "tan", status: ["processing"] },
    });
  });
});
