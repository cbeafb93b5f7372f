import type { Locator, Page } from "@playwright/test";
import type { Category, Order, OrderRecord, Product, Variant } from "@store/contract";
import { Secret, TOTP } from "otpauth";
import { CatalogApi } from "../pages/ProductPages";
import { listOf } from "../pages/Typeahead";
import { UserListPage } from "../pages/UserPages";
import { axeViolations } from "../support/axe";
import { expect, loginThroughForm, newStoreContext, test, useBrowser } from "../support/browser";
import { createStaffAccount } from "../support/staff";

/** Issue 34 item 9: a phone's 390 px, the screens' names, Add Order's lines, the users' two-step column. */
const PHONE = { width: 390, height: 844 };
const stamp = Date.now();

/** The visible buttons (and links drawn as buttons) less than 44 px tall, by name. */
function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("button, .btn, [role='button']")]
      .filter(
        (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden",
      )
      .map((el) => ({ el, height: el.getBoundingClientRect().height }))
      .filter(({ height }) => height < 44)
      .map(
        ({ el, height }) => `${el.getAttribute("aria-label") ?? el.textContent?.trim()}: ${height}`,
      ),
  );
}

/** The horizontal room a cell takes: it is on screen when it ends inside the window's width. */
async function rightEdge(cell: Locator): Promise<number> {
  const box = await cell.boundingBox();
  if (!box) throw new Error("not drawn");
  return box.x + box.width;
}

/** Focuses a scrolling region by keyboard-equivalent focus and scrolls it with the arrow key. */
async function scrollsByKeyboard(region: Locator): Promise<boolean> {
  await expect(region).toHaveAttribute("tabindex", "0");
  const wider = await region.evaluate((el) => el.scrollWidth > el.clientWidth);
  if (!wider) return true;
  await region.focus();
  await region.press("End");
  for (let i = 0; i < 10; i++) await region.press("ArrowRight");
  return region.evaluate((el) => el.scrollLeft > 0);
}

