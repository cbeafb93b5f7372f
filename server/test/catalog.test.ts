import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, categories, products, productVariants } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let names = 0;
const unique = (prefix: string) => `${prefix} ${++names}`;

async function newCategory(name = unique("Category")): Promise<number> {
  const res = await ctx.call("POST", "/api/categories", { category_name: name, cat_status: 1 });
  expect(res.statusCode).toBe(201);
  return res.json().category_id;
}

function productBody(categoryId: number, extra: Record<string, unknown> = {}) {
  return {
    product_name: unique("Product"),
    product_description: "A fine thing",
    product_images: "a.png,b.jpg",
    normal_price: "100.00",
    discount_price: "",
    cost_price: "60",
    sku: unique("SKU").replace(" ", "-"),
    stock_qtt: 5,
    width: 10,
    height: 20,
    weight: "1.5",
    category_id: categoryId,
    product_status: true,
    ...extra,
  };
}

async function newProduct(categoryId: number, extra: Record<string, unknown> = {}) {
  const res = await ctx.call("POST", "/api/products", productBody(categoryId, extra));
  expect(res.statusCode).toBe(201);
  return res.json();
}

function variantBody(productId: number, extra: Record<string, unknown> = {}) {
  return {
    product_id: productId,
    variant_name: unique("Variant"),
    variant_image: "v.png",
    variant_price: 12.5,
    variant_dis_price: "",
    variant_qtt: 3,
    variant_sku: "V-1",
    variant_status: 1,
    ...extra,
  };
}

async function countOf(categoryId: number): Promise<number> {
  return (await ctx.call("GET", `/api/categories/${categoryId}`)).json().products_in_cat;
}

async function variationOf(productId: number): Promise<number> {
  return (await ctx.call("GET", `/api/products/${productId}`)).json().product_variation;
}

