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
import { type BulkAction, BulkBar, type Noun, useSelection } from "./BulkActions";
import { ColumnChooser } from "./ColumnChooser";
import { type Column, shownColumns, shownFields } from "./columns";
import { ListCards } from "./ListCards";
import { ExportButton, FilterBar, SearchBox } from "./ListControls";
import { ListError, type ListQueryState, listFailed } from "./ListError";
import { LoadingDots } from "./Loading";
import { SelectBox, SelectPageBox } from "./SelectBoxes";
import { usePhoneWindow } from "./usePhoneWindow";
import "./lists.css";
import { translate } from "../i18n/messages";
import { useMayDo } from "../resources/context";
import type { ListState, SortOrder } from "./useListState";

export type { Column } from "./columns";

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
  /** The list's query: a failed call shows its error state with a Retry where the rows go. */
  query?: ListQueryState;
}

/**
 * Of the fields on show, those the list's export knows (the contract's
 * LIST_COLUMNS). Undefined: the list's own.
 */
function exportableFields(list: string, fields: string[]): string[] | undefined {
  const known = Object.hasOwn(LIST_COLUMNS, list) ? LIST_COLUMNS[list] : undefined;
  if (!known) return undefined;
  const exportable = new Set(known.map(([field]) => field));
  return fields.filter((field) => exportable.has(field));
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
        {translate(header)}
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
        {translate(header)}
        <SortIcon order={order} />
      </button>
    </th>
  );
}

/**
 * A header's classes: its column's, except that a header may wrap between
 * words (never inside a word, nor between Chinese characters: lists.css), so
 * a long label ("Customer Username") does not widen its column past its data.
 */
