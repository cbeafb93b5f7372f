import type { ExportFormat } from "@store/contract";
import { keepPreviousData, type QueryKey, useMutation, useQuery } from "@tanstack/react-query";
import {
  api,
  type BulkAnswer,
  type ListPage,
  listUrl,
  refreshWhatever,
  requestPage,
  SAID_ON_SCREEN,
  useRefresh,
} from "./client";

export interface ResourcePaths {
  /** Query-key root and a name for messages: "brands". */
  name: string;
  /** The collection path under /api: "brands". */
  list: string;
  /** The item path for PUT and DELETE: (id) => `brands/${id}`. */
  item: (id: number) => string;
  /** The item path for GET when docs/REQUIREMENTS.md section 7 names another one (vouchersId/{id}). */
  read?: (id: number) => string;
}

export type ListParams = Record<string, string | number | (string | number)[] | undefined>;

/**
 * A bulk action (POST <list>/bulk): on the chosen `ids`, or on every record
 * the list's `filter` (its search and filters) matches; other fields are the
 * action's own (an order's new status).
 */
export type BulkRequest = {
  action: string;
  ids?: number[];
  filter?: ListParams;
  /**
   * The version each chosen row was shown with ("<id>": n): a row changed
   * since is left as it is, its result a 412 (the other rows go on).
   */
  versions?: Record<string, number>;
} & Record<string, unknown>;

/** A record to delete, and the version the admin was shown (If-Match). */
export interface RemoveTarget {
  id: number;
  version?: number | undefined;
}

/** A record's write: its id, the body, and the version the form was loaded with (If-Match). */
export interface UpdateTarget<TInput> {
  id: number;
  input: TInput;
  version?: number | undefined;
}

/**
 * POST <list>/bulk. Whatever the answer (some items may fail, the call itself
 * may), the given lists refresh: the admin sees what each record became.
 */
export function useBulkAction(list: string, ...refreshKeys: QueryKey[]) {
  const refresh = useRefresh(...refreshKeys);
  return useMutation({
    mutationFn: (body: BulkRequest) => api.post<BulkAnswer>(`${list}/bulk`, body),
    ...refreshWhatever(refresh),
  });
}

/**
 * The file of what a list shows (its search, filters and sort; every page):
 * `_format=csv` (field names, for programs) or `xlsx` (for people: the
 * `columns` shown, in their order, headed in `lang`; docs/decisions/xlsx-export.md).
 */
export function exportUrl(
  list: string,
  params: ListParams,
  format: ExportFormat = "csv",
  xlsx: { columns?: string[]; lang?: string } = {},
): string {
  const asked =
    format === "xlsx"
      ? { _columns: xlsx.columns?.length ? xlsx.columns.join(",") : undefined, _lang: xlsx.lang }
      : {};
  return listUrl(list, {
    ...params,
    _page: undefined,
    _limit: undefined,
    _format: format,
    ...asked,
  });
}

/** Query keys of one resource: all ⊃ lists ⊃ list(params), all ⊃ details ⊃ detail(id). */
export function resourceKeys(name: string) {
  const all = [name] as const;
  return {
    all,
    lists: () => [...all, "list"] as const,
    list: (params: ListParams) => [...all, "list", params] as const,
    details: () => [...all, "detail"] as const,
    detail: (id: number) => [...all, "detail", id] as const,
  };
}

/**
 * The hooks of one REST resource. Mutations refresh the whole resource;
 * failures reach the user through the query client's error toast. `TOne`: one
 * record as GET, POST and PUT answer it, when it holds more than a list row
 * (an order with its lines).
 */
export function createResource<TRecord, TInput = unknown, TOne = TRecord>(paths: ResourcePaths) {
  const keys = resourceKeys(paths.name);
  const read = paths.read ?? paths.item;

  function useList(params: ListParams) {
    return useQuery<ListPage<TRecord>>({
      queryKey: keys.list(params),
      queryFn: () => requestPage<TRecord>(paths.list, params),
      placeholderData: keepPreviousData,
      // Every list screen shows its failure in the table, with a Retry (components/ListError.tsx).
      meta: SAID_ON_SCREEN,
    });
  }

  /** Every record, for selects and small lists. */
  function useAll() {
    return useQuery<TRecord[]>({
      queryKey: keys.list({ all: 1 }),
      queryFn: () => api.get<TRecord[]>(paths.list),
    });
  }

  function useOne(id: number | null) {
    return useQuery<TOne>({
      queryKey: keys.detail(id ?? 0),
      queryFn: () => api.get<TOne>(read(id ?? 0)),
      enabled: id !== null,
      retry: false,
    });
  }

  function useCreate() {
    const refresh = useRefresh(keys.all);
    return useMutation({
      mutationFn: (input: TInput) => api.post<TOne>(paths.list, input),
      onSuccess: refresh,
    });
  }

  /** PUT with If-Match: the version the form was loaded with (a 412 when another admin saved first). */
  function useUpdate() {
    const refresh = useRefresh(keys.all);
    return useMutation({
      mutationFn: ({ id, input, version }: UpdateTarget<TInput>) =>
        api.put<TOne>(paths.item(id), input, version),
      onSuccess: refresh,
    });
  }

  /** DELETE with If-Match; refreshed whatever the answer: a 412 shows the row as it now is. */
  function useRemove() {
    const refresh = useRefresh(keys.all);
    return useMutation({
      mutationFn: ({ id, version }: RemoveTarget) => api.delete<TOne>(paths.item(id), version),
      ...refreshWhatever(refresh),
    });
  }

  /** Bulk actions on this resource; `alsoRefresh`: other lists the action changes. */
  function useBulk(...alsoRefresh: QueryKey[]) {
    return useBulkAction(paths.list, keys.all, ...alsoRefresh);
  }

  return {
    keys,
    list: paths.list,
    useList,
    useAll,
    useOne,
    useCreate,
    useUpdate,
    useRemove,
    useBulk,
  };
}