describe("categories", () => {
  it("creates, reads, lists with paging, updates and answers every field of docs/REQUIREMENTS.md section 3", async () => {
    const res = await ctx.call("POST", "/api/categories", { category_name: "  Shoes  " });
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      category_id: expect.any(Number),
      category_name: "Shoes",
      products_in_cat: 0,
      cat_status: 0,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updated_at: null,
      deleted_at: null,
      version: 1,
    });
    const one = await ctx.call("GET", `/api/categories/${created.category_id}`);
    expect(one.json()).toEqual(created);

    const put = await ctx.call("PUT", `/api/categories/${created.category_id}`, {
      category_name: "Footwear",
      cat_status: "1",
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ category_name: "Footwear", cat_status: 1 });
    expect(put.json().updated_at).toMatch(/^\d{4}-/);

    const page = await ctx.call("GET", "/api/categories?_page=1&_limit=1&q=footw");
    expect(page.statusCode).toBe(200);
    expect(page.headers["x-total-count"]).toBe("1");
    expect(page.json().map((c: { category_name: string }) => c.category_name)).toEqual([
      "Footwear",
    ]);
  });

  it("refuses a blank name with 400 on the field, writing nothing", async () => {
    const before = (await ctx.call("GET", "/api/categories")).json().length;
    const res = await ctx.call("POST", "/api/categories", { category_name: " " });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "Category name is required.",
      issues: [{ path: "category_name", message: "Category name is required." }],
    });
    expect((await ctx.call("GET", "/api/categories")).json()).toHaveLength(before);
  });

  it("ignores products_in_cat in a PUT body: the count stays the live products", async () => {
    const cat = await newCategory();
    await newProduct(cat);
    const res = await ctx.call("PUT", `/api/categories/${cat}`, {
      category_id: cat,
      category_name: "Renamed",
      products_in_cat: 42,
      cat_status: 1,
      created_at: "2020-01-01 00:00:00",
      updated_at: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ category_name: "Renamed", products_in_cat: 1 });
  });

  it("refuses to delete a category with live products (409, plainly), then soft-deletes it once empty", async () => {
    const cat = await newCategory();
    const p = await newProduct(cat);
    const refused = await ctx.call("DELETE", `/api/categories/${cat}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      message: "This category still has 1 product. Move or delete them first.",
    });
    expect((await ctx.call("DELETE", `/api/products/${p.product_id}`)).statusCode).toBe(200);
    const ok = await ctx.call("DELETE", `/api/categories/${cat}`);
    expect(ok.statusCode).toBe(200);
    expect((await ctx.call("GET", `/api/categories/${cat}`)).statusCode).toBe(404);
    const list = (await ctx.call("GET", "/api/categories")).json();
    expect(list.some((c: { category_id: number }) => c.category_id === cat)).toBe(false);
    const [row] = await ctx.db.select().from(categories).where(eq(categories.category_id, cat));
    expect(row?.deleted_at).not.toBeNull();
    expect((await ctx.call("DELETE", `/api/categories/${cat}`)).statusCode).toBe(404);
  });

  it("answers 404 for an unknown category on read, update and delete", async () => {
    expect((await ctx.call("GET", "/api/categories/99999")).statusCode).toBe(404);
    expect(
      (await ctx.call("PUT", "/api/categories/99999", { category_name: "X" })).statusCode,
    ).toBe(404);
    expect((await ctx.call("DELETE", "/api/categories/99999")).statusCode).toBe(404);
  });
});

describe("brands", () => {
  it("runs the five calls with image and status, answering short records", async () => {
    const res = await ctx.call("POST", "/api/brands", {
      brand_name: "Acme",
      brand_image: "acme.png",
      brand_status: 1,
    });
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b).toEqual({
      brand_id: expect.any(Number),
      brand_name: "Acme",
      brand_image: "acme.png",
      brand_status: 1,
      created_at: expect.any(String),
      updated_at: null,
      version: 1,
    });
    expect((await ctx.call("GET", `/api/brands/${b.brand_id}`)).json()).toEqual(b);
    const put = await ctx.call("PUT", `/api/brands/${b.brand_id}`, {
      brand_name: "Acme Co",
      brand_image: "",
      brand_status: 0,
    });
    expect(put.json()).toMatchObject({ brand_name: "Acme Co", brand_image: "", brand_status: 0 });
    expect(put.json().updated_at).not.toBeNull();
    const list = await ctx.call("GET", "/api/brands?_page=1&_limit=10");
    expect(list.headers["x-total-count"]).toBe("1");
    expect((await ctx.call("DELETE", `/api/brands/${b.brand_id}`)).statusCode).toBe(200);
    expect((await ctx.call("GET", `/api/brands/${b.brand_id}`)).statusCode).toBe(404);
  });

  it("refuses a blank brand name and a file name that is not one", async () => {
    const blank = await ctx.call("POST", "/api/brands", { brand_name: "" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().issues).toMatchObject([
      { path: "brand_name", message: "Brand name is required." },
    ]);
    const path = await ctx.call("POST", "/api/brands", {
      brand_name: "X",
      brand_image: "../etc/passwd",
    });
    expect(path.statusCode).toBe(400);
    expect(path.json().issues[0].path).toBe("brand_image");
  });
});

describe("products", () => {
  it("creates a product with every field of docs/REQUIREMENTS.md section 3, its category name, and counts it into the category", async () => {
    const cat = await newCategory("Bags");
    const p = await newProduct(cat, { product_name: "Tote", sku: "TOTE-1" });
    expect(p).toEqual({
      product_id: expect.any(Number),
      product_name: "Tote",
      product_description: "A fine thing",
      product_images: "a.png,b.jpg",
      product_variation: 0,
      normal_price: "100.00",
      discount_price: null,
      cost_price: "60.00",
      rating: "0.0",
      sku: "TOTE-1",
      stock_qtt: 5,
      width: "10.00",
      height: "20.00",
      weight: "1.50",
      category_id: cat,
      category_name: "Bags",
      // No tax category: its sales are not applicable for SST.
      tax_category_id: null,
      tax_category_name: null,
      tax_type: null,
      tax_rate: null,
      product_status: 1,
      tags: "",
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updated_at: null,
      deleted_at: null,
      version: 1,
    });
    expect(await countOf(cat)).toBe(1);
    expect((await ctx.call("GET", `/api/products/${p.product_id}`)).json()).toEqual(p);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "Product"), eq(auditLog.entity_id, String(p.product_id))));
    expect(audit.map((a) => a.action)).toEqual(["create"]);
  });

  it("treats a discount price of 0 or empty as none, and keeps a real one", async () => {
    const cat = await newCategory();
    expect((await newProduct(cat, { discount_price: 0 })).discount_price).toBeNull();
    expect((await newProduct(cat, { discount_price: "0.00" })).discount_price).toBeNull();
    expect((await newProduct(cat, { discount_price: null })).discount_price).toBeNull();
    expect((await newProduct(cat, { discount_price: "79.9" })).discount_price).toBe("79.90");
  });

  it.each([
    [{ product_name: "" }, "product_name", "Product name is required."],
    [{ normal_price: "" }, "normal_price", "Normal price is required."],
    [{ normal_price: undefined }, "normal_price", "Normal price is required."],
    [{ normal_price: -1 }, "normal_price", "Normal price must be at least 0."],
    [
      { normal_price: "1.234" },
      "normal_price",
      "Normal price must be a number with at most 2 decimal places.",
    ],
    [{ stock_qtt: "" }, "stock_qtt", "Stock quantity is required."],
    [{ stock_qtt: -1 }, "stock_qtt", "Stock quantity must be at least 0."],
    [{ stock_qtt: 1000 }, "stock_qtt", "Stock quantity must be at most 999."],
    [{ stock_qtt: 1.5 }, "stock_qtt", "Stock quantity must be a whole number."],
    [{ width: 1000 }, "width", "Width must be at most 999."],
    [{ height: -1 }, "height", "Height must be at least 0."],
    [{ weight: "999.01" }, "weight", "Weight must be at most 999."],
    [{ category_id: "" }, "category_id", "Category is required."],
    [{ category_id: undefined }, "category_id", "Category is required."],
    [{ discount_price: -5 }, "discount_price", "Discount price must be at least 0."],
  ])("refuses %o with 400 on %s and writes nothing", async (change, path, message) => {
    const cat = await newCategory();
    const res = await ctx.call("POST", "/api/products", productBody(cat, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path, message }));
    expect(await countOf(cat)).toBe(0);
    const rows = await ctx.db.select().from(products).where(eq(products.category_id, cat));
    expect(rows).toEqual([]);
  });

  it("accepts the edges: price 0, stock 0 and 999, dimensions 0 and 999", async () => {
    const cat = await newCategory();
    const low = await newProduct(cat, { normal_price: 0, stock_qtt: 0, width: 0, weight: 0 });
    expect(low).toMatchObject({ normal_price: "0.00", stock_qtt: 0, width: "0.00" });
    const high = await newProduct(cat, { stock_qtt: 999, width: 999, height: "999", weight: 999 });
    expect(high).toMatchObject({ stock_qtt: 999, width: "999.00", weight: "999.00" });
  });

  it("refuses an unknown or deleted category with 400 on category_id", async () => {
    const res = await ctx.call("POST", "/api/products", productBody(987654));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toMatchObject([
      { path: "category_id", message: "Choose an existing category." },
    ]);
    const gone = await newCategory();
    await ctx.call("DELETE", `/api/categories/${gone}`);
    expect((await ctx.call("POST", "/api/products", productBody(gone))).statusCode).toBe(400);
  });

  it("moving a product to another category moves the count; an update ignores product_variation", async () => {
    const a = await newCategory();
    const b = await newCategory();
    const p = await newProduct(a);
    await ctx.call("POST", "/api/productsVariants", variantBody(p.product_id));
    const res = await ctx.call("PUT", `/api/products/${p.product_id}`, {
      ...productBody(b, { product_name: "Moved" }),
      product_variation: 7,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      product_name: "Moved",
      category_id: b,
      product_variation: 1,
    });
    expect(res.json().updated_at).not.toBeNull();
    expect([await countOf(a), await countOf(b)]).toEqual([0, 1]);
    // A move to an unknown category changes nothing.
    const bad = await ctx.call("PUT", `/api/products/${p.product_id}`, productBody(123456));
    expect(bad.statusCode).toBe(400);
    expect([await countOf(a), await countOf(b)]).toEqual([0, 1]);
  });

  it("deleting a product soft-deletes it and its variants and lowers the count", async () => {
    const cat = await newCategory();
    const p = await newProduct(cat);
    await newProduct(cat);
    await ctx.call("POST", "/api/productsVariants", variantBody(p.product_id));
    await ctx.call("POST", "/api/productsVariants", variantBody(p.product_id));
    expect(await countOf(cat)).toBe(2);
    const res = await ctx.call("DELETE", `/api/products/${p.product_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().product_id).toBe(p.product_id);
    expect(await countOf(cat)).toBe(1);
    expect((await ctx.call("GET", `/api/products/${p.product_id}`)).statusCode).toBe(404);
    expect((await ctx.call("GET", `/api/productsVariants/${p.product_id}`)).statusCode).toBe(404);
    const [row] = await ctx.db.select().from(products).where(eq(products.product_id, p.product_id));
    expect(row?.deleted_at).not.toBeNull();
    const variants = await ctx.db
      .select()
      .from(productVariants)
      .where(eq(productVariants.product_id, p.product_id));
    expect(variants).toHaveLength(2);
    expect(variants.every((v) => v.deleted_at !== null)).toBe(true);
    expect((await ctx.call("DELETE", `/api/products/${p.product_id}`)).statusCode).toBe(404);
    expect(await countOf(cat)).toBe(1);
  });

  it("answers 404 for unknown products on read, update and delete", async () => {
    const cat = await newCategory();
    expect((await ctx.call("GET", "/api/products/99999")).statusCode).toBe(404);
    expect((await ctx.call("PUT", "/api/products/99999", productBody(cat))).statusCode).toBe(404);
    expect((await ctx.call("DELETE", "/api/products/99999")).statusCode).toBe(404);
    expect((await ctx.call("GET", "/api/products/abc")).statusCode).toBe(404);
  });
});

