import { ListPattern, parseCsv } from "../pages/ListPattern";
import { expect, test, useBrowser } from "../support/browser";
import { sampled } from "../support/tier";

/**
 * Each list screen with its filters and a sort set in the URL: the list call
 * and the Export it offers are both answered (no filter or sort field the
 * API does not know), and the file holds what the list counts. `npm test` walks
 * every other screen (the API's list tests hold every list's filters and sorts);
 * `npm run test:long` every screen.
 */
const SCREENS: { path: string; api: string; query: string; sortHeader: string }[] = [
  { path: "/products", api: "products", query: "product_status=1&min=0&max=5000", sortHeader: "" },
  { path: "/categories", api: "categories", query: "cat_status=1", sortHeader: "Category Name" },
  { path: "/brands", api: "brands", query: "brand_status=1", sortHeader: "Brand Name" },
  {
    path: "/order",
    api: "orders",
    query: "order_status=2&order_status=3&created_at_gte=2020-01-01&paid_on_lte=2100-12-31",
    sortHeader: "Total Price",
  },
  {
    path: "/coupon",
    api: "vouchers",
    query: "voucher_status=1&discount_type=price&expired_at_gte=2020-01-01",
    sortHeader: "Discount",
  },
  {
    path: "/users",
    api: "users",
    query: "membership=1&role=User&user_status=1",
    sortHeader: "Down Line",
  },
  {
    path: "/userWallets",
    api: "usersWallet",
    query: "recent_spend_at_gte=2020-01-01",
    sortHeader: "Cash Wallet Amount",
  },
  {
    path: "/agency",
    api: "agencyStore",
    query: "store_status=1&expired_at_lte=2100-01-01",
    sortHeader: "Expired Date",
  },
  {
    path: "/withdrawRequest",
    api: "withdrawRequest",
    query: "withdraw_status=completed&request_at_gte=2020-01-01",
    sortHeader: "Bank Name",
  },
  {
    path: "/memberships",
    api: "memberships",
    query: "req_condition=pv",
    sortHeader: "Member Earning %",
  },
  { path: "/banner", api: "banner", query: "banner_status=1", sortHeader: "Title" },
  {
    path: "/testimonial",
    api: "testimonials",
    query: "testimonial_status=1",
    sortHeader: "Customer Name",
  },
];

test.describe("lists: every screen's filters, sort and Export reach the API", () => {
  const s = useBrowser();

  for (const screen of sampled(SCREENS, 0, 4)) {
    test(`${screen.path}`, async () => {
      const list = new ListPattern(s.page);
      const answered = s.page.waitForResponse(
        (r) => new URL(r.url()).pathname === `/api/${screen.api}` && r.request().method() === "GET",
      );
      await s.page.goto(`${screen.path}?${screen.query}`);
      const first = await answered;
      expect(first.status()).toBe(200);
      if (screen.sortHeader) {
        const sorted = s.page.waitForResponse(
          (r) =>
            new URL(r.url()).pathname === `/api/${screen.api}` &&
            new URL(r.url()).searchParams.has("_sort"),
        );
        await list.header(screen.sortHeader).getByRole("button").click();
        expect((await sorted).status()).toBe(200);
      }
      // The Export menu's links are the list call itself with _format=xlsx or csv and no paging.
      const excel = await list.exportLink("Excel (.xlsx)");
      const workbook = new URL((await excel.getAttribute("href")) ?? "", s.baseURL);
      expect(workbook.searchParams.get("_format")).toBe("xlsx");
      // The columns on show are ones the list exports.
      expect((await s.page.request.get(workbook.toString())).status()).toBe(200);
      const link = s.page.getByRole("link", { name: "CSV", exact: true });
      const href = new URL((await link.getAttribute("href")) ?? "", s.baseURL);
      const listed = new URL(first.url());
      for (const [key, value] of listed.searchParams) {
        if (key === "_page" || key === "_limit") continue;
        expect(href.searchParams.getAll(key)).toContain(value);
      }
      expect(href.searchParams.get("_format")).toBe("csv");
      const file = await s.page.request.get(href.toString());
      expect(file.status()).toBe(200);
      expect(file.headers()["content-type"]).toContain("text/csv");
      const rows = parseCsv(await file.text());
      const total = Number(first.headers()["x-total-count"]);
      if (first.headers()["x-total-count-capped"] !== "true") expect(rows.length - 1).toBe(total);
    });
  }
});

test.describe("lists: the top bar's alerts open the list of what they count", () => {
  const s = useBrowser();

  test("each alert's link reaches its list call with its filters", async () => {
    const response = await s.page.request.get("/api/notifications");
    const alerts = (await response.json()) as {
      kind: string;
      count: number;
      link: string;
    }[];
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) {
      // A failed scheduled backup's notice opens the settings, not a list.
      if (alert.kind === "backup_failed") continue;
      const target = new URL(alert.link, s.baseURL);
      const answered = s.page.waitForResponse((r) => {
        const url = new URL(r.url());
        return (
          url.pathname.startsWith("/api/") &&
          url.searchParams.has("_page") &&
          r.request().method() === "GET"
        );
      });
      await s.page.goto(alert.link);
      const list = await answered;
      expect(list.status()).toBe(200);
      const asked = new URL(list.url()).searchParams;
      for (const [key, value] of target.searchParams) {
        expect({ kind: alert.kind, key, sent: asked.getAll(key) }).toEqual({
          kind: alert.kind,
          key,
          sent: expect.arrayContaining([value]),
        });
      }
      // A count of records is the list's total (variants are counted per variant, listed per product).
      if (alert.kind !== "variants_low_stock") {
        expect({ kind: alert.kind, total: Number(list.headers()["x-total-count"]) }).toEqual({
          kind: alert.kind,
          total: alert.count,
        });
      }
    }
  });
});
