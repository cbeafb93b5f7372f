import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { api, type ListPage, requestPage, useRefresh } from "./client";

export interface ResourcePaths {
  /** Query-key root and a name for messages: "brands". */
  name: string;
  /** The collection path under /api: "brands". */
  list: string;
  /** The item path for PUT and DELETE: (id) => `brands/${id}`. */
  item: (id: number) => string;
  /** The item path for GET when docs/REQUIREMENTS.md names another one (vouchersId/{id}). */
  read?: (id: number) => string;
}

export type ListParams = Record<string, string | number | (string | number)[] | undefined>;

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
 * failures reach the user through the query client's error toast.
 */
export function createResource<TRecord, TInput = unknown>(paths: ResourcePaths) {
  const keys = resourceKeys(paths.name);
  const read = paths.read ?? paths.item;

  function useList(params: ListParams) {
    return useQuery<ListPage<TRecord>>({
      queryKey: keys.list(params),
      queryFn: () => requestPage<TRecord>(paths.list, params),
      placeholderData: keepPreviousData,
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
    return useQuery<TRecord>({
      queryKey: keys.detail(id ?? 0),
      queryFn: () => api.get<TRecord>(read(id ?? 0)),
      enabled: id !== null,
      retry: false,
    });
  }

  function useCreate() {
    const refresh = useRefresh(keys.all);
    return useMutation({
      mutationFn: (input: TInput) => api.post<TRecord>(paths.list, input),
      onSuccess: refresh,
    });
  }

  function useUpdate() {
    const refresh = useRefresh(keys.all);
    return useMutation({
      mutationFn: ({ id, input }: { id: number; input: TInput }) =>
        api.put<TRecord>(paths.item(id), input),
      onSuccess: refresh,
    });
  }

  function useRemove() {
    const refresh = useRefresh(keys.all);
    return useMutation({
      mutationFn: (id: number) => api.delete<TRecord>(paths.item(id)),
      onSuccess: refresh,
    });
  }

  return { keys, useList, useAll, useOne, useCreate, useUpdate, useRemove };
}