function headerClass(className: string | undefined): string {
  return (className ?? "")
    .split(" ")
    .filter((name) => name !== "text-nowrap")
    .join(" ");
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
  columns: allColumns,
  page,
  loading,
  rowKey,
  rowClassName,
  emptyText,
  exportFrom,
  bulk: offered,
  searchable = true,
  query,
}: DataTableProps<T>) {
  // Tick boxes and bulk actions only for a person who may take them; an
  // action that only opens a screen (print the ticked orders) for anyone who sees the list.
  const mayBulk = useMayDo("bulk");
  const actions = offered?.actions.filter((a) => mayBulk || a.opens) ?? [];
  const bulk = offered && actions.length > 0 ? { ...offered, actions } : undefined;
  const mayTick = bulk !== undefined;
  const selection = useSelection<T>(list);
  const tableRef = useRef<HTMLTableElement>(null);
  const { lefts, rights, startWidth } = useStickyOffsets(tableRef);
  const phone = usePhoneWindow();
  const failed = listFailed(query);
  // The admin's choice of columns (or the list's defaults), in the list's order.
  const columns = shownColumns(allColumns, list.columnChoice);
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
  // server counts says so ("of more than 1,000 entries", docs/decisions/list-totals-capped.md).
  const [from, to] = [offset + 1, offset + rows.length];
  const showing = !rows.length
    ? translate("Showing 0 entries")
    : capped
      ? translate("Showing {{from}} to {{to}} of more than {{total}} entries", {
          from,
          to,
          total: total.toLocaleString("en"),
        })
      : translate("Showing {{from}} to {{to}} of {{total}} entries", {
          from,
          to,
          total: String(total),
        });

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
    // Status, actions and money keep to one line in every language (编辑 must not wrap).
    const fit =
      c.role === "status" || c.role === "actions"
        ? "col-fit text-nowrap"
        : c.role === "money"
          ? "text-nowrap"
          : c.long
            ? "col-long"
            : "";
    return {
      className: `${place.sticky} ${edge} ${fit} ${c.className ?? ""}`.trim(),
      style: place.style,
    };
  });
  const span = columns.length + (bulk ? 1 : 0);

  // Loading or empty: said in the part of the table the admin sees (lists.css, .table-state).
  const state =
    loading && !page ? (
      <LoadingDots />
    ) : rows.length === 0 ? (
      <span className="text-muted">
        {translate(
          emptyText ?? (list.q || list.filtered ? "No matching records found." : "No records yet."),
        )}
      </span>
    ) : null;

  return (
    <div>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <Form.Label className="d-flex align-items-center gap-2 mb-0">
          {translate("Show")}
          <Form.Select
            size="sm"
            style={{ width: "auto" }}
            value={list.size}
            onChange={(e) => list.setSize(Number(e.target.value))}
            aria-label={translate("Show entries")}
          >
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </Form.Select>
          {translate("entries")}
        </Form.Label>
        <div className="d-flex flex-wrap align-items-center gap-2">
          {searchable && <SearchBox list={list} />}
          {/* A phone's cards show every field (their "More"): no columns to choose there. */}
          {!phone && <ColumnChooser list={list} columns={allColumns} />}
          {exportFrom && (
            <ExportButton
              list={list}
              from={exportFrom}
              columns={exportableFields(exportFrom, shownFields(allColumns, list.columnChoice))}
            />
          )}
        </div>
      </div>
      {/* After the search in the tab order: the search is what operators use most. */}
      <FilterBar list={list} />
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
          may={mayTick}
        />
      )}
      {/* In view whatever the table's width; the rows it would replace are not drawn. */}
      {failed && <ListError query={query} />}
      {!failed && phone && bulk && rows.length > 0 && (
        // The table's header box, for the cards: tick every row of the page.
        <div className="d-flex align-items-center gap-2 mb-2 small">
          <SelectPageBox selection={selection} rows={pageRows} may={mayTick} />
          <span aria-hidden="true">{translate("Select all on this page")}</span>
        </div>
      )}
      {failed ? null : phone ? (
        <ListCards<T>
          columns={allColumns}
          rows={rows}
          offset={offset}
          rowKey={rowKey}
          state={state}
          select={
            bulk &&
            ((row) => (
              <SelectBox
                selection={selection}
                id={bulk.idOf(row)}
                name={bulk.nameOf(row)}
                version={recordVersion(row)}
                row={row}
                may={mayTick}
              />
            ))
          }
        />
      ) : (
        <div className="table-responsive table-scroller">
          <Table ref={tableRef} hover className="data-table align-middle mb-2" aria-busy={loading}>
            <thead className="table-light">
              <tr>
                {bulk && (
                  <th className={`col-select ${selectAt.sticky}`} style={selectAt.style}>
                    <SelectPageBox selection={selection} rows={pageRows} may={mayTick} />
                  </th>
                )}
                {columns.map((c, i) => (
                  <HeaderCell
                    key={c.header}
                    list={list}
                    header={c.header}
                    sort={c.sort}
                    className={headerClass(at[i]?.className)}
                    style={at[i]?.style}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {state ? (
                <tr>
                  <td colSpan={span} className="p-0">
                    <div className="table-state">{state}</div>
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
                          may={mayTick}
                        />
                      </td>
                    )}
                    {columns.map((c, j) => (
                      <td
                        key={c.header}
                        className={at[j]?.className || undefined}
                        style={at[j]?.style}
                      >
                        {c.long ? (
                          <LongText>{c.cell(row, offset + i)}</LongText>
                        ) : (
                          c.cell(row, offset + i)
                        )}
                      </td>
                    ))}
                  </tr>
                ))
              )}
            </tbody>
          </Table>
        </div>
      )}
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2">
        <small className="text-muted">{showing}</small>
        <Pagination size="sm" className="mb-0" aria-label={translate("Pagination")}>
          <Pagination.Item disabled={list.page <= 1} onClick={() => list.setPage(list.page - 1)}>
            {translate("Previous")}
          </Pagination.Item>
          {pageWindow(list.page, lastPage).map((p, i) =>
            p === "gap" ? (
              // Bootstrap's Ellipsis names itself "More" in English only.
              <Pagination.Item key={`gap-${i}`} disabled>
                <span aria-hidden="true">…</span>
                <span className="visually-hidden">{translate("More")}</span>
              </Pagination.Item>
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
            {translate("Next")}
          </Pagination.Item>
        </Pagination>
      </div>
    </div>
  );
}

/** Long text on one line, cut with an ellipsis; the whole of it on hover. */
function LongText({ children }: { children: ReactNode }) {
  return (
    <div className="cell-long" title={typeof children === "string" ? children : undefined}>
      {children}
    </div>
  );
}
