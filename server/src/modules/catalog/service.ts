import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { crudService } from "../../lib/crud";
import { conflict, notFound } from "../../lib/errors";
import { requireVersion } from "../../lib/versions";
import { liveProductCount, lockCategories } from "./counts";

const categoryCrud = crudService({
  table: categories,
  id: categories.category_id,
  entity: "Category",
  deletedAt: categories.deleted_at,
  list: {
    search: [categories.category_name],
    defaultOrder: { by: categories.category_id, order: "asc" },
  },
});

/**
 * Categories. products_in_cat is never taken from a body (the contract's
 * input has no such field): the product calls keep it equal to the live
 * products of the category.
 */
export const categoryService = {
  ...categoryCrud,
  /** Soft delete, refused while live products are still in the category. */
  async remove(db: Db, actor: Actor | null, key: number, expected?: number) {
    return db.transaction(async (tx) => {
      const [locked] = await lockCategories(tx, [key]);
      if (!locked) throw notFound("Category");
      const before = await categoryCrud.get(tx, key);
      await requireVersion(tx, { entity: "Category", id: key, row: before }, expected);
      const inUse = await liveProductCount(tx, key);
      if (inUse > 0) {
        throw conflict(
          "category_has_products",
          { count: inUse },
          `This category still has ${inUse} ${inUse === 1 ? "product" : "products"}. Move or delete them first.`,
        );
      }
      await tx
        .update(categories)
        .set({ deleted_at: sql`now()` })
        .where(eq(categories.category_id, key));
      await recordAudit(tx, actor, { entity: "Category", entityId: key, action: "delete", before });
      return before;
    });
  },
};
