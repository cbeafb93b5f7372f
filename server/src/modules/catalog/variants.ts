import { MAX_VARIANTS_PER_PRODUCT, type variantInput } from "@store/contract";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { productVariants } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, notFound } from "../../lib/errors";
import { requireVersion } from "../../lib/versions";
import { liveVariantCount, recountVariants } from "./counts";
import { productService, tooManyVariants } from "./products";

type VariantValues = z.output<typeof variantInput>;

const liveOf = (productId: number) =>
  and(eq(productVariants.product_id, productId), isNull(productVariants.deleted_at));

/**
 * Product variants, the calls docs/REQUIREMENTS.md section 7 lists: at most
 * MAX_VARIANTS_PER_PRODUCT live per product, and product_variation kept equal
 * to that count in the same transaction.
 */
export const variantService = {
  /** Live variants of a live product, oldest first. */
  async listOf(db: Tx, productId: number) {
    await productService.get(db, productId);
    return db
      .select()
      .from(productVariants)
      .where(liveOf(productId))
      .orderBy(asc(productVariants.variant_id));
  },

  async create(db: Db, actor: Actor | null, input: VariantValues) {
    return db.transaction(async (tx) => {
      // The product row lock makes "count, then insert" safe against a parallel add.
      const product = await productService.lockProduct(tx, input.product_id);
      if (!product)
        throw badRequest(
          "product_id",
          "record_not_found",
          { record: "Product" },
          "Product not found.",
        );
      if ((await liveVariantCount(tx, input.product_id)) >= MAX_VARIANTS_PER_PRODUCT) {
        throw tooManyVariants();
      }
      const [row] = await tx.insert(productVariants).values(input).returning();
      if (!row) throw new Error("insert returned no row");
      await recountVariants(tx, input.product_id);
      await productService.raiseVersion(tx, input.product_id);
      await recordAudit(tx, actor, {
        entity: "Variant",
        entityId: row.variant_id,
        action: "create",
        after: row,
      });
      return row;
    });
  },

  async update(
    db: Db,
    actor: Actor | null,
    variantId: number,
    input: VariantValues,
    expected?: number,
  ) {
    return db.transaction(async (tx) => {
      const product = await productService.lockProduct(tx, input.product_id);
      const [before] = await tx
        .select()
        .from(productVariants)
        .where(and(eq(productVariants.variant_id, variantId), isNull(productVariants.deleted_at)))
        .for("update");
      if (!before) throw notFound("Variant");
      await requireVersion(tx, { entity: "Variant", id: variantId, row: before }, expected);
      if (!product || before.product_id !== input.product_id) {
        throw badRequest(
          "product_id",
          "variant_moves",
          {},
          "A variant cannot move to another product.",
        );
      }
      await productService.raiseVersion(tx, input.product_id);
      const [row] = await tx
        .update(productVariants)
        .set({ ...input, updated_at: sql`now()` })
        .where(eq(productVariants.variant_id, variantId))
        .returning();
      await recordAudit(tx, actor, {
        entity: "Variant",
        entityId: variantId,
        action: "update",
        before,
        after: row,
      });
      return row;
    });
  },

  /**
   * Deletes every live variant of a product (docs/REQUIREMENTS.md section 4,
   * "Deletions": called before deleting the product).
   */
  async removeAllOf(db: Db, actor: Actor | null, productId: number) {
    return db.transaction(async (tx) => {
      const product = await productService.lockProduct(tx, productId);
      if (!product) throw notFound("Product");
      const removed = await tx
        .update(productVariants)
        .set({ deleted_at: sql`now()` })
        .where(liveOf(productId))
        .returning();
      await recountVariants(tx, productId);
      if (removed.length > 0) await productService.raiseVersion(tx, productId);
      for (const before of removed) {
        await recordAudit(tx, actor, {
          entity: "Variant",
          entityId: before.variant_id,
          action: "delete",
          before: { ...before, deleted_at: null },
        });
      }
      return removed;
    });
  },
};
