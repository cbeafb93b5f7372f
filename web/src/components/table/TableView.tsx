import {
  type ColumnDef,
  columnVisibilityFeature,
  type RowData,
  rowSortingFeature,
  tableFeatures,
  useTable,
} from "@tanstack/react-table";
import { type CSSProperties, type ReactNode, useMemo, useRef } from "react";
import { Table } from "react-bootstrap";
import { translate } from "../../i18n/messages";
import { type Column, columnId } from "../columns";
import type { ListState } from "../useListState";
import { useStickyOffsets } from "./useStickyOffsets";

// The table's model on TanStack Table (headless): the columns, which are on
// show and which one the list is sorted by; the rows come sorted and paged from
// the API (manual sorting), and the markup, sticky columns and tick boxes are ours.
const features = tableFeatures({ columnVisibilityFeature, rowSortingFeature });

export interface TableViewProps<T extends RowData> {
  list: ListState;
  /** Every column of the list, in its order. */
  columns: Column<T>[];
  /** The columns on show (the admin's choice). */
  shown: Column<T>[];
  rows: T[];
  /** The first row's place in the whole list (a row number column counts from it). */
  offset: number;
  rowKey: (row: T) => string | number;
  rowClassName?: ((row: T) => string | undefined) | undefined;
  loading: boolean;
  /** Said in place of the rows: loading, or nothing to show. */
  state: ReactNode;
  /** The tick boxes: the page's box in the header, a row's in its first cell. */
  select?: { page: ReactNode; row: (row: T) => ReactNode } | undefined;
}

const joined = (ids: string[]) => ids.join("\u0000");
const split = (text: string) => (text ? text.split("\u0000") : []);

function SortIcon({ order }: { order: "asc" | "desc" | false }) {
  return (
    <svg className="sort-icon" width="10" height="14" viewBox="0 0 10 14" aria-hidden="true">
      <path d="M5 1 9 6H1z" opacity={order === "asc" ? 1 : 0.3} />
      <path d="M5 13 1 8h8z" opacity={order === "desc" ? 1 : 0.3} />
    </svg>
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

/** A column's place: sticky or not, its edge shadow, and how it fits its content. */
interface Placed {
  className: string;
  style: CSSProperties | undefined;
}

/**
 * The sticky columns' places: start columns (with the tick boxes before them)
 * from the left, end columns held on both sides (scrolled past, they wait
 * beside the key columns); the shadow falls from the last start column and the
 * first end column.
 */
function usePlaces<T>(
  shown: Column<T>[],
  ticks: boolean,
  table: React.RefObject<HTMLTableElement | null>,
) {
  const { lefts, rights, startWidth } = useStickyOffsets(table);
  let starts = 0;
  let ends = 0;
  const stickAt = (sticky: Column<T>["sticky"]) => {
    if (sticky === "end")
      return { sticky: "sticky-end", style: { right: rights[ends++] ?? 0, left: startWidth } };
    if (sticky !== "start") return { sticky: "", style: undefined };
    return { sticky: "sticky-start", style: { left: lefts[starts++] ?? 0 } };
  };
  const select = stickAt(ticks && shown.some((c) => c.sticky === "start") ? "start" : undefined);
  const lastStart = shown.map((c) => c.sticky).lastIndexOf("start");
  const firstEnd = shown.map((c) => c.sticky).indexOf("end");
  const columns: Placed[] = shown.map((c, i) => {
    const place = stickAt(c.sticky);
    const edge = i === lastStart ? "sticky-edge" : i === firstEnd ? "sticky-edge-end" : "";
    // Status, actions and money keep to one line in every language (编辑 must not wrap).
    const fit =
      c.role === "status"
        ? "col-status col-fit text-nowrap"
        : c.role === "actions"
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
  return { select: { className: `col-select ${select.sticky}`, style: select.style }, columns };
}

/** The list as a table (wider than a phone): headers that sort, the key columns and actions kept in view. */
export function TableView<T extends RowData>({
  list,
  columns,
  shown,
  rows,
  offset,
  rowKey,
  rowClassName,
  loading,
  state: said,
  select,
}: TableViewProps<T>) {
  const byId = new Map(columns.map((c) => [columnId(c), c]));
  // What the model depends on, as text: a screen makes its column arrays anew
  // each render, and a new state or columns object is a change to the table
  // (it would draw again, without end).
  const allIds = joined(columns.map(columnId));
  const sortableIds = joined(columns.filter((c) => c.sort !== undefined).map(columnId));
  const shownIds = joined(shown.map(columnId));
  const sortedBy = columns.find((c) => c.sort !== undefined && c.sort === list.sort);
  const sortedId = sortedBy ? columnId(sortedBy) : "";
  const definitions = useMemo<ColumnDef<typeof features, T>[]>(() => {
    const sortable = split(sortableIds);
    return split(allIds).map((id) => ({ id, enableSorting: sortable.includes(id) }));
  }, [allIds, sortableIds]);
  const state = useMemo(() => {
    const on = split(shownIds);
    return {
      sorting: sortedId ? [{ id: sortedId, desc: list.order === "desc" }] : [],
      columnVisibility: Object.fromEntries(split(allIds).map((id) => [id, on.includes(id)])),
    };
  }, [allIds, shownIds, sortedId, list.order]);
  const table = useTable({
    features,
    columns: definitions,
    data: rows,
    getRowId: (row) => String(rowKey(row)),
    manualSorting: true,
    state,
  });
  const tableRef = useRef<HTMLTableElement>(null);
  const places = usePlaces(shown, select !== undefined, tableRef);
  const headers = table.getHeaderGroups()[0]?.headers ?? [];
  const span = headers.length + (select ? 1 : 0);

  return (
    <div className="table-responsive table-scroller">
      <Table ref={tableRef} hover className="data-table align-middle mb-2" aria-busy={loading}>
        <thead className="table-light">
          <tr>
            {select && (
              <th className={places.select.className} style={places.select.style}>
                {select.page}
              </th>
            )}
            {headers.map((header, i) => {
              const column = byId.get(header.column.id);
              const place = places.columns[i];
              const className = headerClass(place?.className);
              const label = translate(column?.header ?? header.column.id);
              if (!column?.sort)
                return (
                  <th key={header.id} className={className} style={place?.style}>
                    {label}
                  </th>
                );
              const order = header.column.getIsSorted();
              return (
                <th
                  key={header.id}
                  className={className}
                  style={place?.style}
                  aria-sort={
                    order === "asc" ? "ascending" : order === "desc" ? "descending" : undefined
                  }
                >
                  <button
                    type="button"
                    className="sort-button"
                    onClick={() => list.setSort(column.sort as string)}
                  >
                    {label}
                    <SortIcon order={order} />
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {said ? (
            <tr>
              <td colSpan={span} className="p-0">
                <div className="table-state">{said}</div>
              </td>
            </tr>
          ) : (
            table.getRowModel().rows.map((row) => (
              <tr key={row.id} className={rowClassName?.(row.original)}>
                {select && (
                  <td className={places.select.className} style={places.select.style}>
                    {select.row(row.original)}
                  </td>
                )}
                {row.getVisibleCells().map((cell, j) => {
                  const column = byId.get(cell.column.id);
                  const content = column?.cell(row.original, offset + row.index);
                  return (
                    <td
                      key={cell.id}
                      className={places.columns[j]?.className || undefined}
                      style={places.columns[j]?.style}
                    >
                      {column?.long ? <LongText>{content}</LongText> : content}
                    </td>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </Table>
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
