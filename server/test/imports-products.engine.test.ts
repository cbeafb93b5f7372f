/**
 * Products and stock imports (issue 43, docs/decisions/imports.md) through
 * POST /api/imports: a bad row refuses the whole file, the same file twice
 * changes nothing, a CSV with `;` and a BOM reads like the xlsx (a formula by
 * its value), the size limit, the kind's permission, the templates, stock set
 * and added, and a large file applied by its job. The rules are the same on
 * both engines (`onPostgres`) but for the first test.
 */
import {
  IMPORT_COLUMNS,
  IMPORT_JOB_ROWS,
  IMPORT_MAX_BYTES,
  type ImportCheck,
  type ImportError,
  type ImportRecord,
} from "@store/contract";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auditLog, categories, products, productVariants, taxCategories } from "../src/db/schema";
import { IMPORT_JOB, runImportJob } from "../src/modules/imports/service";
import { type JobRunner, startJobRunner } from "../src/modules/jobs/runner";
import { createTestContext, type TestContext, until } from "./helpers";
import { createStaff } from "./staff.fixtures";
import { onPostgres } from "./tier";

let ctx: TestContext;
let runner: JobRunner;
let category = "";

beforeAll(async () => {
  ctx = await createTestContext();
  runner = startJobRunner(ctx.db, { [IMPORT_JOB]: runImportJob }, { pollMs: 20 });
  ctx.app.jobs.wake = runner.wake;
  category = `Beverages ${Date.now().toString(36)}`;
  await ctx.db.insert(categories).values({ category_name: category, cat_status: 1 });
  await ctx.db
    .insert(taxCategories)
    .values({ tax_category_name: "Sales tax 10", tax_type: "taxable", tax_rate: "10.00" });
});

afterAll(async () => {
  await runner.stop(1000);
  await ctx.close();
});

let tagged = 0;
/** A SKU prefix per test: the tests share one store. */
const tag = () => `T${++tagged}${Date.now().toString(36)}`.toUpperCase();

function multipart(name: string, content: Buffer | string, cookie = ctx.cookie) {
  const boundary = "----importboundary";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie },
  };
}

