import { LIST_COLUMNS, VALUE_NAMES } from "@store/contract";
import { en } from "@store/i18n";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { LISTS, seedLists } from "./lists.fixtures";
import { withLines } from "./orders.fixtures";

// `_format=xlsx` on every list call: the whole filtered, sorted list as an
// Excel workbook for people (docs/decisions/xlsx-export.md), read back here
// with exceljs as Excel would open it.

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedLists(ctx);
  await ctx.db.execute(
    withLines(sql`insert into orders (order_number, username, contact, recipient_contact,
      postcode, tracking_number, total_price, subtotal, order_status, paid_on)
    values ('XLSX1', 'xlsxbuyer', '0123456789', '+60 12-345 6789', '01000', '000123456789',
      1234.50, 1234.50, 6, '2026-03-04 21:30:00'::timestamp::timestamptz),
    ('XLSX2', 'xlsxbuyer', '0198765432', '0198765432', '05000', '', 7.05, 7.05, 2, null)`),
  );
}, 120_000);
afterAll(() => ctx.close());

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

async function workbook(url: string) {
  const res = await ctx.call("GET", url);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 300)}`).toBe(200);
  expect(res.headers["content-type"]).toBe(XLSX);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  if (!sheet) throw new Error("no sheet");
  const rows: ExcelJS.Row[] = [];
  sheet.eachRow((row) => {
    rows.push(row);
  });
  const [head, ...body] = rows;
  const header = ((head?.values as ExcelJS.CellValue[]) ?? []).slice(1).map(String);
  /** The cell of a data row (from 0) under a header. */
  const cell = (row: number, label: string) => {
    const at = header.indexOf(label);
    expect(at, `${label} in ${header.join("|")}`).toBeGreaterThanOrEqual(0);
    return (body[row] as ExcelJS.Row).getCell(at + 1);
  };
  return { res, header, body, cell };
}

async function json(url: string) {
  const res = await ctx.call("GET", url);
  expect(res.statusCode, url).toBe(200);
  return res.json() as Record<string, unknown>[];
}

describe.each(LISTS)("$path?_format=xlsx", ({ path }) => {
  it("answers every row under a header of labels, as a dated .xlsx file", async () => {
    const name = path.split("/").pop() ?? "";
    const file = await workbook(`${path}?_format=xlsx`);
    expect(file.res.headers["content-disposition"]).toMatch(
      new RegExp(`^attachment; filename="${name}-\\d{4}-\\d{2}-\\d{2}\\.xlsx"$`),
    );
    const all = await json(path);
    expect(file.body.length).toBe(all.length);
    // The screen's columns, every one of them answered by the list.
    const screen = LIST_COLUMNS[name];
    if (screen) expect(file.header.length).toBe(screen.length);
    expect(file.header.every((label) => label && !label.includes("_"))).toBe(true);
  });
});

describe("the labels", () => {
  it("every screen header and status name is a label the catalogues translate", () => {
    const texts = new Set(Object.keys(en.texts));
    const labels = Object.values(LIST_COLUMNS).flatMap((columns) =>
      columns.flatMap(([, label]) => (label ? [label] : [])),
    );
    const names = Object.values(VALUE_NAMES).flatMap((byValue) => Object.values(byValue));
    expect([...labels, ...names].filter((label) => !texts.has(label))).toEqual([]);
    // A column without its own header is named by its record field.
    const unlabelled = Object.values(LIST_COLUMNS).flatMap((columns) =>
      columns.flatMap(([field, label]) => (label ? [] : [field])),
    );
    expect(unlabelled.filter((field) => !Object.hasOwn(en.recordFields, field))).toEqual([]);
  });
});

describe("what the workbook holds", () => {
  const columns =
    "order_number,contact,recipient_contact,postcode,tracking_number,order_status,total_price,paid_on";

  it("phones, postcodes and tracking numbers as text, a status by name, money and dates typed", async () => {
    const file = await workbook(
      `/api/orders?_format=xlsx&_lang=en&username=xlsxbuyer&_sort=order_number&_order=asc&_columns=${columns}`,
    );
    expect(file.header).toEqual([
      "Order Number",
      "Customer Phone",
      "Recipient Contact",
      "Postcode",
      "Tracking Number",
      "Status",
      "Total Price",
      "Paid Date",
    ]);
    expect(file.body).toHaveLength(2);
    const text = (row: number, label: string) => {
      const cell = file.cell(row, label);
      expect(cell.type, label).toBe(ExcelJS.ValueType.String);
      return cell.value;
    };
    expect(text(0, "Customer Phone")).toBe("0123456789");
    expect(text(0, "Recipient Contact")).toBe("+60 12-345 6789");
    expect(text(0, "Postcode")).toBe("01000");
    expect(text(0, "Tracking Number")).toBe("000123456789");
    expect(text(0, "Status")).toBe("Complete");
    expect(text(1, "Status")).toBe("Paid");

    const money = file.cell(0, "Total Price");
    expect(money.type).toBe(ExcelJS.ValueType.Number);
    expect(money.value).toBe(1234.5);
    expect(money.numFmt).toBe("0.00");
    expect(file.cell(1, "Total Price").value).toBe(7.05);

    // Malaysia's wall time, shown dd/mm/yyyy.
    const paid = file.cell(0, "Paid Date");
    expect(paid.type).toBe(ExcelJS.ValueType.Date);
    expect((paid.value as Date).toISOString()).toBe("2026-03-04T21:30:00.000Z");
    expect(paid.numFmt).toMatch(/^dd\/mm\/yyyy/);
    expect(file.cell(1, "Paid Date").value).toBeNull();
  });

  it("keeps the order of _columns; refuses a column the list does not answer", async () => {
    const file = await workbook(
      "/api/orders?_format=xlsx&_lang=en&_columns=total_price,order_number&order_number=XLSX1",
    );
    expect(file.header).toEqual(["Total Price", "Order Number"]);
    expect(file.body.map((r) => r.getCell(2).value)).toEqual(["XLSX1"]);

    const bad = await ctx.call("GET", "/api/orders?_format=xlsx&_columns=order_number,password");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues[0].path).toBe("_columns");
    expect(bad.json().message).toMatch(/"password" is not a column this list can export/);
    const odd = await ctx.call("GET", "/api/orders?_format=xlsx&_columns=order_number;drop");
    expect(odd.statusCode).toBe(400);
  });

  it("heads the columns and names the statuses in _lang, else in the admin's saved language", async () => {
    const url = `/api/orders?_format=xlsx&order_number=XLSX1&_columns=order_number,order_status`;
    const zh = await workbook(`${url}&_lang=zh`);
    expect(zh.header).toEqual(["订单号", "状态"]);
    expect(zh.cell(0, "状态").value).toBe("已完成");

    const saved = await ctx.call("PUT", "/api/adminLanguage", { languages: "Bahasa Melayu" });
    expect(saved.statusCode).toBe(200);
    try {
      const ms = await workbook(url);
      expect(ms.header[0]).toBe("Nombor Pesanan");
      expect(ms.header).not.toContain("Order Number");
    } finally {
      await ctx.call("PUT", "/api/adminLanguage", { languages: "English" });
    }
  });

  it("the filtered, searched, sorted list, in the screen's order", async () => {
    const cases = [
      "order_status=6&_sort=total_price&_order=desc",
      "q=a&_sort=username&_order=asc",
      "created_at_gte=2026-04-01&_sort=recipient_name&_order=desc",
    ];
    for (const query of cases) {
      const file = await workbook(
        `/api/orders?_format=xlsx&_lang=en&_columns=order_number&${query}`,
      );
      const list = await json(`/api/orders?_page=1&_limit=1000&${query}`);
      expect(list.length, query).toBeGreaterThan(0);
      expect(
        file.body.map((r) => r.getCell(1).value),
        query,
      ).toEqual(list.map((o) => o.order_number));
    }
    const withdrawals = await workbook(
      "/api/withdrawRequest?_format=xlsx&_lang=en&withdraw_status=completed",
    );
    expect(withdrawals.body.length).toBeGreaterThan(0);
    for (let i = 0; i < withdrawals.body.length; i++) {
      expect(withdrawals.cell(i, "Status").value).toBe("Completed");
      expect(withdrawals.cell(i, "Bank Account").type).toBe(ExcelJS.ValueType.String);
      expect(withdrawals.cell(i, "Withdraw Amount").type).toBe(ExcelJS.ValueType.Number);
    }
  });

  it("writes a cell that begins like a formula as text, never a formula", async () => {
    const names = ['=HYPERLINK("http://x","y")', "+SUM(1)", "-2+3", "@cmd", "=1+1"];
    for (const name of names) {
      await ctx.db.execute(sql`insert into brands (brand_name, brand_status) values (${name}, 1)`);
    }
    const file = await workbook(
      "/api/brands?_format=xlsx&_lang=en&_sort=brand_id&_order=desc&_columns=brand_name,brand_status",
    );
    const written = file.body.slice(0, names.length).map((r) => r.getCell(1));
    expect(written.map((c) => c.value)).toEqual([...names].reverse());
    for (const c of written) {
      expect(c.type).toBe(ExcelJS.ValueType.String);
      expect(c.formula).toBeUndefined();
    }
    expect(file.cell(0, "Status").value).toBe("Active");
  });
});
