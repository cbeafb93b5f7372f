import type { OrderRecord } from "@store/contract";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { OrderItemsPanel } from "../src/pages/orders/OrderLines";
import { openApp } from "./openApp";
import { signInAs, signOut } from "./signedIn";

// SST on the lines (docs/decisions/sst-on-lines.md): the product form offers
// the active tax categories, and Add Order's preview shows the SST the total
// contains, from the product's rate. The real App against a fake server.

const LOADED = { timeout: 5000 };

const TAX_CATEGORIES = [
  {
    tax_category_id: 1,
    tax_category_name: "Sales tax 10%",
    tax_type: "taxable",
    tax_rate: "10.00",
    tax_category_status: 1,
    created_at: "2026-11-01 10:00:00",
    updated_at: null,
    version: 1,
  },
  {
    tax_category_id: 2,
    tax_category_name: "Exempt goods",
    tax_type: "exempt",
    tax_rate: "0.00",
    tax_category_status: 1,
    created_at: "2026-11-01 10:00:00",
    updated_at: null,
    version: 1,
  },
  {
    tax_category_id: 3,
    tax_category_name: "Old 6% rate",
    tax_type: "taxable",
    tax_rate: "6.00",
    tax_category_status: 0,
    created_at: "2026-11-01 10:00:00",
    updated_at: null,
    version: 1,
  },
];

const PRODUCT = {
  product_id: 41,
  product_name: "Kopi Tongkat Ali",
  product_description: "",
  product_images: "",
  product_variation: 0,
  normal_price: "54.00",
  discount_price: null,
  cost_price: "20.00",
  rating: "0.0",
  sku: "KTA-1",
  stock_qtt: 10,
  width: "0.00",
  height: "0.00",
  weight: "0.00",
  category_id: 5,
  category_name: "Drinks",
  tax_category_id: 1,
  tax_category_name: "Sales tax 10%",
  tax_type: "taxable",
  tax_rate: "10.00",
  product_status: 1,
  tags: "",
  created_at: "2026-11-01 10:00:00",
  updated_at: null,
  deleted_at: null,
  version: 1,
};

function fakeServer(url: string): Response {
  const [path = ""] = url.replace(/^\/api\//, "").split("?");
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });
  if (path === "taxCategories") return json(TAX_CATEGORIES);
  if (path === "categories") return json([{ category_id: 5, category_name: "Drinks" }]);
  if (path === "products") return json([PRODUCT]);
  if (path === "products/41") return json(PRODUCT);
  if (path === "productsVariants/41" || path === "products/41/variants") return json([]);
  if (path === "shippingMethods" || path === "notifications") return json([]);
  if (path === "orderPricing") return json({ free_shipping_above: null });
  if (path === "storeIdentity") return json({ store_name: "" });
  return json([]);
}

beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => fakeServer(url)),
  );
});

afterEach(() => {
  cleanup();
  signOut();
  vi.unstubAllGlobals();
});

describe("SST on the screens", () => {
  it("the product form offers the active tax categories, and Not applicable", async () => {
    signInAs();
    openApp("/addProduct");
    const select = (await screen.findByLabelText("Tax category", undefined, LOADED)) as HTMLElement;
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Not applicable", "Sales tax 10%", "Exempt goods"]),
    );
    expect((select as HTMLSelectElement).value).toBe("");
  });

  it("without settings:view, the form offers the product's own category and asks for no others", async () => {
    signInAs(["catalog:view", "catalog:manage"]);
    openApp("/editProduct?pid=41");
    const select = (await screen.findByLabelText("Tax category", undefined, LOADED)) as HTMLElement;
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Not applicable", "Sales tax 10%"]),
    );
    await waitFor(() => expect((select as HTMLSelectElement).value).toBe("1"));
    const asked = vi.mocked(fetch).mock.calls.map(([url]) => String(url));
    expect(asked.some((url) => url.includes("taxCategories"))).toBe(false);
  });

  it("Add Order's preview shows the SST the total contains", async () => {
    signInAs();
    openApp("/addOrder");
    const product = await screen.findByRole("combobox", { name: /Product/ }, LOADED);
    fireEvent.focus(product);
    fireEvent.change(product, { target: { value: "Kopi" } });
    fireEvent.click(await screen.findByRole("option", { name: /Kopi Tongkat Ali/ }, LOADED));
    const preview = await screen.findByTestId("order-preview", undefined, LOADED);
    // RM 54.00 at 10%, prices including SST: 54.00 × 10 / 110 = 4.909… → RM 4.91.
    await waitFor(() => expect(preview.textContent).toContain("SST included"));
    expect(preview.textContent).toContain("RM 4.91");
    expect(preview.textContent).toContain("RM 54.00");
  });

  it("Edit Order's lines show each line's SST and the order's SST included", () => {
    const line = {
      product_id: 41,
      variant_id: null,
      variant_name: "",
      sku: "",
      quantity: 1,
      line_discount: "0.00",
      image: "",
      returned: 0,
    };
    const order = {
      coupon_code: "",
      refunded: "0.00",
      shipping_refunded: "0.00",
      subtotal: "158.00",
      discount: "0.00",
      shipping_fee: "0.00",
      total_price: "158.00",
      tax_total: "8.00",
      items: [
        {
          ...line,
          item_id: 1,
          product_name: "Teh",
          unit_price: "108.00",
          line_total: "108.00",
          tax_type: "taxable",
          tax_rate: "8.00",
          tax_amount: "8.00",
        },
        {
          ...line,
          item_id: 2,
          product_name: "Beras",
          unit_price: "20.00",
          line_total: "20.00",
          tax_type: "exempt",
          tax_rate: "0.00",
          tax_amount: "0.00",
        },
        {
          ...line,
          item_id: 3,
          product_name: "Old line",
          unit_price: "30.00",
          line_total: "30.00",
          tax_type: "not_applicable",
          tax_rate: "0.00",
          tax_amount: "0.00",
        },
      ],
    } as unknown as OrderRecord;
    render(<OrderItemsPanel order={order} />);
    const table = screen.getByTestId("order-items");
    const sst = within(table)
      .getAllByRole("row")
      .slice(1, 4)
      .map((row) => row.querySelectorAll("td")[6]?.textContent);
    expect(sst).toEqual(["RM 8.00 (8%)", "Exempt", "-"]);
    expect(
      within(table).getByRole("rowheader", { name: "SST included" }).nextSibling?.textContent,
    ).toBe("RM 8.00");
  });
});
