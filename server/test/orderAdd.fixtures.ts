/**
 * What an order keyed in (POST orders) is made of, written straight into the
 * database: a category, products, variants and coupons, each with a name of
 * its own, and an address the contract takes.
 */
import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client";
import { categories, products, productVariants, vouchers } from "../src/db/schema";
import { unique } from "./people.fixtures";

export async function insertCategory(db: Db): Promise<number> {
  const [cat] = await db
    .insert(categories)
    .values({ category_name: unique("cat") })
    .returning({ id: categories.category_id });
  return cat?.id ?? 0;
}

/** An active product at RM 10.00 with 10 in stock, unless told otherwise. */
export async function insertProduct(
  db: Db,
  category: number,
  values: Partial<typeof products.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(products)
    .values({
      product_name: unique("Kopi"),
      normal_price: "10.00",
      category_id: category,
      product_status: 1,
      stock_qtt: 10,
      sku: unique("SKU"),
      ...values,
    })
    .returning({ id: products.product_id });
  return row?.id ?? 0;
}

/** An active variant at RM 10.00 with 5 in stock, unless told otherwise; the product counts it. */
export async function insertVariant(
  db: Db,
  productId: number,
  values: Partial<typeof productVariants.$inferInsert> = {},
): Promise<number> {
  const [row] = await db
    .insert(productVariants)
    .values({
      product_id: productId,
      variant_name: unique("Size"),
      variant_price: "10.00",
      variant_qtt: 5,
      variant_status: 1,
      variant_sku: unique("VSKU"),
      ...values,
    })
    .returning({ id: productVariants.variant_id });
  const live = await db
    .select({ id: productVariants.variant_id })
    .from(productVariants)
    .where(eq(productVariants.product_id, productId));
  await db
    .update(products)
    .set({ product_variation: live.length })
    .where(eq(products.product_id, productId));
  return row?.id ?? 0;
}

/** An active coupon, 12.5% capped at RM 50, expiring in 2099, unless told otherwise; its code. */
export async function insertCoupon(
  db: Db,
  values: Partial<typeof vouchers.$inferInsert> = {},
): Promise<string> {
  const code = unique("TEST").toUpperCase();
  await db.insert(vouchers).values({
    voucher_code: code,
    discount: "12.50",
    discount_cap: "50.00",
    discount_type: "percentage",
    voucher_status: 1,
    expired_at: "2099-01-01 00:00:00",
    ...values,
  });
  return code;
}

/** A recipient and an address in Kuala Lumpur. */
export const ADDRESS = {
  recipient_name: "Aminah Yusof",
  recipient_contact: "0123456789",
  address_1: "12 Jalan Bunga Raya",
  address_2: "Taman Melati",
  postcode: "53100",
  state: "Wilayah Persekutuan Kuala Lumpur",
  country: "Malaysia",
};

export const stockOf = async (db: Db, productId: number) =>
  (await db.select().from(products).where(eq(products.product_id, productId)))[0]?.stock_qtt;

export const variantStockOf = async (db: Db, variantId: number) =>
  (await db.select().from(productVariants).where(eq(productVariants.variant_id, variantId)))[0]
    ?.variant_qtt;