describe("product lists", () => {
  let shoes: number;
  let hats: number;
  beforeAll(async () => {
    shoes = await newCategory("List Shoes");
    hats = await newCategory("List Hats");
    await newProduct(shoes, { product_name: "Runner", sku: "RUN-9", normal_price: "100" });
    await newProduct(shoes, {
      product_name: "Walker",
      sku: "WLK-1",
      normal_price: "2000",
      discount_price: "1500",
    });
    await newProduct(hats, {
      product_name: "Cap",
      sku: "CAP-1",
      normal_price: "1",
      discount_price: "0",
    });
    await newProduct(hats, {
      product_name: "Beanie",
      sku: "BNE-1",
      normal_price: "50",
      discount_price: "0.99",
    });
  });

  const namesOf = (res: { json: () => { product_name: string }[] }) =>
    res
      .json()
      .map((p) => p.product_name)
      .sort();

  it("filters by one or several categories, answering category_name", async () => {
    const one = await ctx.call("GET", `/api/products?category_id=${hats}`);
    expect(namesOf(one)).toEqual(["Beanie", "Cap"]);
    expect(one.json()[0].category_name).toBe("List Hats");
    const both = await ctx.call("GET", `/api/products?category_id=${hats}&category_id=${shoes}`);
    expect(namesOf(both)).toEqual(["Beanie", "Cap", "Runner", "Walker"]);
  });

  it("filters by the effective price with inclusive bounds", async () => {
    const scope = `category_id=${hats}&category_id=${shoes}`;
    // Walker's effective price is its discount 1500; Beanie's is 0.99; Cap's discount 0 means 1.
    const defaults = await ctx.call("GET", `/api/products?${scope}&min_price=1&max_price=1500`);
    expect(namesOf(defaults)).toEqual(["Cap", "Runner", "Walker"]);
    const narrow = await ctx.call("GET", `/api/products?${scope}&min_price=100&max_price=100`);
    expect(namesOf(narrow)).toEqual(["Runner"]);
    const low = await ctx.call("GET", `/api/products?${scope}&min_price=0&max_price=0.99`);
    expect(namesOf(low)).toEqual(["Beanie"]);
    const above = await ctx.call("GET", `/api/products?${scope}&min_price=1500.01`);
    expect(namesOf(above)).toEqual([]);
  });

  it("refuses a price bound that is not a number", async () => {
    const res = await ctx.call("GET", "/api/products?min_price=abc");
    expect(res.statusCode).toBe(400);
  });

  it("searches name and SKU, case-insensitively, and pages with X-Total-Count", async () => {
    expect(namesOf(await ctx.call("GET", "/api/products?q=walk"))).toEqual(["Walker"]);
    expect(namesOf(await ctx.call("GET", "/api/products?q=run-9"))).toEqual(["Runner"]);
    const page = await ctx.call(
      "GET",
      `/api/products?category_id=${shoes}&category_id=${hats}&_page=2&_limit=3&_sort=product_name&_order=asc`,
    );
    expect(page.headers["x-total-count"]).toBe("4");
    expect(page.json().map((p: { product_name: string }) => p.product_name)).toEqual(["Walker"]);
  });

  it("productsFiltered answers a category's live products; unknown or empty answers []", async () => {
    expect(namesOf(await ctx.call("GET", `/api/productsFiltered/${shoes}`))).toEqual([
      "Runner",
      "Walker",
    ]);
    const unknown = await ctx.call("GET", "/api/productsFiltered/999999");
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual([]);
    const empty = await newCategory();
    expect((await ctx.call("GET", `/api/productsFiltered/${empty}`)).json()).toEqual([]);
    expect((await ctx.call("GET", "/api/productsFiltered/0")).json()).toEqual([]);
  });

  it("productsCount answers one id per live product", async () => {
    const res = await ctx.call("GET", "/api/productsCount");
    expect(res.statusCode).toBe(200);
    const all = (await ctx.call("GET", "/api/products")).json();
    expect(res.json()).toHaveLength(all.length);
    expect(Object.keys(res.json()[0])).toEqual(["product_id"]);
  });
});

