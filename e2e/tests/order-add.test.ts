import type { Page } from "@playwright/test";
import {
  catalogUnitPrice,
  type OrderRecord,
  orderFigures,
  type Product,
  type ShippingMethod,
  sellingPrice,
  type User,
  type Variant,
} from "@store/contract";
import { OrderListPage } from "../pages/OrderListPage";
import { listOf } from "../pages/Typeahead";
import { axeViolations } from "../support/axe";
import { expect, test, useBrowser } from "../support/browser";

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/${path}`);
  if (!response.ok()) throw new Error(`${path}: ${response.status()}`);
  return (await response.json()) as T;
}

const productLabel = (p: Product) => (p.sku ? `${p.product_name} (${p.sku})` : p.product_name);

/** Types what the server searches by into a type-ahead and picks the option labelled `label`. */
async function pick(page: Page, field: string, typed: string, label: string): Promise<void> {
  const input = page.getByLabel(field, { exact: true });
  await input.fill(typed);
  const list = await listOf(input);
  await list.getByRole("option", { name: label, exact: true }).click();
  await expect(input).toHaveValue(label);
}

test.describe("/addOrder: an order keyed in for a member", () => {
  const s = useBrowser();

  test("two products and a coupon: the preview, the saved figures, the list and its lines", async () => {
    const page = s.page;
    // A member, two active products without variants with stock to spare, a shipping method.
    const [member] = await api<User[]>(
      page,
      "users?role=Member&user_status=1&_sort=user_id&_order=asc&_limit=1",
    );
    const goods = await api<Product[]>(
      page,
      "products?product_status=1&product_variation=0&stock_qtt_gte=10&_sort=product_id&_order=asc&_limit=2",
    );
    const [courier] = (await api<ShippingMethod[]>(page, "shippingMethod")).filter(
      (m) => m.shipping_status === 1,
    );
    if (!member || goods.length < 2 || !courier) throw new Error("the demo store lacks the data");
    const [first, second] = goods as [Product, Product];
    // A coupon of this test's own: 10%, capped at RM 5.
    const code = `KEYIN${Date.now().toString(36).toUpperCase()}`;
    const made = await page.request.post("/api/vouchers", {
      data: {
        voucher_code: code,
        discount: "10",
        discount_cap: "5",
        discount_type: "percentage",
        voucher_status: 1,
        expired_at: "2099-12-31 23:59:00",
      },
    });
    expect(made.status(), await made.text()).toBe(201);

    const list = new OrderListPage(page);
    await list.goto();
    await page.getByRole("link", { name: "Add Order" }).click();
    await expect(page.getByRole("heading", { name: "Add Order" })).toBeVisible();

    await pick(
      page,
      "Member",
      member.username,
      `${member.username} · ${member.f_name} ${member.l_name} · ${member.contact}`,
    );
    // The recipient comes from the member.
    await expect(page.getByLabel("Recipient Name")).toHaveValue(
      `${member.f_name} ${member.l_name}`.trim(),
    );
    await pick(page, "Product (line 1)", first.sku || first.product_name, productLabel(first));
    await page.getByLabel("Quantity (line 1)").fill("2");
    await page.getByRole("button", { name: "Add Line" }).click();
    await pick(page, "Product (line 2)", second.sku || second.product_name, productLabel(second));
    await page.getByLabel("Coupon Code").fill(code.toLowerCase());
    await page.getByLabel("Shipping Method").selectOption(String(courier.ship_id));
    await page.getByLabel("Address 1", { exact: true }).fill("12 Jalan Bunga Raya");
    await page.getByLabel("Postcode").fill("50000");
    await page.getByLabel("State").selectOption("Selangor");

    const settings = await api<{ free_shipping_above: string | null }>(page, "settings/1");
    const expected = orderFigures({
      lines: [
        { unit_price: sellingPrice(first.normal_price, first.discount_price), quantity: 2 },
        { unit_price: sellingPrice(second.normal_price, second.discount_price), quantity: 1 },
      ],
      coupon: { discount_type: "percentage", discount: "10.00", discount_cap: "5.00" },
      shipping_fee: courier.shipping_fee,
      free_shipping_above: settings.free_shipping_above,
    });
    const preview = page.getByTestId("order-preview");
    await expect(preview).toContainText(`Total${money(expected.total)}`);
    expect(await axeViolations(page, "main")).toEqual([]);

    await page.getByRole("button", { name: "Add", exact: true }).click();
    await page.waitForURL(/\/editOrder\?oid=\d+/);
    const oid = Number(new URL(page.url()).searchParams.get("oid"));
    const saved = await api<OrderRecord>(page, `orders/${oid}`);
    expect(saved).toMatchObject({
      user_id: member.user_id,
      order_status: 1,
      coupon_code: code,
      subtotal: expected.subtotal,
      discount: expected.discount,
      shipping_fee: expected.shipping_fee,
      total_price: expected.total,
      postcode: "50000",
      state: "Selangor",
    });
    expect(saved.items.map((i) => [i.product_id, i.quantity])).toEqual([
      [first.product_id, 2],
      [second.product_id, 1],
    ]);

    // On the list, pending, with its total; opened from there, its lines.
    await list.goto();
    const row = await list.find(saved.order_number);
    await expect(row).toContainText(money(expected.total));
    await row.getByRole("link", { name: `Edit order ${saved.order_number}` }).click();
    await page.waitForURL(new RegExp(`/editOrder\\?oid=${oid}$`));
    for (const p of [first, second])
      await expect(page.getByText(p.product_name, { exact: true }).first()).toBeVisible();
  });

  test("a second line with a variant, quantity 3: the preview's subtotal counts every line", async () => {
    const page = s.page;
    const [plain] = await api<Product[]>(
      page,
      "products?product_status=1&product_variation=0&stock_qtt_gte=10&_sort=product_id&_order=asc&_limit=1",
    );
    const withVariants = await api<Product[]>(
      page,
      "products?product_status=1&product_variation_gte=1&_sort=product_id&_order=asc&_limit=20",
    );
    let chosen: { product: Product; variant: Variant } | undefined;
    for (const product of withVariants) {
      const variants = await api<Variant[]>(page, `productsVariants/${product.product_id}`);
      const variant = variants.find((v) => v.variant_status === 1 && v.variant_qtt >= 3);
      if (variant) {
        chosen = { product, variant };
        break;
      }
    }
    if (!plain || !chosen) throw new Error("the demo store lacks the data");
    const { product, variant } = chosen;

    await page.goto("/addOrder");
    await expect(page.getByRole("heading", { name: "Add Order" })).toBeVisible();
    await pick(page, "Product (line 1)", plain.sku || plain.product_name, productLabel(plain));
    await page.getByRole("button", { name: "Add Line" }).click();
    await pick(
      page,
      "Product (line 2)",
      product.sku || product.product_name,
      productLabel(product),
    );
    const preview = page.getByTestId("order-preview");
    // Until line 2 has its variant, no total is shown to quote.
    await expect(page.getByTestId("order-preview-incomplete")).toContainText("line 2");
    await expect(preview).toHaveCount(0);
    await page
      .getByLabel("Variant (line 2)")
      .selectOption(
        variant.variant_sku
          ? `${variant.variant_name} (${variant.variant_sku})`
          : variant.variant_name,
      );
    await page.getByLabel("Quantity (line 2)").fill("3");

    const lines = [
      { unit_price: catalogUnitPrice(plain) as string, quantity: 1 },
      { unit_price: catalogUnitPrice(product, variant) as string, quantity: 3 },
    ];
    const expected = orderFigures({ lines });
    const line2 = orderFigures({ lines: [lines[1] as (typeof lines)[number]] });
    await expect(page.getByTestId("line-2-preview")).toContainText(
      `line total ${money(line2.subtotal)}`,
    );
    await expect(preview).toContainText(`Subtotal${money(expected.subtotal)}`);
    await expect(preview).toContainText(`Total${money(expected.total)}`);
    // Quantity 2 on line 2: the preview follows.
    await page.getByLabel("Quantity (line 2)").fill("2");
    const two = orderFigures({ lines: [lines[0], { ...lines[1], quantity: 2 }] as typeof lines });
    await expect(preview).toContainText(`Subtotal${money(two.subtotal)}`);
  });

  test("a coupon whose uses are used up: Add says so beside the coupon and keeps the order unsaved", async () => {
    const page = s.page;
    const [member] = await api<User[]>(
      page,
      "users?role=Member&user_status=1&_sort=user_id&_order=desc&_limit=1",
    );
    const [goods] = await api<Product[]>(
      page,
      "products?product_status=1&product_variation=0&stock_qtt_gte=10&_sort=product_id&_order=desc&_limit=1",
    );
    if (!member || !goods) throw new Error("the demo store lacks the data");
    const code = `ONCE${Date.now().toString(36).toUpperCase()}`;
    const made = await page.request.post("/api/vouchers", {
      data: {
        voucher_code: code,
        discount: "1",
        discount_cap: "1",
        discount_type: "price",
        voucher_status: 1,
        expired_at: "2099-12-31 23:59:00",
        usage_limit: 1,
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const address = {
      recipient_name: "Aminah Yusof",
      recipient_contact: "0123456789",
      address_1: "12 Jalan Bunga Raya",
      postcode: "50000",
      state: "Selangor",
    };
    const first = await page.request.post("/api/orders", {
      data: {
        user_id: member.user_id,
        items: [{ product_id: goods.product_id, quantity: 1 }],
        voucher_code: code,
        ...address,
      },
    });
    expect(first.status(), await first.text()).toBe(201);

    await page.goto("/addOrder");
    await pick(
      page,
      "Member",
      member.username,
      `${member.username} · ${member.f_name} ${member.l_name} · ${member.contact}`,
    );
    await pick(page, "Product (line 1)", goods.sku || goods.product_name, productLabel(goods));
    await page.getByLabel("Coupon Code").fill(code);
    await page.getByLabel("Address 1", { exact: true }).fill(address.address_1);
    await page.getByLabel("Postcode").fill(address.postcode);
    await page.getByLabel("State").selectOption(address.state);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect(page.getByLabel("Coupon Code")).toHaveAccessibleDescription(
      new RegExp(`Coupon ${code} has reached its usage limit of 1\\.`),
    );
    expect(new URL(page.url()).pathname).toBe("/addOrder");
  });
});

/** "RM 1,234.50", as the screens show money in English. */
function money(value: string): string {
  const [whole = "0", cents = "00"] = value.split(".");
  return `RM ${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
}
