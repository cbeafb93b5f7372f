import { PAGE_SIZES } from "@store/contract";
import { type ReactNode, useEffect, useState } from "react";
import { Form, Pagination, Table } from "react-bootstrap";
import type { ListPage } from "../api/client";
import { LoadingDots } from "./Loading";
import { useListState } from "./useListState";

export interface Column<T> {
  header: string;
  /** `index` is the row's position in the whole list, from 0. */
  cell: (row: T, index: number) => ReactNode;
  className?: string;
}

interface DataTableProps<T> {
  columns: Column<T>[];
  page: ListPage<T> | undefined;
  loading: boolean;
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string | undefined;
  /** Shown when the list is loaded and empty. */
  emptyText?: string;
}

/** Page numbers around the current one: 1 … 4 5 [6] 7 8 … 20. */
function pageWindow(current: number, last: number): (number | "gap")[] {
  const pages = new Set(
    [1, last, current - 1, current, current + 1].filter((p) => p >= 1 && p <= last),
  );
  if (current <= 3) for (let p = 1; p <= Math.min(5, last); p++) pages.add(p);
  if (current >= last - 2) for (let p = Math.max(1, last - 4); p <= last; p++) pages.add(p);
  const sorted = [...pages].sort((a, b) => a - b);
  const out: (number | "gap")[] = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - (sorted[i - 1] ?? p) > 1) out.push("gap");
    out.push(p);
  });
  return out;
}

/**
 * The list of every back-office screen: show-entries, search and pagination
 * that really page through the API (state in the URL), and a loading-dots row
 * while the first page loads.
 */
export function DataTable<T>({
  columns,
  page,
  loading,
  rowKey,
  rowClassName,
  emptyText,
}: DataTableProps<T>) {
  const list = useListState();
  const [query, setQuery] = useState(list.q);
  const total = page?.total ?? 0;
  const capped = page?.capped === true;
  // A capped total is a lower bound: the pager goes at least one page past a full one.
  const fullPage = (page?.rows.length ?? 0) === list.size;
  const lastPage = Math.max(
    1,
    Math.ceil(total / list.size),
    capped && fullPage ? list.page + 1 : 1,
  );
  const offset = (list.page - 1) * list.size;

  // Search as the admin types, after a short pause.
  useEffect(() => {
    if (query === list.q) return;
    // A search still waiting when the admin clicks away (Edit, a sidebar link) is
    // dropped; applied, it would pull them back to this list while the next screen loads.
    const startedOn = window.location.pathname;
    const timer = setTimeout(() => {
      if (window.location.pathname === startedOn) list.setSearch(query.trim());
    }, 300);
    return () => clearTimeout(timer);
  }, [query, list]);

  // A page past the end (after deletes or a new search) goes back to the last one.
  useEffect(() => {
    if (page && list.page > lastPage) list.setPage(lastPage);
  }, [page, list, lastPage]);

  const rows = page?.rows ?? [];
  // SPEC's wording; a search or filter with more matches than the server
  // counts says so ("of more than 1,000 entries", docs/DECISIONS.md).
  const of = capped ? `more than ${total.toLocaleString("en")}` : String(total);
  const showing = rows.length
    ? `Showing ${offset + 1} to ${offset + rows.length} of ${of} entries`
    : "Showing 0 entries";

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <Form.Label className="d-flex align-items-center gap-2 mb-0">
          Show
          <Form.Select
            size="sm"
            style={{ width: "auto" }}
            value={list.size}
            onChange={(e) => list.setSize(Number(e.target.value))}
            aria-label="Show entries"
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Form.Select>
          entries
        </Form.Label>
        <Form.Label className="d-flex align-items-center gap-2 mb-0">
          Search:
          <Form.Control
            size="sm"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            aria-label="Search"
            style={{ width: 220 }}
          />
        </Form.Label>
      </div>
      <div className="table-responsive">
        <Table hover className="align-middle mb-2" aria-busy={loading}>
          <thead className="table-light">
            <tr>
              {columns.map((c) => (
                <th key={c.header} className={`text-nowrap ${c.className ?? ""}`}>
                  {c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {loading && !page ? (
              <tr>
                <td colSpan={columns.length} className="text-center py-4">
                  <LoadingDots />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="text-center text-muted py-4">
                  {emptyText ?? (list.q ? "No matching records found." : "No records yet.")}
                </td>
              </tr>
            ) : (
              rows.map((row, i) => (
                <tr key={rowKey(row)} className={rowClassName?.(row)}>
                  {columns.map((c) => (
                    <td key={c.header} className={c.className}>
                      {c.cell(row, offset + i)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <small className="text-muted">{showing}</small>
        <Pagination size="sm" className="mb-0" aria-label="Pagination">
          <Pagination.Prev disabled={list.page <= 1} onClick={() => list.setPage(list.page - 1)}>
            Previous
          </Pagination.Prev>
          {pageWindow(list.page, lastPage).map((p, i) =>
            p === "gap" ? (
              <Pagination.Ellipsis key={`gap-${i}`} disabled />
            ) : (
              <Pagination.Item key={p} active={p === list.page} onClick={() => list.setPage(p)}>
                {p}
              </Pagination.Item>
            ),
          )}
          <Pagination.Next
            disabled={list.page >= lastPage}
            onClick={() => list.setPage(list.page + 1)}
          >
            Next
          </Pagination.Next>
        </Pagination>
      </div>
    </div>
  );
}
