import type { UseMutationResult } from "@tanstack/react-query";
import type { RowData } from "@tanstack/react-table";
import { useEffect } from "react";
import { type BulkAnswer, type ListPage, recordVersion } from "../api/client";
import type { BulkRequest } from "../api/crud";
import { translate } from "../i18n/messages";
import { useMayDo } from "../resources/context";
import { type BulkAction, BulkBar, type Noun } from "./BulkActions";
import { type Column, shownColumns } from "./columns";
import { ListCards } from "./ListCards";
import { FilterBar } from "./ListControls";
import { ListError, type ListQueryState, listFailed } from "./ListError";
import { LoadingDots } from "./Loading";
import { SelectBox, SelectPageBox } from "./SelectBoxes";
import { ListPager, lastPageOf } from "./table/ListPager";
import { ListToolbar } from "./table/ListToolbar";
import { TableView } from "./table/TableView";
import { useSelection } from "./table/useSelection";
import { usePhoneWindow } from "./usePhoneWindow";
import "./lists.css";
import type { ListState } from "./useListState";

export type { Column } from "./columns";

/** The rows of a list not loaded yet: one array, so the table sees no change while it loads. */
const NO_ROWS: never[] = [];

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
 * The list of every back-office screen, all through the API with the state in
 * the URL (useListState): above it the toolbar (show entries, search, columns,
 * Export), the filters and the bulk bar; the rows as a table (table/TableView,
 * on TanStack Table) or, on a phone, as cards; under it the pager. A
 * loading-dots row while the first page loads.
 */
export function DataTable<T extends RowData>({
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
  const phone = usePhoneWindow();
  const failed = listFailed(query);
  const rows = page?.rows ?? NO_ROWS;
  const total = page?.total ?? 0;
  const capped = page?.capped === true;
  const offset = (list.page - 1) * list.size;
  const lastPage = lastPageOf(list, rows.length, total, capped);
  const { setPage } = list;

  // A page past the end (after deletes or a new search) goes back to the last one.
  useEffect(() => {
    if (page && list.page > lastPage) setPage(lastPage);
  }, [page, list.page, lastPage, setPage]);

  const pageRows = bulk
    ? rows.map((row) => ({
        id: bulk.idOf(row),
        name: bulk.nameOf(row),
        version: recordVersion(row),
        row,
      }))
    : [];
  const tickBox =
    bulk &&
    ((row: T) => (
      <SelectBox
        selection={selection}
        id={bulk.idOf(row)}
        name={bulk.nameOf(row)}
        version={recordVersion(row)}
        row={row}
        may={mayTick}
      />
    ));
  const pageBox = <SelectPageBox selection={selection} rows={pageRows} may={mayTick} />;

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
      <ListToolbar
        list={list}
        columns={allColumns}
        searchable={searchable}
        chooser={!phone}
        exportFrom={exportFrom}
      />
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
          {pageBox}
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
          select={tickBox}
        />
      ) : (
        <TableView<T>
          list={list}
          columns={allColumns}
          shown={shownColumns(allColumns, list.columnChoice)}
          rows={rows}
          offset={offset}
          rowKey={rowKey}
          rowClassName={rowClassName}
          loading={loading}
          state={state}
          select={tickBox && { page: pageBox, row: tickBox }}
        />
      )}
      <ListPager list={list} shown={rows.length} total={total} capped={capped} />
    </div>
  );
}