describe("variants", () => {
  it("adds, lists, updates and keeps product_variation equal to the live variants", async () => {
    const cat = await newCategory();
    const p = await newProduct(cat);
    const res = await ctx.call("POST", "/api/productsVariants", variantBody(p.product_id));
    expect(res.statusCode).toBe(201);
    const v = res.json();
    expect(v).toEqual({
      variant_id: expect.any(Number),
      product_id: p.product_id,
      variant_name: expect.any(String),
      variant_image: "v.png",
      variant_price: "12.50",
      variant_dis_price: null,
      variant_qtt: 3,
      variant_sku: "V-1",
      variant_status: 1,
      created_at: expect.any(String),
      updated_at: null,
      deleted_at: null,
      version: 1,
    });
    expect(await variationOf(p.product_id)).toBe(1);
    const put = await ctx.call(
      "PUT",
      `/api/productsVariants/${v.variant_id}`,
      variantBody(p.product_id, { variant_name: "Red", variant_dis_price: "10" }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ variant_name: "Red", variant_dis_price: "10.00" });
    const list = await ctx.call("GET", `/api/productsVariants/${p.product_id}`);
    expect(list.json()).toEqual([put.json()]);
  });

  it("refuses the 11th live variant with a plain 409, and allows one again after a delete", async () => {
    const cat = await newCategory();
    const p = await newProduct(cat);
    for (let i = 0; i < 10; i++) {
      const ok = await ctx.call("POST", "/api/productsVariants", variantBody(p.product_id));
      expect(ok.statusCode).toBe(201);
    }
    const eleventh = await ctx.call("POST", "/api/productsVariants", variantBody(p.product_id));
    expect(eleventh.statusCode).toBe(409);
    expect(eleventh.json()).toMatchObject({ message: "A product can have at most 10 variants." });
    expect(await variationOf(p.product_id)).toBe(10);
    const removed = await ctx.call("DELETE", `/api/productsVariants/${p.product_id}`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toHaveLength(10);
    expect(await variationOf(p.product_id)).toBe(0);
    expect((await ctx.call("GET", `/api/productsVariants/${p.product_id}`)).json()).toEqual([]);
    expect(
      (await ctx.call("POST", "/api/productsVariants", variantBody(p.product_id))).statusCode,
    ).toBe(201);
    expect(await variationOf(p.product_id)).toBe(1);
  });

  it.each([
    [{ variant_name: " " }, "variant_name", "Variant name is required."],
    [{ variant_price: "" }, "variant_price", "Variant price is required."],
    [{ variant_price: -1 }, "variant_price", "Variant price must be at least 0."],
    [{ variant_qtt: 1000 }, "variant_qtt", "Variant quantity must be at most 999."],
    [{ variant_qtt: -1 }, "variant_qtt", "Variant quantity must be at least 0."],
  ])("refuses %o with 400 on %s", async (change, path, message) => {
    const cat = await newCategory();
    const p = await newProduct(cat);
    const res = await ctx.call("POST", "/api/productsVariants", variantBody(p.product_id, change));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path, message }));
    expect(await variationOf(p.product_id)).toBe(0);
  });

  it("refuses a variant for an unknown product, an unknown variant and a move between products", async () => {
    const cat = await newCategory();
    const p = await newProduct(cat);
    const other = await newProduct(cat);
    const unknown = await ctx.call("POST", "/api/productsVariants", variantBody(999999));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().issues).toMatchObject([
      { path: "product_id", message: "Product not found." },
    ]);
    expect(
      (await ctx.call("PUT", "/api/productsVariants/999999", variantBody(p.product_id))).statusCode,
    ).toBe(404);
    const v = (await ctx.call("POST", "/api/productsVariants", variantBody(p.product_id))).json();
    const move = await ctx.call(
      "PUT",
      `/api/productsVariants/${v.variant_id}`,
      variantBody(other.product_id),
    );
    expect(move.statusCode).toBe(400);
    expect(await variationOf(other.product_id)).toBe(0);
    expect((await ctx.call("DELETE", "/api/productsVariants/999999")).statusCode).toBe(404);
    expect((await ctx.call("GET", "/api/productsVariants/999999")).statusCode).toBe(404);
  });

  it("a deleted variant can no longer be updated", async () => {
    const cat = await newCategory();
    const p = await newProduct(cat);
    const v = (await ctx.call("POST", "/api/productsVariants", variantBody(p.product_id))).json();
    await ctx.call("DELETE", `/api/productsVariants/${p.product_id}`);
    const res = await ctx.call(
      "PUT",
      `/api/productsVariants/${v.variant_id}`,
      variantBody(p.product_id),
    );
    expect(res.statusCode).toBe(404);
  });
});

