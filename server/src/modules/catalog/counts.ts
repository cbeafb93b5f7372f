import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { categories, products, productVariants } from "../../db/schema";

/**
 * The two counts (products_in_cat, product_variation), which the original client
 * kept by hand (docs/REQUIREMENTS.md section 10), are derived here from the rows
 * themselves, inside the caller's transaction, so they cannot drift whatever
 * order the calls come in.
 */

/**
 * Locks live categories, in id order so two writers never wait on each other
 * crosswise, and answers those that exist. Taking the lock before counting
 * means the recount's own statement sees every committed product.
 */
export async function lockCategories(tx: Tx, ids: number[]) {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  return tx
    .select({ category_id: categories.category_id })
    .from(categories)
    .where(and(inArray(categories.category_id, unique), isNull(categories.deleted_at)))
    .orderBy(asc(categories.category_id))
    .for("update");
}

/** Sets products_in_cat of these categories to their live products. */
export async function recountCategories(tx: Tx, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  await tx
    .update(categories)
    .set({
      products_in_cat: sql`(select count(*)::int from ${products} where ${products.category_id} = ${categories.category_id} and ${products.deleted_at} is null)`,
    })
    .where(inArray(categories.category_id, unique));
}

/** Live variants of a product. */
export async function liveVariantCount(tx: Tx, productId: number): Promise<number> {
  return tx.$count(
    productVariants,
    and(eq(productVariants.product_id, productId), isNull(productVariants.deleted_at)),
  );
}

/** Sets product_variation to the product's live variants. */
export async function recountVariants(tx: Tx, productId: number): Promise<void> {
  await tx
    .update(products)
    .set({ product_variation: await liveVariantCount(tx, productId) })
    .where(eq(products.product_id, productId));
}

/** Live products of a category. */
export async function liveProductCount(tx: Tx, categoryId: number): Promise<number> {
  return tx.$count(
    products,
    and(eq(products.category_id, categoryId), isNull(products.deleted_at)),
  );
}
