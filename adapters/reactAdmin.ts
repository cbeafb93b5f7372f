import type { DataProvider, RaRecord } from "ra-core";
import { type StoreApiOptions, storeApi } from "./storeApi";

/**
 * A react-admin data provider for the store API (docs/API.md): react-admin's
 * page and sort (`ASC`/`DESC`) as `_page`/`_limit`/`_sort`/`_order`, a filter
 * object as the list's filters (`{order_status: [1, 2], total_price_gte:
 * "100"}`, `q`), each record's key as `id`, If-Match from the version shown.
 */
export function reactAdminProvider(options: StoreApiOptions): DataProvider {
  const api = storeApi(options);
  // react-admin's record types are the caller's: every record here is one with an `id`.
  const as = <R>(value: RaRecord): R => value as unknown as R;

  function query(params: {
    pagination?: { page: number; perPage: number };
    sort?: { field: string; order: string };
    filter?: Record<string, unknown>;
  }): URLSearchParams {
    const query = new URLSearchParams();
    if (params.pagination) {
      query.set("_page", String(params.pagination.page));
      query.set("_limit", String(params.pagination.perPage));
    }
    if (params.sort?.field && params.sort.field !== "id") {
      query.set("_sort", params.sort.field);
      query.set("_order", params.sort.order === "DESC" ? "desc" : "asc");
    }
    for (const [name, value] of Object.entries(params.filter ?? {})) {
      for (const one of [value].flat()) query.append(name, String(one));
    }
    return query;
  }

  return {
    getList: async (resource, params) => {
      const { data, total } = await api.list(resource, query(params));
      return { data: data.map((r) => as(r)), total };
    },
    getOne: async (resource, params) => ({ data: as(await api.one(resource, params.id)) }),
    getMany: async (resource, params) => ({
      data: (await api.many(resource, params.ids)).map((r) => as(r)),
    }),
    getManyReference: async (resource, params) => {
      const filter = { ...params.filter, [params.target]: params.id };
      const { data, total } = await api.list(resource, query({ ...params, filter }));
      return { data: data.map((r) => as(r)), total };
    },
    create: async (resource, params) => ({ data: as(await api.create(resource, params.data)) }),
    update: async (resource, params) => ({
      data: as(await api.update(resource, params.id, params.data, params.previousData)),
    }),
    updateMany: async (resource, params) => {
      for (const id of params.ids) await api.update(resource, id, params.data);
      return { data: params.ids };
    },
    delete: async (resource, params) => ({
      data: as(await api.remove(resource, params.id, params.previousData)),
    }),
    deleteMany: async (resource, params) => {
      for (const id of params.ids) await api.remove(resource, id);
      return { data: params.ids };
    },
  };
}