describe("products saved with their variant list in one call", () => {
  it("creates the product and its variants together", async () => {
    const cat = await newCategory();
    const res = await ctx.call(
      "POST",
      "/api/products",
      productBody(cat, {
        variants: [
          { variant_name: "S", variant_price: "10" },
          { variant_name: "M", variant_price: "11", variant_dis_price: "9.5", variant_qtt: 2 },
        ],
      }),
    );
    expect(res.statusCode).toBe(201);
    const p = res.json();
    expect(p.product_variation).toBe(2);
    const variants = (await ctx.call("GET", `/api/productsVariants/${p.product_id}`)).json();
    expect(variants.map((v: { variant_name: string }) => v.variant_name)).toEqual(["S", "M"]);
    expect(variants[1]).toMatchObject({ variant_dis_price: "9.50", variant_qtt: 2 });
  });

  it("updates kept variants, adds new ones and deletes those left out", async () => {
    const cat = await newCategory();
    const p = await newProduct(cat, {
      variants: [
        { variant_name: "A", variant_price: 1 },
        { variant_name: "B", variant_price: 2 },
      ],
    });
    const [a] = (await ctx.call("GET", `/api/productsVariants/${p.product_id}`)).json();
    const res = await ctx.call(
      "PUT",
      `/api/products/${p.product_id}`,
      productBody(cat, {
        variants: [
          { variant_id: a.variant_id, variant_name: "A2", variant_price: 1 },
          { variant_name: "C", variant_price: 3 },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().product_variation).toBe(2);
    const after = (await ctx.call("GET", `/api/productsVariants/${p.product_id}`)).json();
    expect(after.map((v: { variant_name: string }) => v.variant_name)).toEqual(["A2", "C"]);
    expect(after[0].variant_id).toBe(a.variant_id);
  });

  it("without a variant list, an update leaves the variants alone", async () => {
    const cat = await newCategory();
    const p = await newProduct(cat, { variants: [{ variant_name: "A", variant_price: 1 }] });
    await ctx.call("PUT", `/api/products/${p.product_id}`, productBody(cat));
    expect(await variationOf(p.product_id)).toBe(1);
  });

  it("refuses 11 variants with 409 and another product's variant with 400, writing nothing", async () => {
    const cat = await newCategory();
    const eleven = Array.from({ length: 11 }, (_, i) => ({
      variant_name: `V${i}`,
      variant_price: 1,
    }));
    const tooMany = await ctx.call("POST", "/api/products", productBody(cat, { variants: eleven }));
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json()).toMatchObject({ message: "A product can have at most 10 variants." });
    expect(await countOf(cat)).toBe(0);

    const p = await newProduct(cat, { variants: [{ variant_name: "A", variant_price: 1 }] });
    const other = await newProduct(cat, { variants: [{ variant_name: "Z", variant_price: 1 }] });
    const [z] = (await ctx.call("GET", `/api/productsVariants/${other.product_id}`)).json();
    const stolen = await ctx.call(
      "PUT",
      `/api/products/${p.product_id}`,
      productBody(cat, {
        product_name: "Changed",
        variants: [{ variant_id: z.variant_id, variant_name: "Z", variant_price: 1 }],
      }),
    );
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().issues).toMatchObject([
      { path: "variants.0.variant_id", message: "This variant is not one of the product's." },
    ]);
    const still = (await ctx.call("GET", `/api/products/${p.product_id}`)).json();
    expect(still.product_name).not.toBe("Changed");
    expect(still.product_variation).toBe(1);
  });

  it("validates each variant of the list with its path", async () => {
    const cat = await newCategory();
    const res = await ctx.call(
      "POST",
      "/api/products",
      productBody(cat, { variants: [{ variant_name: "", variant_price: "" }] }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toMatchObject(
      expect.arrayContaining([
        expect.objectContaining({
          path: "variants.0.variant_name",
          message: "Variant name is required.",
          code: "required",
          params: { field: "variant_name" },
        }),
        expect.objectContaining({
          path: "variants.0.variant_price",
          message: "Variant price is required.",
        }),
      ]),
    );
  });
});
