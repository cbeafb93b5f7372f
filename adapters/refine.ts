import type { BaseRecord, CrudFilter, DataProvider } from "@refinedev/core";
import { type StoreApiOptions, storeApi } from "./storeApi";

/**
 * A Refine data provider for the store API (docs/API.md): Refine's
 * pagination and sorters as `_page`/`_limit`/`_sort`/`_order`, its filters
 * `eq`/`in` as `field=v` (repeated), `gte`/`lte` as `field_gte`/`field_lte`,
 * `q` as the search; each record's key as `id`, If-Match from its version.
 */
export function refineProvider(options: StoreApiOptions): DataProvider {
  const api = storeApi(options);
  // Refine's record types are the caller's: every record here is a BaseRecord with an `id`.
  const as = <R>(value: BaseRecord): R => value as unknown as R;

  function filterParams(filters: CrudFilter[] = [], query: URLSearchParams): void {
    for (const filter of filters) {
      if (!("field" in filter)) throw new Error("The store API has no or/and filters.");
      const values = [filter.value].flat().map(String);
      const suffix = { eq: "", in: "", gte: "_gte", lte: "_lte" }[filter.operator as string];
      if (filter.field === "q" && filter.operator === "contains") query.set("q", values[0] ?? "");
      else if (suffix === undefined)
        throw new Error(`The store API has no "${filter.operator}" filter.`);
      else for (const value of values) query.append(`${filter.field}${suffix}`, value);
    }
  }

  return {
    getApiUrl: () => `${options.baseUrl}/api`,
    getList: async ({ resource, pagination, sorters, filters }) => {
      const query = new URLSearchParams();
      if (pagination?.mode !== "off") {
        query.set("_page", String(pagination?.currentPage ?? 1));
        query.set("_limit", String(pagination?.pageSize ?? 10));
      }
      const [sort] = sorters ?? [];
      if (sort && sort.field !== "id") {
        query.set("_sort", sort.field);
        query.set("_order", sort.order);
      }
      filterParams(filters, query);
      const { data, total } = await api.list(resource, query);
      return { data: data.map((r) => as(r)), total };
    },
    getOne: async ({ resource, id }) => ({ data: as(await api.one(resource, id)) }),
    getMany: async ({ resource, ids }) => ({
      data: (await api.many(resource, ids)).map((r) => as(r)),
    }),
    create: async ({ resource, variables }) => ({
      data: as(await api.create(resource, variables as Record<string, unknown>)),
    }),
    update: async ({ resource, id, variables }) => {
      const values = variables as Record<string, unknown>;
      return { data: as(await api.update(resource, id, values, values)) };
    },
    deleteOne: async ({ resource, id }) => ({ data: as(await api.remove(resource, id)) }),
  };
}
