import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from "@store/contract";
import { useEffect } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { ListParams } from "../api/crud";
import { type ColumnChoice, useColumnChoice } from "./columnStore";
import { useDebouncedText } from "./useDebouncedText";

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * One filter of a list. Its URL key is `name` and it is sent to the API as
 * `param ?? name`; a date range is `name_gte` and `name_lte`, calendar days,
 * in both (the API takes a day alone as a whole day: "to" includes it).
 */
export type ListFilter =
  | {
      kind: "choice";
      name: string;
      label: string;
      options: FilterOption[];
      /** Several values allowed, sent repeated ("any of"). */
      multiple?: boolean;
      param?: string;
      /** Sent when the URL has none (the product price range), and not a "filter" then. */
      defaultValue?: string;
      /** Filters whose presence drops the default (a low-stock view is at any price). */
      noDefaultWith?: string[];
      /** Drawn by the screen itself rather than the shared filter bar. */
      custom?: boolean;
    }
  | { kind: "dates"; name: string; label: string };

/** Active or Inactive: the status filter of every record with a 1/0 status. */
export function statusFilter(name: string): Extract<ListFilter, { kind: "choice" }> {
  return {
    kind: "choice",
    name,
    label: "Status",
    options: [
      { value: "1", label: "Active" },
      { value: "0", label: "Inactive" },
    ],
  };
}

export type SortOrder = "asc" | "desc";

export interface ListState {
  page: number;
  size: number;
  q: string;
  /** The API field sorted by (`_sort`), when the admin chose one. */
  sort: string | undefined;
  order: SortOrder;
  filters: readonly ListFilter[];
  /** A filter's values in the URL (a date range: [from, to], "" when open). */
  values: (name: string) => string[];
  /** Any filter chosen (defaults aside): the bar offers to clear them. */
  filtered: boolean;
  /** The search and filters as API parameters: which records are on show, every page. */
  filterParams: ListParams;
  /** What the list asks for: `filterParams`, the sort and the page. */
  params: ListParams;
  /** What the Export asks for: `filterParams` and the sort, no paging. */
  exportParams: ListParams;
  setPage: (page: number) => void;
  setSize: (size: number) => void;
  setSearch: (q: string) => void;
  /** Sorts by a field; the field already sorted by is reversed. */
  setSort: (field: string) => void;
  /** Sorts by a field in the given order (none: the list's own order). */
  sortBy: (field: string | undefined, order?: SortOrder) => void;
  setFilter: (name: string, values: string[]) => void;
  /** Several filters in one change of the URL. */
  setFilters: (values: Record<string, string[]>) => void;
  /** Sets the ends of a date range that are given; the other keeps its value. */
  setDates: (name: string, range: { from?: string; to?: string }) => void;
  clearFilters: () => void;
  /**
   * The admin's choice of columns on this list, remembered per admin per list
   * (columnStore.ts); null: the list's default set. `shownColumns` and
   * `shownFields` (columns.ts) give the columns and API fields on show.
   */
  columnChoice: ColumnChoice | null;
  /** Keeps a choice of columns (null: back to the defaults). */
  chooseColumns: (choice: ColumnChoice | null) => void;
}

/** A date range's value: a calendar day (the bar's), or a time (links such as the top bar's alerts). */
const DAY = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/**
 * The last view of each list screen (its query string, by path) in this
 * visit of the app: a list reached without any state of its own (Save or
 * Cancel of a form goes to "/order", as docs/REQUIREMENTS.md section 2 says, and so does
 * its sidebar link) shows that view again. Memory only: a reload starts afresh.
 */
const lastViews = new Map<string, string>();

/** Forgets every remembered view (tests start each from none). */
export function forgetListViews(): void {
  lastViews.clear();
}

function urlKeys(filter: ListFilter): string[] {
  return filter.kind === "dates" ? [`${filter.name}_gte`, `${filter.name}_lte`] : [filter.name];
}

/**
 * A list's whole state, kept in the URL (page, size, q, sort, order and each
 * filter), so that coming back from an edit screen shows the list as it was
 * and a view can be bookmarked or sent. Every list screen reads it here.
 */
