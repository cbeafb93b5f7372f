import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reactAdminProvider } from "../../adapters/reactAdmin";
import { refineProvider } from "../../adapters/refine";
import { StoreApiError } from "../../adapters/storeApi";
import { createTestContext, type TestContext } from "./helpers";

/**
 * The react-admin and Refine data providers of adapters/ (docs/API.md)
 * against a real server over HTTP: list with paging, sort and filters and its
 * total, one, many, create, update (If-Match from the version shown), delete.
 */
let ctx: TestContext;
let options: { baseUrl: string; fetch: typeof fetch };
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://localhost:${(ctx.app.server.address() as AddressInfo).port}`;
  // A program's fetch that sends the session, as a browser would by itself.
  const withSession: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...(init?.headers as object), cookie: ctx.cookie } });
  options = { baseUrl, fetch: withSession };
  for (const name of ["Adapter A", "Adapter B", "Adapter C"]) {
    const res = await ctx.call("POST", "/api/brands", {
      brand_name: name,
      brand_image: "",
      brand_status: name === "Adapter C" ? 0 : 1,
    });
    expect(res.statusCode).toBe(201);
  }
}, 60_000);
afterAll(() => ctx.close());

describe("react-admin's data provider", () => {
  it("lists, reads, creates, updates and deletes brands", async () => {
    const provider = reactAdminProvider(options);
    const list = await provider.getList("brands", {
      pagination: { page: 1, perPage: 2 },
      sort: { field: "brand_name", order: "DESC" },
      filter: { brand_status: 1 },
    });
    expect(list.total).toBe(2);
    expect(list.data.map((b) => b.brand_name)).toEqual(["Adapter B", "Adapter A"]);
    const first = list.data[0];
    expect(first?.id).toBe(first?.brand_id);
    const one = await provider.getOne("brands", { id: first?.id });
    expect(one.data.brand_name).toBe("Adapter B");
    const many = await provider.getMany("brands", { ids: list.data.map((b) => b.id) });
    expect(many.data.map((b) => b.id).sort()).toEqual(list.data.map((b) => b.id).sort());
    const created = await provider.create("brands", {
      data: { brand_name: "Adapter RA", brand_image: "", brand_status: 1 },
    });
    expect(created.data.id).toBeGreaterThan(0);
    const updated = await provider.update("brands", {
      id: created.data.id,
      data: { ...created.data, brand_name: "Adapter RA 2" },
      previousData: created.data,
    });
    expect(updated.data.brand_name).toBe("Adapter RA 2");
    // The version shown is stale now: 412, nothing written.
    const stale = provider.update("brands", {
      id: created.data.id,
      data: { ...created.data, brand_name: "Adapter RA 3" },
      previousData: created.data,
    });
    await expect(stale).rejects.toMatchObject({ status: 412, code: "stale_version" });
    const deleted = await provider.delete("brands", {
      id: created.data.id,
      previousData: updated.data,
    });
    expect(deleted.data.brand_name).toBe("Adapter RA 2");
    await expect(provider.getOne("brands", { id: created.data.id })).rejects.toBeInstanceOf(
      StoreApiError,
    );
  });
});

describe("Refine's data provider", () => {
  it("lists, reads, creates, updates and deletes brands", async () => {
    const provider = refineProvider(options);
    const list = await provider.getList({
      resource: "brands",
      pagination: { currentPage: 1, pageSize: 10 },
      sorters: [{ field: "brand_name", order: "asc" }],
      filters: [{ field: "brand_status", operator: "in", value: [0, 1] }],
    });
    expect(list.total).toBe(3);
    expect(list.data.map((b) => b.brand_name)).toEqual(["Adapter A", "Adapter B", "Adapter C"]);
    const one = await provider.getOne({ resource: "brands", id: list.data[2]?.id ?? 0 });
    expect(one.data.brand_status).toBe(0);
    const many = await provider.getMany?.({ resource: "brands", ids: [list.data[0]?.id ?? 0] });
    expect(many?.data.map((b) => b.brand_name)).toEqual(["Adapter A"]);
    const created = await provider.create({
      resource: "brands",
      variables: { brand_name: "Adapter RF", brand_image: "", brand_status: 1 },
    });
    const id = created.data.id ?? 0;
    const updated = await provider.update({
      resource: "brands",
      id,
      variables: { ...created.data, brand_name: "Adapter RF 2" },
    });
    expect(updated.data.brand_name).toBe("Adapter RF 2");
    const deleted = await provider.deleteOne({ resource: "brands", id });
    expect(deleted.data.brand_name).toBe("Adapter RF 2");
    const after = await provider.getList({
      resource: "brands",
      filters: [{ field: "brand_name", operator: "eq", value: "Adapter RF 2" }],
    });
    expect(after.total).toBe(0);
  });
});
