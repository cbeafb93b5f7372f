import type { QueryKey, UseMutationResult, UseQueryResult } from "@tanstack/react-query";
import type { ListPage } from "../api/client";
import type { ListParams, RemoveTarget, useBulkAction } from "../api/crud";
import { type ListFilter, type ListState, useListState } from "./useListState";

/** What a list screen uses of a resource (api/crud.ts `createResource`). */
export interface ListedResource<T> {
  list: string;
  useList: (params: ListParams) => UseQueryResult<ListPage<T>>;
  useRemove: () => UseMutationResult<unknown, Error, RemoveTarget>;
  useBulk: (...alsoRefresh: QueryKey[]) => ReturnType<typeof useBulkAction>;
}

/**
 * A record list's calls in one: the list's state from the URL, its page, its
 * delete and its bulk call. `table` is what <RecordList> takes of them
 * (`<RecordList {...table} …>`); `bulk` also runs the status switches.
 */
export function useRecordList<T>(
  resource: ListedResource<T>,
  options: {
    filters?: readonly ListFilter[];
    /** Other lists a bulk action changes (a tier's members). */
    alsoRefresh?: QueryKey[];
  } = {},
) {
  const list: ListState = useListState({ filters: options.filters });
  const query = resource.useList(list.params);
  const remove = resource.useRemove();
  const bulk = resource.useBulk(...(options.alsoRefresh ?? []));
  return {
    list,
    query,
    bulk,
    table: {
      list,
      query,
      exportFrom: resource.list,
      page: query.data,
      loading: query.isLoading,
      remove,
    },
  };
}
