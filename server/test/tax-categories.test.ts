import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { createStaff } from "./staff.fixtures";

/**
 * Tax categories, the record declared whole in contract/src/records.ts: its
 * calls, rules, audit label, export and permissions come from the declaration
 * (docs/decisions/record-declarations.md).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sst10 = {
  tax_category_name: "Sales tax 10%",
  tax_type: "taxable",
  tax_rate: "10",
  tax_category_status: 1,
};

async function create(body: Record<string, unknown>) {
  const res = await ctx.call("POST", "/api/taxCategories", body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { tax_category_id: number; version: number; tax_rate: string };
}

describe("tax categories", () => {
  it("keeps a taxable rate exactly, and 0 for the other types whatever was typed", async () => {
    const taxable = await create(sst10);
    expect(taxable).toMatchObject({
      tax_category_name: "Sales tax 10%",
      tax_type: "taxable",
      tax_rate: "10.00",
      tax_category_status: 1,
      version: 1,
    });
    // Inactive unless said, as every record is.
    const exempt = await create({
      tax_category_name: "Basic food",
      tax_type: "exempt",
      tax_rate: "6",
    });
    expect(exempt).toMatchObject({ tax_rate: "0.00", tax_category_status: 0 });
    const again = await ctx.call("GET", `/api/taxCategories/${taxable.tax_category_id}`);
    expect(again.headers.etag).toBe('"1"');
    expect(again.json().tax_rate).toBe("10.00");
  });

  it("refuses a taxable category without a rate, a rate of 100 and an unknown type, writing nothing", async () => {
    const before = (await ctx.call("GET", "/api/taxCategories")).headers["x-total-count"];
    for (const [body, field] of [
      [{ ...sst10, tax_rate: "0" }, "tax_rate"],
      [{ ...sst10, tax_rate: "100" }, "tax_rate"],
      [{ ...sst10, tax_rate: "1.234" }, "tax_rate"],
      [{ ...sst10, tax_type: "zero-rated" }, "tax_type"],
      [{ ...sst10, tax_category_name: " " }, "tax_category_name"],
    ] as const) {
      const res = await ctx.call("POST", "/api/taxCategories", body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues.map((i: { path: string }) => i.path)).toContain(field);
    }
    expect((await ctx.call("GET", "/api/taxCategories")).headers["x-total-count"]).toBe(before);
  });

  it("refuses a save from a stale version with 412, and names the record in the audit log", async () => {
    const made = await create({ ...sst10, tax_category_name: "Service tax 8%", tax_rate: "8" });
    const url = `/api/taxCategories/${made.tax_category_id}`;
    const body = { ...sst10, tax_category_name: "Service tax 8%", tax_rate: "8.00" };
    const first = await ctx.app.inject({
      method: "PUT",
      url,
      headers: { cookie: ctx.cookie, "if-match": '"1"' },
      payload: { ...body, tax_category_status: 0 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().version).toBe(2);
    const stale = await ctx.app.inject({
      method: "PUT",
      url,
      headers: { cookie: ctx.cookie, "if-match": '"1"' },
      payload: { ...body, tax_rate: "6" },
    });
    expect(stale.statusCode).toBe(412);
    expect((await ctx.call("GET", url)).json().tax_rate).toBe("8.00");
    const audit = await ctx.call(
      "GET",
      `/api/auditLog?entity=${encodeURIComponent("Tax category")}&entity_id=${made.tax_category_id}`,
    );
    expect(audit.json().map((row: { label: string }) => row.label)).toContain("Service tax 8%");
  });

  it("lists by name, searches, filters by status and exports the declared columns", async () => {
    const list = await ctx.call("GET", "/api/taxCategories?q=tax&tax_category_status=1");
    const names = list.json().map((row: { tax_category_name: string }) => row.tax_category_name);
    expect(names).toEqual([...names].sort());
    expect(names).toContain("Sales tax 10%");
    expect(names).not.toContain("Service tax 8%");
    // The workbook has the declared columns under their labels, the type and status in words.
    const file = await ctx.call("GET", "/api/taxCategories?_format=xlsx&_sort=tax_category_name");
    expect(file.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows: unknown[][] = [];
    book.worksheets[0]?.eachRow((row) => {
      rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows[0]).toEqual([
      "Name",
      "Tax Type",
      "Tax Rate",
      "Status",
      "Created Date",
      "Updated Date",
    ]);
    expect(rows.find((row) => row[0] === "Sales tax 10%")?.slice(0, 4)).toEqual([
      "Sales tax 10%",
      "Taxable",
      10,
      "Active",
    ]);
  });

  it("is read with settings:view and written with settings:manage only", async () => {
    const reader = await createStaff(ctx, ["settings:view"]);
    expect((await reader.call("GET", "/api/taxCategories")).statusCode).toBe(200);
    expect((await reader.call("POST", "/api/taxCategories", sst10)).statusCode).toBe(403);
    const clerk = await createStaff(ctx, ["catalog:manage"]);
    expect((await clerk.call("GET", "/api/taxCategories")).statusCode).toBe(403);
    const manager = await createStaff(ctx, ["settings:manage"]);
    expect((await manager.call("POST", "/api/taxCategories", sst10)).statusCode).toBe(201);
  });
});