test.describe("at 390 px", () => {
  const s = useBrowser({ viewport: PHONE });

  test("Edit Order: the lines keep Quantity, Unit Price and Line Total on screen, scroll by keyboard, axe-clean, 44 px buttons", async () => {
    const { page } = s;
    // An order of several lines, one that posted to the ledger if there is one.
    const rows = (await (
      await page.request.get("/api/orders?_sort=orders_id&_order=asc&_limit=40")
    ).json()) as Order[];
    let order: OrderRecord | undefined;
    for (const row of rows) {
      const read = (await (
        await page.request.get(`/api/orders/${row.orders_id}`)
      ).json()) as OrderRecord;
      if (read.items.length < 2) continue;
      order ??= read;
      if (read.posted.length > 0) {
        order = read;
        break;
      }
    }
    if (!order) throw new Error("the demo store has no order of several lines");
    await page.goto(`/editOrder?oid=${order.orders_id}`);
    const items = page.getByRole("table", { name: "Items" });
    await expect(items.locator("tbody tr")).toHaveCount(order.items.length);

    for (const header of ["Qty", "Unit Price", "Line Total"]) {
      const cell = items.getByRole("columnheader", { name: header });
      expect({ header, right: (await rightEdge(cell)) <= PHONE.width }).toEqual({
        header,
        right: true,
      });
    }
    const lastCell = items.locator("tbody tr").first().locator("td").last();
    expect(await rightEdge(lastCell)).toBeLessThanOrEqual(PHONE.width);
    // The variant and SKU are still said, under the product's name.
    const first = order.items[0];
    if (first?.sku) await expect(items.locator("tbody tr").first()).toContainText(first.sku);

    expect(await scrollsByKeyboard(page.getByRole("group", { name: "Items" }))).toBe(true);
    if (order.posted.length > 0) {
      expect(
        await scrollsByKeyboard(page.getByRole("group", { name: "PV and commission posted" })),
      ).toBe(true);
    }
    expect(await axeViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
  });

  test("Reports: each tab's tables scroll by keyboard, axe-clean, 44 px buttons", async () => {
    const { page } = s;
    await page.goto("/reports?report=money");
    const money = page.getByRole("group", { name: "Money" });
    await expect(money.getByRole("table", { name: "Money" })).toBeVisible();
    await expect(page.getByTestId("report-total-pv_issued")).not.toHaveText("…");
    expect(await scrollsByKeyboard(money)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);

    await page.getByRole("tab", { name: "Members" }).click();
    await expect(page.getByRole("table", { name: "New members per tier" })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    expect(await smallTargets(page)).toEqual([]);
  });

  test("the sidebar and titles name User Wallets and Permission Groups one way", async () => {
    const { page } = s;
    await page.goto("/admin");
    await page.getByRole("button", { name: "Toggle sidebar" }).click();
    const sidebar = page.getByRole("navigation", { name: "Sidebar" });
    await expect(sidebar.getByRole("link", { name: "User Wallets" })).toBeVisible();
    await sidebar.getByRole("link", { name: "Permission Groups" }).click();
    await expect(page.getByRole("heading", { name: "Permission Groups", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^Permission Groups · /);
    await page.goto("/addRole");
    await expect(
      page.getByRole("heading", { name: "Add Permission Group", level: 1 }),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Back" })).toHaveAttribute("href", "/roles");
    await page.goto("/userWallets");
    await expect(page.getByRole("heading", { name: "User Wallets", level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/^User Wallets · /);
    for (const gone of ["Roles", "Users Wallet", "Add Group"]) {
      await expect(page.getByText(gone, { exact: true })).toHaveCount(0);
    }
  });
});

/** Types into a type-ahead and picks the option labelled `label`. */
async function pick(page: Page, field: string, typed: string, label: string): Promise<void> {
  const input = page.getByLabel(field, { exact: true });
  await input.fill(typed);
  const list = await listOf(input);
  await list.getByRole("option", { name: label, exact: true }).click();
  await expect(input).toHaveValue(label);
}

test.describe("Add Order's lines", () => {
  const s = useBrowser();
  let single: Product;
  let variant: Variant;

  test.beforeAll(async () => {
    const api = new CatalogApi(s.page);
    const category: Category = await api.category(`Narrow ${stamp}`);
    single = await api.product({
      category_id: category.category_id,
      product_name: `One Size Tee ${stamp}`,
      sku: `ONE-${stamp}`,
      normal_price: "30",
      product_status: 1,
      variants: [
        {
          variant_name: "Free Size",
          variant_price: "30",
          variant_qtt: 4,
          variant_status: 1,
        },
      ],
    });
    const variants = (await (
      await s.page.request.get(`/api/productsVariants/${single.product_id}`)
    ).json()) as Variant[];
    const [only] = variants;
    if (!only) throw new Error("the product was made without its variant");
    variant = only;
  });

  test("a product of one variant has it chosen, and a quantity above its stock is said before Add", async () => {
    const { page } = s;
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/orders"))
        posted.push(request.url());
    });
    await page.goto("/addOrder");
    await pick(page, "Product (line 1)", `ONE-${stamp}`, `${single.product_name} (ONE-${stamp})`);
    await expect(page.getByLabel("Variant (line 1)")).toHaveValue(String(variant.variant_id));
    await expect(page.getByTestId("line-1-preview")).toContainText("in stock: 4");

    const quantity = page.getByLabel("Quantity (line 1)");
    await quantity.fill("9");
    await expect(quantity).toHaveAccessibleDescription(
      `Line 1: only 4 of ${single.product_name} Free Size left in stock.`,
    );
    await quantity.fill("4");
    await expect(page.getByText(/left in stock/)).toHaveCount(0);
    expect(posted).toEqual([]);
  });
});

test.describe("the users list", () => {
  const s = useBrowser();

  test("shows who has two-step login on", async ({ browser, store }) => {
    const person = {
      username: `twostep_${stamp}`,
      email: `twostep_${stamp}@example.my`,
      password: "Two-step#2026",
    };
    const without = {
      username: `onestep_${stamp}`,
      email: `onestep_${stamp}@example.my`,
      password: "One-step#2026",
    };
    await createStaffAccount(s.page.request, person);
    await createStaffAccount(s.page.request, without);
    // They turn it on themselves, on their profile's calls.
    const own = await newStoreContext(browser, store.baseURL);
    try {
      const page = await own.newPage();
      await loginThroughForm(page, person);
      // Setting it up needs a fresh proof of the password, as the profile asks.
      const proof = await page.request.post("/api/stepUp", { data: { password: person.password } });
      expect(proof.status(), await proof.text()).toBe(200);
      const secret = (
        (await (await page.request.post("/api/me/totp")).json()) as { secret: string }
      ).secret;
      const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() });
      const on = await page.request.post("/api/me/totp/confirm", { data: { code } });
      expect(on.status(), await on.text()).toBe(200);
    } finally {
      await own.close();
    }

    const list = new UserListPage(s.page);
    await list.goto();
    await expect(s.page.getByRole("columnheader", { name: "Two-step login" })).toBeVisible();
    const row = await list.findUser(person.username);
    const column = await s.page
      .getByRole("columnheader")
      .evaluateAll((cells) => cells.map((c) => c.textContent?.trim()).indexOf("Two-step login"));
    await expect(row.locator("td").nth(column)).toHaveText("On");
    const other = await list.findUser(without.username);
    await expect(other.locator("td").nth(column)).toHaveText("Off");
  });
});
