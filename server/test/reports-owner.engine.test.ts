import { type ReportAnswer, XLSX_MEDIA_TYPE } from "@store/contract";
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";

/**
 * Issue 34 item 7, reports for an owner: the same days a year before or the
 * range before (`compare`), the series' compared figures, revenue paid and
 * not yet paid (a pending order is a sale, not money in), and the report as
 * a CSV or Excel file headed in words. On both databases: the split is kept
 * by the roll-ups' triggers (migration 0032).
 */
const ZONE = "Asia/Kuala_Lumpur";
let ctx: TestContext;
let productId = 0;
let seq = 0;

/** An order of one line at noon of `day` (Kuala Lumpur), in `status`, for `price` ringgit. */
async function addOrder(day: string, status: number, price: number): Promise<number> {
  seq += 1;
  const money = price.toFixed(2);
  return ctx.db.transaction(async (tx) => {
    const result = await tx.execute<{ orders_id: number }>(sql`insert into orders
      (order_number, username, total_price, subtotal, state, coupon_code, order_status, created_at)
      values (${`OWN-${seq}`}, 'buyer', ${money}, ${money}, 'Johor', 'RAYA', ${status},
        ${`${day} 12:00:00`}::timestamp at time zone ${ZONE})
      returning orders_id`);
    const id = Number(result.rows[0]?.orders_id);
    await tx.execute(sql`insert into order_items (orders_id, product_id, product_name, quantity, unit_price, line_total)
      values (${id}, ${productId}, 'Kopi', 1, ${money}, ${money})`);
    return id;
  });
}