const post = (
  kind: string,
  file: { name: string; content: Buffer | string },
  dryRun: boolean,
  cookie = ctx.cookie,
) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/imports?kind=${kind}${dryRun ? "&dry_run=1" : ""}`,
    ...multipart(file.name, file.content, cookie),
  });

const csv = (lines: string[]) => ({ name: "products.csv", content: `${lines.join("\n")}\n` });
const PRODUCT_HEADER =
  "sku,product_name,category,normal_price,discount_price,stock_qtt,tax_category,product_status,variant_name,variant_sku,variant_price,variant_qtt";

async function dryRun(kind: string, file: { name: string; content: Buffer | string }) {
  const answer = await post(kind, file, true);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ImportCheck;
}

async function apply(kind: string, file: { name: string; content: Buffer | string }) {
  const answer = await post(kind, file, false);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as ImportRecord;
}

const where = (errors: ImportError[]) =>
  errors.map(({ row, column, code }) => ({ row, column, code }));

const productsTagged = (t: string) =>
  ctx.db
    .select()
    .from(products)
    .where(like(products.sku, `${t}%`))
    .orderBy(products.sku);

it("a file with one bad row is refused whole, row and column named; fixed, it applies; the same file again changes nothing", async () => {
  const t = tag();
  const lines = (price: string) => [
    PRODUCT_HEADER,
    `${t}-1,Kopi Tongkat Ali 250 g,${category},45.90,,100,Sales tax 10,1,,,,`,
    `${t}-2,Teh Tarik,${category.toUpperCase()},${price},,5,,1,,,,`,
    `${t}-2,,,,,,,,Large,${t}-2L,15.00,7`,
    `${t}-3,Milo,Snacks nowhere,9.90,,1,,1,,,,`,
  ];
  // Row 3's price is not money, row 5's category does not exist.
  const bad = csv(lines("12.5x"));
  const check = await dryRun("products", bad);
  expect(where(check.errors)).toEqual([
    { row: 3, column: "normal_price", code: "money_format" },
    { row: 5, column: "category", code: "import_unknown_category" },
  ]);
  expect(check.errors[1]?.params).toEqual({ name: "Snacks nowhere" });
  const refused = await post("products", bad, false);
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ code: "import_invalid", params: { count: 2 } });
  expect(refused.json().errors).toEqual(check.errors);
  expect(await productsTagged(t)).toEqual([]);

  const good = csv(lines("12.50").slice(0, 4));
  expect(await dryRun("products", good)).toMatchObject({
    rows: 3,
    create: 3,
    update: 0,
    errors: [],
  });
  const applied = await apply("products", good);
  expect(applied).toMatchObject({ status: "done", rows: 3, created: 3, updated: 0, job_id: null });
  const saved = await productsTagged(t);
  expect(saved.map((p) => [p.sku, p.normal_price, p.stock_qtt, p.product_variation])).toEqual([
    [`${t}-1`, "45.90", 100, 0],
    [`${t}-2`, "12.50", 5, 1],
  ]);
  expect(saved[0]?.tax_category_id).not.toBeNull();
  const [variant] = await ctx.db
    .select()
    .from(productVariants)
    .where(eq(productVariants.variant_sku, `${t}-2L`));
  expect(variant).toMatchObject({ variant_name: "Large", variant_price: "15.00", variant_qtt: 7 });
  // Every record's audit row names the import.
  const audits = await ctx.db
    .select({ entity: auditLog.entity, action: auditLog.action, after: auditLog.after })
    .from(auditLog)
    .where(sql`${auditLog.after}->>'import_id' = ${String(applied.import_id)}`);
  expect(audits.map((a) => `${a.entity} ${a.action}`).sort()).toEqual([
    "Import create",
    "Product create",
    "Product create",
    "Variant create",
  ]);
  const got = await ctx.call("GET", `/api/imports/${applied.import_id}`);
  expect(got.json()).toMatchObject({ status: "done", created: 3, updated: 0 });

  // The same file again: neither created nor updated; then one changed price is one update.
  expect(await apply("products", good)).toMatchObject({ created: 0, updated: 0 });
  expect((await productsTagged(t)).map((p) => p.version)).toEqual(saved.map((p) => p.version));
  const changed = csv([
    PRODUCT_HEADER,
    `${t}-1,Kopi Tongkat Ali 250 g,${category},47.00,,100,,1,,,,`,
  ]);
  expect(await apply("products", changed)).toMatchObject({ created: 0, updated: 1 });
  expect((await productsTagged(t))[0]?.normal_price).toBe("47.00");
});

onPostgres("unknown and missing columns refuse the file, naming them", async () => {
  const unknown = await post("products", csv(["sku,product_name,colour", "A,B,red"]), true);
  expect(unknown.statusCode).toBe(400);
  expect(unknown.json()).toMatchObject({
    code: "import_columns_unknown",
    params: { columns: "colour" },
  });
  const missing = await post("stock", csv(["sku", "A"]), true);
  expect(missing.statusCode).toBe(400);
  expect(missing.json()).toMatchObject({
    code: "import_columns_missing",
    params: { columns: "Quantity" },
  });
  const garbage = await post("stock", { name: "x.csv", content: Buffer.from([0, 1, 2, 3]) }, true);
  expect(garbage.json()).toMatchObject({ code: "import_unreadable" });
  expect(garbage.statusCode).toBe(400);
});

onPostgres(
  "a CSV with `;` and a BOM reads like the xlsx; a formula cell reads as its value",
  async () => {
    const t = tag();
    const labels = IMPORT_COLUMNS.products.map((c) => c.label);
    const at = (name: string) => IMPORT_COLUMNS.products.findIndex((c) => c.name === name);
    const row = (sku: string, price: string) => {
      const cells = labels.map(() => "");
      cells[at("sku")] = sku;
      cells[at("product_name")] = "Kopi; pekat";
      cells[at("category")] = category;
      cells[at("normal_price")] = price;
      cells[at("stock_qtt")] = "3";
      cells[at("product_status")] = "1";
      return cells;
    };
    const quoted = (cells: string[]) =>
      cells.map((c) => (c.includes(";") ? `"${c}"` : c)).join(";");
    const text = `\uFEFF${[labels, row(`${t}-A`, "12.30"), row(`${t}-B`, "7.00")].map(quoted).join("\r\n")}\r\n`;
    const fromCsv = await dryRun("products", { name: "p.csv", content: Buffer.from(text, "utf8") });

    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Products");
    sheet.addRow(labels);
    sheet.addRow(row(`${t}-A`, "12.30"));
    sheet.addRow(row(`${t}-B`, ""));
    // The price as a formula whose cached result is 7: read as 7, never evaluated.
    sheet.getRow(3).getCell(at("normal_price") + 1).value = { formula: "3+5", result: 7 };
    sheet.getRow(3).getCell(at("product_name") + 1).value = {
      richText: [{ text: "Kopi; " }, { font: { bold: true }, text: "pekat" }],
    };
    const xlsx = Buffer.from((await book.xlsx.writeBuffer()) as ArrayBuffer);
    const fromXlsx = await dryRun("products", { name: "p.xlsx", content: xlsx });
    expect(fromCsv).toEqual(fromXlsx);
    expect(fromXlsx).toMatchObject({ rows: 2, create: 2, errors: [] });
    await apply("products", { name: "p.xlsx", content: xlsx });
    expect((await productsTagged(t)).map((p) => [p.product_name, p.normal_price])).toEqual([
      ["Kopi; pekat", "12.30"],
      ["Kopi; pekat", "7.00"],
    ]);
    // The CSV now changes nothing: the same rows.
    expect(await dryRun("products", { name: "p.csv", content: text })).toMatchObject({
      create: 0,
      update: 0,
    });
  },
);

onPostgres("a file above the size limit is refused with 413 naming it in MB", async () => {
  const big = Buffer.alloc(IMPORT_MAX_BYTES + 1024, "a");
  const answer = await post("stock", { name: "big.csv", content: big }, true);
  expect(answer.statusCode).toBe(413);
  expect(answer.json()).toMatchObject({ code: "upload_too_large" });
  expect(answer.json().message).toContain("20 MB");
});

onPostgres("a Staff member without catalog:manage gets 403 and nothing is written", async () => {
  const viewer = await createStaff(ctx, ["catalog:view", "members:manage"]);
  const t = tag();
  const file = csv([PRODUCT_HEADER, `${t}-1,Kopi,${category},4.00,,1,,1,,,,`]);
  for (const dry of [true, false]) {
    const answer = await post("products", file, dry, viewer.cookie);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({ code: "forbidden", permission: "catalog:manage" });
  }
  expect(await productsTagged(t)).toEqual([]);
  const template = await viewer.call("GET", "/api/imports/template?kind=stock&_format=csv");
  expect(template.statusCode).toBe(403);
  // A blank template holds no store data: the kind's permission is enough, without `export`.
  const clerk = await createStaff(ctx, ["catalog:manage"]);
  const blank = await clerk.call("GET", "/api/imports/template?kind=stock&_format=csv");
  expect(blank.statusCode, blank.body).toBe(200);
  const list = await clerk.call("GET", "/api/products?_format=csv");
  expect(list.json()).toMatchObject({ code: "forbidden", permission: "export" });
});

onPostgres(
  "the templates download in xlsx and csv with the kind's header and an example row",
  async () => {
    const csvAnswer = await ctx.call("GET", "/api/imports/template?kind=stock&_format=csv&lang=en");
    expect(csvAnswer.statusCode).toBe(200);
    expect(csvAnswer.headers["content-disposition"]).toContain("import-stock-template.csv");
    expect(
      csvAnswer.body
        .replace(/^\uFEFF/, "")
        .split("\r\n")
        .slice(0, 2),
    ).toEqual(["SKU,Quantity,Mode (set or add)", "KOPI-250,24,set"]);
    const xlsx = await ctx.call("GET", "/api/imports/template?kind=products&_format=xlsx&lang=ms");
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const header = book.worksheets[0]?.getRow(1);
    expect(header?.getCell(2).value).toBe("Nama produk");
    expect(header?.getCell(1).font?.bold).toBe(true);
    expect(header?.getCell(1).note).toBeTruthy();
    expect(book.worksheets[0]?.getRow(2).getCell(1).value).toBe("KOPI-250");
    // The Malay template reads back as the same columns.
    const back = await post("products", { name: "t.xlsx", content: xlsx.rawPayload }, true);
    expect(back.statusCode, back.body).toBe(200);
  },
);

onPostgres(
  "stock by SKU: set and add, an unknown SKU named; each change in the product's History",
  async () => {
    const t = tag();
    await apply(
      "products",
      csv([
        PRODUCT_HEADER,
        `${t}-1,Kopi,${category},4.00,,10,,1,,,,`,
        `${t}-2,Teh,${category},4.00,,10,,1,Small,${t}-2S,3.00,2`,
      ]),
    );
    const stock = (lines: string[]) => ({
      name: "stock.csv",
      content: `sku;quantity;mode\n${lines.join("\n")}\n`,
    });
    const bad = await dryRun("stock", stock([`${t}-1;5;set`, `${t}-NOPE;1;add`, `${t}-2S;-1;add`]));
    expect(where(bad.errors)).toEqual([
      { row: 3, column: "sku", code: "import_unknown_sku" },
      { row: 4, column: "quantity", code: "too_small" },
    ]);
    const record = await apply("stock", stock([`${t}-1;25;set`, `${t}-2S;3;add`, `${t}-2;10;`]));
    expect(record).toMatchObject({ created: 0, updated: 2 });
    const [kopi] = await productsTagged(t);
    expect(kopi?.stock_qtt).toBe(25);
    const [small] = await ctx.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.variant_sku, `${t}-2S`));
    expect(small?.variant_qtt).toBe(5);
    const history = await ctx.call(
      "GET",
      `/api/auditLog?entity=Product&entity_id=${kopi?.product_id}`,
    );
    expect(JSON.stringify(history.json())).toContain('"stock_qtt":25');
  },
);

onPostgres(
  "a file of more than IMPORT_JOB_ROWS rows is applied by its job; GET imports/{id} ends done",
  async () => {
    const t = tag();
    const rows = Array.from(
      { length: IMPORT_JOB_ROWS + 1 },
      (_, i) => `${t}-${String(i).padStart(5, "0")},Item ${i},${category},1.00,,1,,1,,,,`,
    );
    const answer = await post("products", csv([PRODUCT_HEADER, ...rows]), false);
    expect(answer.statusCode, answer.body).toBe(202);
    const record = answer.json() as ImportRecord;
    expect(record).toMatchObject({ status: "running", rows: IMPORT_JOB_ROWS + 1 });
    expect(record.job_id).not.toBeNull();
    const done = await until(
      async () =>
        (await ctx.call("GET", `/api/imports/${record.import_id}`)).json() as ImportRecord,
      (r) => r.status !== "running",
      20_000,
    );
    expect(done).toMatchObject({ status: "done", created: IMPORT_JOB_ROWS + 1, updated: 0 });
    const [count] = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(products)
      .where(
        and(
          like(products.sku, `${t}-%`),
          inArray(products.category_id, sql`(select category_id from categories)`),
        ),
      );
    expect(count?.n).toBe(IMPORT_JOB_ROWS + 1);
    // Analysed once it committed: the planner counts the rows the import brought.
    const planned = await until(
      async () =>
        (
          await ctx.db.execute<{ n: number }>(
            sql`select reltuples::int as n from pg_class where relname = 'products'`,
          )
        ).rows[0]?.n ?? -1,
      (n) => n >= IMPORT_JOB_ROWS + 1,
      10_000,
    );
    expect(planned).toBeGreaterThanOrEqual(IMPORT_JOB_ROWS + 1);
  },
);
