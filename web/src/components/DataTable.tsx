import { LIST_COLUMNS, PAGE_SIZES } from "@store/contract";
import type { UseMutationResult } from "@tanstack/react-query";
import {
  type CSSProperties,
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { Form, Pagination, Table } from "react-bootstrap";
import { type BulkAnswer, type ListPage, recordVersion } from "../api/client";
import type { BulkRequest } from "../api/crud";
import {
  type BulkAction,
  BulkBar,
  type Noun,
  SelectBox,
  SelectPageBox,
  useSelection,
} from "./BulkActions";
import { ExportButton, FilterBar, SearchBox } from "./ListControls";
import { LoadingDots } from "./Loading";
import "./lists.css";
import { tx } from "../i18n/messages";
import type { ListState, SortOrder } from "./useListState";

export interface Column<T> {
  header: string;
  /** `index` is the row's position in the whole list, from 0. */
  cell: (row: T, index: number) => ReactNode;
  className?: string;
  /** The API field a click on the header sorts by (again: the other way). */
  sort?: string;
  /** The API fields the column shows, for the Excel export (else `sort`'s). */
  exportFields?: string[];
  /**
   * Kept in view while the table scrolls sideways: the row's key columns
   * ("start", leading ones) and its status and actions ("end", stuck to the
   * right edge in their order while their place is scrolled out of view).
   */
  sticky?: "start" | "end";
}

/** Tick boxes and the bulk actions of a list. */
export interface BulkOptions<T> {
  idOf: (row: T) => number;
  nameOf: (row: T) => string;
  noun: Noun;
  actions: BulkAction<T>[];
  run: UseMutationResult<BulkAnswer, Error, BulkRequest>;
}

interface DataTableProps<T> {
  list: ListState;
  columns: Column<T>[];
  page: ListPage<T> | undefined;
  loading: boolean;
  rowKey: (row: T) => string | number;
  rowClassName?: (row: T) => string | undefined;
  /** Shown when the list is loaded and empty. */
  emptyText?: string;
  /** The API list path: an Export button downloads what is on show. */
  exportFrom?: string;
  bulk?: BulkOptions<T>;
  /** false for a list the API does not search (the audit log: its filters say what to find). */
  searchable?: boolean;
}

/**
 * The API fields of the columns on show, in their order, for the Excel
 * export: those the list's export knows (the contract's LIST_COLUMNS; a
 * column of pictures or buttons shows none). Undefined: the list's own.
 */
function shownFields<T>(list: string, columns: Column<T>[]): string[] | undefined {
  const known = Object.hasOwn(LIST_COLUMNS, list) ? LIST_COLUMNS[list] : undefined;
  if (!known) return undefined;
  const exportable = new Set(known.map(([field]) => field));
  return columns
    .flatMap((c) => c.exportFields ?? (c.sort ? [c.sort] : []))
    .filter((field) => exportable.has(field));
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

function SortIcon({ order }: { order: SortOrder | undefined }) {
  return (
    <svg className="sort-icon" width="10" height="14" viewBox="0 0 10 14" aria-hidden="true">
      <path d="M5 1 9 6H1z" opacity={order === "asc" ? 1 : 0.3} />
      <path d="M5 13 1 8h8z" opacity={order === "desc" ? 1 : 0.3} />
    </svg>
  );
}

/** The header cell: a button that sorts (a keyboard reaches it), `aria-sort` when sorted. */
function HeaderCell({
  list,
  header,
  sort,
  className,
  style,
}: {
  list: ListState;
  header: string;
  sort?: string | undefined;
  className: string;
  style?: CSSProperties | undefined;
}) {
  if (!sort)
    return (
      <th className={className} style={style}>
        {tx(header)}
      </th>
    );
  const order = list.sort === sort ? list.order : undefined;
  return (
    <th
      className={className}
      style={style}
      aria-sort={order === "asc" ? "ascending" : order === "desc" ? "descending" : undefined}
    >
      <button type="button" className="sort-button" onClick={() => list.setSort(sort)}>
        {tx(header)}
        <SortIcon order={order} />
      </button>
    </th>
  );
}

/** Each cell's offset (the widths of the cells before it, in order) and their whole width. */
function offsets(cells: HTMLElement[]): { at: number[]; width: number } {
  let width = 0;
  const at = cells.map((cell) => {
    const before = width;
    width += cell.getBoundingClientRect().width;
    return before;
  });
  return { at, width };
}

interface StickyOffsets {
  lefts: number[];
  rights: number[];
  /** The width of the start columns together. */
  startWidth: number;
}

/**
 * Keeps the sticky columns side by side: a "start" column's left edge is the
 * width of the start columns before it, an "end" column's right edge the
 * width of the end columns after it, measured from the header row (widths
 * follow the content, so they are measured, not fixed).
 */
function useStickyOffsets(table: RefObject<HTMLTableElement | null>): StickyOffsets {
  const [at, setAt] = useState<StickyOffsets>({ lefts: [], rights: [], startWidth: 0 });
  const measure = useCallback(() => {
    const head = table.current?.querySelector("thead");
    const starts = offsets([...(head?.querySelectorAll<HTMLElement>("th.sticky-start") ?? [])]);
    const ends = [...(head?.querySelectorAll<HTMLElement>("th.sticky-end") ?? [])].reverse();
    const next = {
      lefts: starts.at,
      rights: offsets(ends).at.reverse(),
      startWidth: starts.width,
    };
    setAt((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
  }, [table]);
  useLayoutEffect(measure);
  useEffect(() => {
    if (!table.current || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(measure);
    observer.observe(table.current);
    return () => observer.disconnect();
  }, [table, measure]);
  return at;
}

/**
 * The list of every back-office screen: its filters, show-entries, search,
 * Export, headers that sort, tick boxes with bulk actions, and pagination,
 * all through the API with the state in the URL (useListState); a
 * loading-dots row while the first page loads; the key columns and the
 * actions stay in view when a wide table scrolls.
 */
export function DataTable<T>({
  list,
  columns,
  page,
  loading,
  rowKey,
  rowClassName,
  emptyText,
  exportFrom,
  bulk,
  searchable = true,
}: DataTableProps<T>) {
  const selection = useSelection<T>(list);
  const tableRef = useRef<HTMLTableElement>(null);
  const { lefts, rights, startWidth } = useStickyOffsets(tableRef);
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
  const { setPage } = list;

  // A page past the end (after deletes or a new search) goes back to the last one.
  useEffect(() => {
    if (page && list.page > lastPage) setPage(lastPage);
  }, [page, list.page, lastPage, setPage]);

  const rows = page?.rows ?? [];
  const pageRows = bulk
    ? rows.map((row) => ({
        id: bulk.idOf(row),
        name: bulk.nameOf(row),
        version: recordVersion(row),
        row,
      }))
    : [];
  // "Showing a to b of n entries"; a search or filter with more matches than the
  // server counts says so ("of more than 1,000 entries", docs/DECISIONS.md, "Lists at any size").
  const of = capped ? `more than ${total.toLocaleString("en")}` : String(total);
  const showing = rows.length
    ? tx(`Showing ${offset + 1} to ${offset + rows.length} of ${of} entries`)
    : tx("Showing 0 entries");

  // The tick-box column sticks with the key columns when there are any.
  let starts = 0;
  let ends = 0;
  const stickAt = (sticky: Column<T>["sticky"]) => {
    // An end column is held on both sides: scrolled past, it waits beside the key columns.
    if (sticky === "end")
      return { sticky: "sticky-end", style: { right: rights[ends++] ?? 0, left: startWidth } };
    if (sticky !== "start") return { sticky: "", style: undefined };
    return { sticky: "sticky-start", style: { left: lefts[starts++] ?? 0 } };
  };
  const selectAt = stickAt(bulk && columns.some((c) => c.sticky === "start") ? "start" : undefined);
  // The shadow falls from the last start column and the first end column.
  const lastStart = columns.map((c) => c.sticky).lastIndexOf("start");
  const firstEnd = columns.map((c) => c.sticky).indexOf("end");
  const at = columns.map((c, i) => {
    const place = stickAt(c.sticky);
    const edge = i === lastStart ? "sticky-edge" : i === firstEnd ? "sticky-edge-end" : "";
    return { className: `${place.sticky} ${edge} ${c.className ?? ""}`.trim(), style: place.style };
  });
  const span = columns.length + (bulk ? 1 : 0);

  return (
    <div>
      <FilterBar list={list} />
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <Form.Label className="d-flex align-items-center gap-2 mb-0">
          {tx("Show")}
          <Form.Select
            size="sm"
            style={{ width: "auto" }}
            value={list.size}
            onChange={(e) => list.setSize(Number(e.target.value))}
            aria-label={tx("Show entries")}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Form.Select>
          {tx("entries")}
        </Form.Label>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {searchable && <SearchBox list={list} />}
          {exportFrom && (
            <ExportButton
              list={list}
              from={exportFrom}
              columns={shownFields(exportFrom, columns)}
            />
          )}
        </div>
      </div>
      {bulk && (
        <BulkBar
          selection={selection}
          pageRows={pageRows}
          total={total}
          capped={capped}
          noun={bulk.noun}
          actions={bulk.actions}
          run={bulk.run}
          filter={list.filterParams}
        />
      )}
      <div className="table-responsive">
        <Table ref={tableRef} hover className="data-table align-middle mb-2" aria-busy={loading}>
          <thead className="table-light">
            <tr>
              {bulk && (
                <th className={`col-select ${selectAt.sticky}`} style={selectAt.style}>
                  <SelectPageBox selection={selection} rows={pageRows} />
                </th>
              )}
              {columns.map((c, i) => (
                <HeaderCell
                  key={c.header}
                  list={list}
                  header={c.header}
                  sort={c.sort}
                  className={`text-nowrap ${at[i]?.className ?? ""}`}
                  style={at[i]?.style}
                />
              ))}
            </tr>
          </thead>
          <tbody>
            {loading && !page ? (
              <tr>
                <td colSpan={span} className="text-center py-4">
                  <LoadingDots />
                </td>
              </tr>
            ) : rows.length === 0 ? (
              <tr>
                <td colSpan={span} className="text-center text-muted py-4">
                  {tx(
                    emptyText ??
                      (list.q || list.filtered ? "No matching records found." : "No records yet."),
                  )}
                </td>
              </tr>
            ) : (
              rows.map((row, i) => (
                <tr key={rowKey(row)} className={rowClassName?.(row)}>
                  {bulk && (
                    <td className={`col-select ${selectAt.sticky}`} style={selectAt.style}>
                      <SelectBox
                        selection={selection}
                        id={bulk.idOf(row)}
                        name={bulk.nameOf(row)}
                        version={recordVersion(row)}
                        row={row}
                      />
                    </td>
                  )}
                  {columns.map((c, j) => (
                    <td
                      key={c.header}
                      className={at[j]?.className || undefined}
                      style={at[j]?.style}
                    >
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
        <Pagination size="sm" className="mb-0" aria-label={tx("Pagination")}>
          <Pagination.Item disabled={list.page <= 1} onClick={() => list.setPage(list.page - 1)}>
            {tx("Previous")}
          </Pagination.Item>
          {pageWindow(list.page, lastPage).map((p, i) =>
            p === "gap" ? (
              <Pagination.Ellipsis key={`gap-${i}`} disabled />
            ) : (
              <Pagination.Item key={p} active={p === list.page} onClick={() => list.setPage(p)}>
                {p}
              </Pagination.Item>
            ),
          )}
          <Pagination.Item
            disabled={list.page >= lastPage}
            onClick={() => list.setPage(list.page + 1)}
          >
            {tx("Next")}
          </Pagination.Item>
        </Pagination>
      </div>
    </div>
  );
}