export function useListState(
  options: { filters?: readonly ListFilter[]; pageSizes?: readonly number[] } = {},
): ListState {
  const filters = options.filters ?? [];
  const sizes = options.pageSizes ?? PAGE_SIZES;
  const [urlSearch, setSearchParams] = useSearchParams();
  const { pathname, search: queryString } = useLocation();
  const [columnChoice, chooseColumns] = useColumnChoice(pathname);
  const restore = queryString === "" ? lastViews.get(pathname) : undefined;
  const search = restore ? new URLSearchParams(restore) : urlSearch;
  // Noted as drawn (not in an effect: a child's effect may change the URL
  // before this component's effect would run, which would then note a stale view).
  if (!restore) lastViews.set(pathname, queryString.replace(/^\?/, ""));

  // Puts a restored view into the address.
  useEffect(() => {
    if (restore) setSearchParams(new URLSearchParams(restore), { replace: true });
  }, [restore, setSearchParams]);

  const page = Math.max(1, Math.floor(Number(search.get("page"))) || 1);
  const sizeParam = Number(search.get("size"));
  const size = sizes.includes(sizeParam)
    ? sizeParam
    : sizes.includes(DEFAULT_PAGE_SIZE)
      ? DEFAULT_PAGE_SIZE
      : (sizes[0] ?? DEFAULT_PAGE_SIZE);
  const q = search.get("q") ?? "";
  const sortParam = search.get("sort") ?? "";
  const sort = /^[A-Za-z_]+$/.test(sortParam) ? sortParam : undefined;
  const order: SortOrder = search.get("order") === "desc" ? "desc" : "asc";

  const values = (name: string): string[] => {
    const filter = filters.find((f) => f.name === name);
    if (filter?.kind === "dates")
      return urlKeys(filter).map((key) => {
        const day = search.get(key) ?? "";
        return DAY.test(day) ? day : "";
      });
    return search.getAll(name).filter((v) => v !== "");
  };

  const filterParams: ListParams = { q: q || undefined };
  let filtered = false;
  for (const filter of filters) {
    if (filter.kind === "dates") {
      const [from = "", to = ""] = values(filter.name);
      if (from) filterParams[`${filter.name}_gte`] = from;
      if (to) filterParams[`${filter.name}_lte`] = to;
      filtered ||= Boolean(from || to);
      continue;
    }
    const chosen = values(filter.name);
    const sent = filter.multiple ? chosen : chosen.slice(0, 1);
    filtered ||= sent.length > 0;
    const overridden = filter.noDefaultWith?.some((name) => values(name).length > 0) ?? false;
    if (sent.length === 0 && filter.defaultValue !== undefined && !overridden)
      sent.push(filter.defaultValue);
    if (sent.length > 0)
      filterParams[filter.param ?? filter.name] = filter.multiple ? sent : sent[0];
  }
  const sortParams: ListParams = sort ? { _sort: sort, _order: order } : {};

  /**
   * Writes the URL. An update asked for by a screen that is being left (a
   * search whose pause ends after Edit was clicked, while the next screen's
   * code loads) is dropped: applied, it would pull the admin back here.
   */
  function update(changes: Record<string, string | number | string[] | undefined>) {
    if (window.location.pathname !== pathname) return;
    // From the address as the router last wrote it, not as this render shows
    // it: the router draws a navigation in a transition, so a change made
    // before that draw (a status, then at once a date) would undo the first.
    const next = new URLSearchParams(window.location.search || restore);
    for (const [key, value] of Object.entries(changes)) {
      next.delete(key);
      for (const item of [value ?? []].flat()) {
        if (item === "" || (key === "page" && item === 1)) continue;
        next.append(key, String(item));
      }
    }
    // Noted now: a view the admin emptied must not come back as a restore.
    lastViews.set(pathname, next.toString());
    setSearchParams(next, { replace: true });
  }

  return {
    page,
    size,
    q,
    sort,
    order,
    filters,
    values,
    filtered,
    filterParams,
    params: { ...filterParams, ...sortParams, _page: page, _limit: size },
    exportParams: { ...filterParams, ...sortParams },
    setPage: (value) => update({ page: value }),
    setSize: (value) => update({ size: value, page: 1 }),
    setSearch: (value) => update({ q: value, page: 1 }),
    setSort: (field) =>
      update({
        sort: field,
        order: sort === field && order === "asc" ? "desc" : "asc",
        page: 1,
      }),
    sortBy: (field, to = "asc") => update({ sort: field, order: field ? to : undefined, page: 1 }),
    setFilter: (name, chosen) => update({ [name]: chosen, page: 1 }),
    setFilters: (chosen) => update({ ...chosen, page: 1 }),
    setDates: (name, { from, to }) =>
      update({
        ...(from === undefined ? {} : { [`${name}_gte`]: from }),
        ...(to === undefined ? {} : { [`${name}_lte`]: to }),
        page: 1,
      }),
    clearFilters: () =>
      update({
        ...Object.fromEntries(filters.flatMap(urlKeys).map((key) => [key, undefined])),
        page: 1,
      }),
    columnChoice,
    chooseColumns,
  };
}

/**
 * The text of a search box bound to the list: typed freely, applied to the
 * URL after a short pause, and following the URL when it changes otherwise
 * (back, forward, a reset).
 */
export function useSearchText(list: Pick<ListState, "q" | "setSearch">, delay = 300) {
  return useDebouncedText(list.q, list.setSearch, delay);
}
