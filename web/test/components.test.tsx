import type { RowData } from "@tanstack/react-table";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createBrowserRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { ListPage } from "../src/api/client";
import { AuditActor } from "../src/components/AuditActor";
import { type Column, DataTable } from "../src/components/DataTable";
import { checkImage, INVALID_TYPE_ALERT, TOO_LARGE_ALERT } from "../src/components/ImagePicker";
import { NumberInput } from "../src/components/NumberInput";
import { useListState } from "../src/components/useListState";

afterEach(cleanup);

describe("NumberInput", () => {
  it("selects its content on focus and shows a negative entry as 0", () => {
    render(<NumberInput aria-label="Stock" defaultValue="25" />);
    const input = screen.getByLabelText("Stock") as HTMLInputElement;
    fireEvent.focus(input);
    expect(input.selectionStart === 0 || input.selectionStart === null).toBe(true);
    fireEvent.change(input, { target: { value: "-5" } });
    expect(input.value).toBe("0");
  });

  it("lets go of focus on the mouse wheel so the value cannot scroll away", () => {
    render(<NumberInput aria-label="Price" defaultValue="10" />);
    const input = screen.getByLabelText("Price") as HTMLInputElement;
    input.focus();
    expect(document.activeElement).toBe(input);
    fireEvent.wheel(input, { deltaY: 100 });
    expect(document.activeElement).not.toBe(input);
    expect(input.value).toBe("10");
  });
});

describe("AuditActor", () => {
  it("shows the account's id beside the name recorded, and its name now when that changed", () => {
    const { container, rerender } = render(
      <AuditActor entry={{ actor: "admin", actor_id: 12, actor_now: "аdmin2" }} />,
    );
    expect(container.textContent).toBe("admin #12 (now аdmin2)");
    rerender(<AuditActor entry={{ actor: "admin", actor_id: 1, actor_now: "admin" }} />);
    expect(container.textContent).toBe("admin #1");
    rerender(<AuditActor entry={{ actor: "gone", actor_id: 7, actor_now: null }} />);
    expect(container.textContent).toBe("gone #7 (account deleted)");
    rerender(<AuditActor entry={{ actor: null, actor_id: null, actor_now: null }} />);
    expect(container.textContent).toBe("system");
  });
});

describe("checkImage", () => {
  const file = (name: string, type: string, size: number) =>
    new File([new Uint8Array(size)], name, { type });

  it("answers the alerts of docs/REQUIREMENTS.md section 5 for a wrong type and a file over the limit", () => {
    expect(checkImage(file("a.pdf", "application/pdf", 10), "product")).toBe(INVALID_TYPE_ALERT);
    expect(checkImage(file("a.gif", "image/gif", 10), "brand")).toBe(INVALID_TYPE_ALERT);
    expect(checkImage(file("a.gif", "image/gif", 10), "banner")).toBeNull();
    expect(checkImage(file("a.png", "image/png", 5_242_881), "product")).toBe(TOO_LARGE_ALERT);
    expect(checkImage(file("a.png", "image/png", 5_242_880), "product")).toBeNull();
    expect(checkImage(file("a.png", "image/png", 500_001), "logo")).toBe(TOO_LARGE_ALERT);
  });
});

/** A DataTable on the URL's list state, as every list screen has it. */
function ListTable<T extends RowData>(props: {
  columns: Column<T>[];
  page: ListPage<T>;
  loading: boolean;
  rowKey: (row: T) => number;
}) {
  return <DataTable list={useListState()} {...props} />;
}

describe("DataTable", () => {
  const rows = Array.from({ length: 10 }, (_, i) => ({ id: i + 1, name: `Row ${i + 1}` }));

  function renderTable(url: string, page: ListPage<(typeof rows)[number]> = { rows, total: 95 }) {
    // A browser router: the list checks the window's address (useListState).
    window.history.replaceState(null, "", url);
    const router = createBrowserRouter([
      {
        path: "/list",
        element: (
          <ListTable
            columns={[
              { header: "#", cell: (_row, index) => index + 1 },
              { header: "Name", cell: (row) => row.name },
            ]}
            page={page}
            loading={false}
            rowKey={(row) => row.id}
          />
        ),
      },
    ]);
    render(<RouterProvider router={router} />);
    return router;
  }

  it("numbers rows across pages and tells which entries show", () => {
    renderTable("/list?page=3");
    expect(screen.getByText("Showing 21 to 30 of 95 entries")).toBeTruthy();
    expect(screen.getAllByRole("row")[1]?.textContent).toContain("21");
  });

  it("says 'more than' when the server capped its count, and pages on past it", () => {
    const router = renderTable("/list?page=100", { rows, total: 1000, capped: true });
    expect(screen.getByText("Showing 991 to 1000 of more than 1,000 entries")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(router.state.location.search).toContain("page=101");
  });

  it("keeps the page size and page in the URL", () => {
    const router = renderTable("/list?page=3");
    fireEvent.change(screen.getByLabelText("Show entries"), { target: { value: "25" } });
    expect(router.state.location.search).toBe("?size=25");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(router.state.location.search).toContain("page=2");
  });
});