async function report<N extends keyof ReportAnswerOf>(name: N, query: string) {
  const res = await ctx.call("GET", `/api/reports/${name}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportAnswerOf[N];
}
type ReportAnswerOf = {
  sales: ReportAnswer<"sales">;
  products: ReportAnswer<"products">;
  regions: ReportAnswer<"regions">;
  members: ReportAnswer<"members">;
  money: ReportAnswer<"money">;
  coupons: ReportAnswer<"coupons">;
};

const RANGE = "from=2025-03-03&to=2025-03-09";
let pending = 0;

beforeAll(async () => {
  ctx = await createTestContext();
  const [category] = await ctx.db.insert(categories).values({ category_name: "Kopi" }).returning();
  if (!category) throw new Error("no category");
  const [product] = await ctx.db
    .insert(products)
    .values({ product_name: "Kopi O", normal_price: "10.00", category_id: category.category_id })
    .returning();
  productId = product?.product_id ?? 0;
  // The week of 3 March 2025: RM 100 paid, RM 40 pending, RM 25 canceled (no sale).
  await addOrder("2025-03-03", 2, 100);
  pending = await addOrder("2025-03-04", 1, 40);
  await addOrder("2025-03-05", 7, 25);
  // The week before it: RM 30 processing (paid).
  await addOrder("2025-02-28", 3, 30);
  // The same week a year before: RM 60 complete.
  await addOrder("2024-03-04", 6, 60);
});
afterAll(() => ctx.close());

describe("a report compared", () => {
  it("without compare answers the range before and no compared series, as before", async () => {
    const sales = await report("sales", RANGE);
    expect(sales.compare).toBe("previous");
    expect(sales.previous_range).toEqual({ from: "2025-02-24", to: "2025-03-02" });
    expect(sales.previous).toMatchObject({ orders: 1, revenue: "30.00" });
    expect(sales.previous_series).toBeUndefined();
    const ranked = await report("products", RANGE);
    expect(ranked.series.every((row) => row.previous === undefined)).toBe(true);
  });

  it("with compare=year answers the same days a year before, the totals and each period", async () => {
    const sales = await report("sales", `${RANGE}&compare=year`);
    expect(sales.compare).toBe("year");
    expect(sales.previous_range).toEqual({ from: "2024-03-03", to: "2024-03-09" });
    expect(sales.previous).toMatchObject({ orders: 1, revenue: "60.00", paid_revenue: "60.00" });
    expect(sales.previous_series?.map((p) => [p.period, p.revenue])).toEqual([
      ["2024-03-03", "0.00"],
      ["2024-03-04", "60.00"],
      ["2024-03-05", "0.00"],
      ["2024-03-06", "0.00"],
      ["2024-03-07", "0.00"],
      ["2024-03-08", "0.00"],
      ["2024-03-09", "0.00"],
    ]);
    // The range itself is the same whatever it is compared with.
    expect(sales.totals).toEqual((await report("sales", RANGE)).totals);

    const previous = await report("sales", `${RANGE}&compare=previous`);
    expect(previous.previous_range).toEqual({ from: "2025-02-24", to: "2025-03-02" });
    expect(previous.previous_series?.[4]).toMatchObject({ period: "2025-02-28", revenue: "30.00" });

    const byWeek = await report("sales", `${RANGE}&compare=year&group=week`);
    expect(byWeek.previous_series?.map((p) => [p.period, p.orders])).toEqual([
      ["2024-02-26", 0],
      ["2024-03-04", 1],
    ]);
  });

  it("gives each ranked row its figures a year before", async () => {
    const ranked = await report("products", `${RANGE}&compare=year`);
    expect(ranked.series).toEqual([
      {
        id: productId,
        name: "Kopi O",
        quantity: 2,
        revenue: "140.00",
        returned: 0,
        previous: { quantity: 1, revenue: "60.00", returned: 0 },
      },
    ]);
    const byCategory = await report("products", `${RANGE}&compare=year&by=category`);
    expect(byCategory.series[0]?.previous).toEqual({ quantity: 1, revenue: "60.00" });
    const regions = await report("regions", `${RANGE}&compare=year`);
    expect(regions.series).toEqual([
      { state: "Johor", orders: 2, revenue: "140.00", previous: { orders: 1, revenue: "60.00" } },
    ]);
    const coupons = await report("coupons", `${RANGE}&compare=year`);
    expect(coupons.series[0]).toMatchObject({
      coupon_code: "RAYA",
      uses: 2,
      previous: { uses: 1, sales: "60.00" },
    });
    const members = await report("members", `${RANGE}&compare=year`);
    expect(members.previous_series).toHaveLength(7);
    const money = await report("money", `${RANGE}&compare=year&group=month`);
    expect(money.previous_range).toEqual({ from: "2024-03-03", to: "2024-03-09" });
    expect(money.previous_series?.map((p) => p.period)).toEqual(["2024-03-01"]);
  });

  it("compares 29 February with the 28th a year before; refuses a comparison it does not know", async () => {
    const leap = await report("sales", "from=2024-02-29&to=2024-02-29&compare=year");
    expect(leap.previous_range).toEqual({ from: "2023-02-28", to: "2023-02-28" });
    const res = await ctx.call("GET", `/api/reports/sales?${RANGE}&compare=month`);
    expect(res.statusCode).toBe(400);
  });
});

describe("revenue paid and not yet paid", () => {
  it("splits the sales into paid and pending, and moves a pending order to paid when it is paid", async () => {
    const sales = await report("sales", RANGE);
    expect(sales.totals).toMatchObject({
      orders: 2,
      revenue: "140.00",
      paid_revenue: "100.00",
      unpaid_revenue: "40.00",
    });
    expect(sales.series[1]).toMatchObject({
      period: "2025-03-04",
      revenue: "40.00",
      paid_revenue: "0.00",
      unpaid_revenue: "40.00",
    });

    await ctx.db.execute(sql`update orders set order_status = 2 where orders_id = ${pending}`);
    const paid = await report("sales", RANGE);
    expect(paid.totals).toMatchObject({
      revenue: "140.00",
      paid_revenue: "140.00",
      unpaid_revenue: "0.00",
    });
    // Back to pending, then canceled: no longer a sale, paid or not.
    await ctx.db.execute(sql`update orders set order_status = 1 where orders_id = ${pending}`);
    expect((await report("sales", RANGE)).totals.unpaid_revenue).toBe("40.00");
    await ctx.db.execute(sql`update orders set order_status = 7 where orders_id = ${pending}`);
    expect((await report("sales", RANGE)).totals).toMatchObject({
      revenue: "100.00",
      paid_revenue: "100.00",
      unpaid_revenue: "0.00",
    });
    await ctx.db.execute(sql`update orders set order_status = 1 where orders_id = ${pending}`);
  });
});

describe("a report as a file", () => {
  it("heads the CSV in words, the compared figures after the range's", async () => {
    const res = await ctx.call("GET", `/api/reports/regions?${RANGE}&compare=year&_format=csv`);
    expect(res.statusCode).toBe(200);
    const lines = res.body
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines).toEqual([
      "State,Orders,Revenue,Orders (compared),Revenue (compared)",
      "Johor,2,140.00,1,60.00",
    ]);
    const plain = await ctx.call("GET", `/api/reports/sales?${RANGE}&_format=csv`);
    expect(plain.body.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
      "Period,Orders,Revenue,Paid,Not yet paid,Average order,Discount,Shipping,SST,Returns,Refunds,Items returned",
    );
  });

  it("answers an Excel workbook in the language asked: words, dates, money as numbers, the totals", async () => {
    const res = await ctx.call(
      "GET",
      `/api/reports/sales?${RANGE}&compare=year&_format=xlsx&_lang=ms`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe(XLSX_MEDIA_TYPE);
    expect(res.headers["content-disposition"]).toBe(
      'attachment; filename="sales-2025-03-03-2025-03-09.xlsx"',
    );
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const [series, totals] = workbook.worksheets;
    if (!series || !totals) throw new Error("two sheets expected");
    expect(series.name).toBe("Jualan");
    const header = (series.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 5)).toEqual([
      "Tempoh",
      "Pesanan",
      "Hasil",
      "Sudah dibayar",
      "Belum dibayar",
    ]);
    expect(header).toContain("Hasil (perbandingan)");
    const second = series.getRow(3);
    const at = (label: string) => second?.getCell(header.indexOf(label) + 1);
    expect(at("Tempoh")?.value).toEqual(new Date("2025-03-04T00:00:00Z"));
    expect(at("Tempoh")?.numFmt).toBe("dd/mm/yyyy");
    expect(at("Hasil")?.value).toBe(40);
    expect(at("Hasil")?.numFmt).toBe("0.00");
    expect(at("Belum dibayar")?.value).toBe(40);
    expect(at("Hasil (perbandingan)")?.value).toBe(60);
    expect(at("Tempoh (perbandingan)")?.value).toEqual(new Date("2024-03-04T00:00:00Z"));
    expect(series.rowCount).toBe(8);

    expect((totals.getRow(1).values as unknown[]).slice(1)).toEqual([
      "Angka",
      "03/03/2025 – 09/03/2025",
      "03/03/2024 – 09/03/2024",
    ]);
    const revenue = totals.getRows(2, 10)?.find((row) => row.getCell(1).value === "Hasil");
    expect([revenue?.getCell(2).value, revenue?.getCell(3).value]).toEqual([140, 60]);
  });
});
