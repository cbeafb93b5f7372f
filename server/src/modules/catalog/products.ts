import {
  MAX_VARIANTS_PER_PRODUCT,
  type ProductValues,
  type productListQuery,
  type variantDraft,
} from "@store/contract";
import { and, desc, eq, getTableColumns, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { categories, products, productVariants, taxCategories } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, type Page, readPage } from "../../lib/lists";
import { keysetJsonArray, tableBatches } from "../../lib/stream";
import { requireVersion } from "../../lib/versions";
import { lockCategories, recountCategories, recountVariants } from "./counts";

/** The price a customer pays: the discount price when set and non-zero, else the normal one. */
const effectivePrice = sql`coalesce(nullif(${products.discount_price}, 0), ${products.normal_price})`;

/** A product's listed fields: its columns and its category's name. */
const productColumns = {
  ...getTableColumns(products),
  category_name: categories.category_name,
};

/** A product as answered: its fields and its tax category's SST (Add Order's preview reads it). */
const answeredColumns = {
  ...productColumns,
  tax_category_name: taxCategories.tax_category_name,
  tax_type: taxCategories.tax_type,
  tax_rate: taxCategories.tax_rate,
};

const live = isNull(products.deleted_at);

function selectProducts(db: Tx) {
  return db
    .select(answeredColumns)
    .from(products)
    .leftJoin(categories, eq(categories.category_id, products.category_id))
    .leftJoin(taxCategories, eq(taxCategories.tax_category_id, products.tax_category_id))
    .$dynamic();
}

export const TOO_MANY_VARIANTS = `A product can have at most ${MAX_VARIANTS_PER_PRODUCT} variants.`;
export const tooManyVariants = () =>
  conflict("too_many_variants", { max: MAX_VARIANTS_PER_PRODUCT }, TOO_MANY_VARIANTS);

const listSpec = defineList({
  search: [products.product_name, products.sku],
  sort: {
    price: effectivePrice,
    category_name: {
      by: categories.category_name,
      parent: {
        table: categories,
        key: categories.category_id,
        column: categories.category_name,
      },
      fk: products.category_id,
    },
  },
  defaultOrder: { by: products.product_id, order: "desc" },
  key: products.product_id,
  scale: "large",
  because: "a catalogue of tens of thousands of products, searched as staff type",
  total: "products",
  fields: {
    ...fieldsOf(productColumns),
    // Not answered: the lowest stock among the live variants, for "variants low in
    // stock" (GET notifications links to variant_qtt_min_lte). A small table.
    variant_qtt_min: {
      by: sql`(select min(${productVariants.variant_qtt}) from ${productVariants}
        where ${productVariants.product_id} = ${products.product_id} and ${productVariants.deleted_at} is null)`,
      type: "int",
    },
  },
  // Deleted products leave the list and its total.
  totals: { counted: "c.deleted_at IS NULL" },
  // productListQuery reads these itself (category_id repeatable, the effective price's range).
  params: ["category_id", "min_price", "max_price"],
});

type ProductQuery = z.output<typeof productListQuery>;
type DraftValues = z.output<typeof variantDraft>;

async function list(db: Tx, query: ProductQuery): Promise<Page<ProductRow>> {
  const filters: SQL[] = [];
  if (query.category_id?.length) filters.push(inArray(products.category_id, query.category_id));
  if (query.min_price !== undefined)
    filters.push(sql`${effectivePrice} >= ${query.min_price}::numeric`);
  if (query.max_price !== undefined)
    filters.push(sql`${effectivePrice} <= ${query.max_price}::numeric`);
  const clauses = listClauses(query, listSpec, { base: live, filter: and(...filters) });
  return readPage(db, clauses, {
    table: products,
    joins: sql` left join ${categories} on ${eq(categories.category_id, products.category_id)}`,
    rows: (where, orderBy) =>
      selectProducts(db)
        .where(where)
        .orderBy(...orderBy),
    keyOf: (row) => row.product_id,
  });
}

export type ProductRow = Awaited<ReturnType<typeof find>>[number];

function find(db: Tx, id: number) {
  return selectProducts(db)
    .where(and(live, eq(products.product_id, id)))
    .limit(1);
}

async function get(db: Tx, id: number) {
  const [row] = await find(db, id);
  if (!row) throw notFound("Product");
  return row;
}

/** Locks a live product row for the rest of the transaction. */
async function lockProduct(tx: Tx, id: number) {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(live, eq(products.product_id, id)))
    .for("update");
  return row;
}

async function requireCategories(tx: Tx, wanted: number, others: number[] = []) {
  const locked = await lockCategories(tx, [wanted, ...others]);
  if (!locked.some((c) => c.category_id === wanted)) {
    throw badRequest("category_id", "existing_category", {}, "Choose an existing category.");
  }
}

/**
 * The product's tax category must exist (400 otherwise); null is "not
 * applicable". Key-share locked, as the foreign key's own check does.
 */
async function requireTaxCategory(tx: Tx, wanted: number | null | undefined) {
  if (wanted == null) return;
  const [found] = await tx
    .select({ id: taxCategories.tax_category_id })
    .from(taxCategories)
    .where(eq(taxCategories.tax_category_id, wanted))
    .for("key share");
  if (!found) {
    throw badRequest(
      "tax_category_id",
      "existing_tax_category",
      {},
      "Choose an existing tax category.",
    );
  }
}

function productValues(input: ProductValues) {
  const { variants: _variants, ...values } = input;
  return values;
}

function variantValues(draft: DraftValues) {
  const { variant_id: _id, ...values } = draft;
  return values;
}

/**
 * Makes the product's live variants equal the given list: drafts with an id
 * update that variant, drafts without one are new, live variants left out are
 * deleted. At most MAX_VARIANTS_PER_PRODUCT remain.
 */
async function replaceVariants(
  tx: Tx,
  actor: Actor | null,
  productId: number,
  drafts: DraftValues[],
): Promise<void> {
  if (drafts.length > MAX_VARIANTS_PER_PRODUCT) throw tooManyVariants();
  const current = await tx
    .select()
    .from(productVariants)
    .where(and(eq(productVariants.product_id, productId), isNull(productVariants.deleted_at)))
    .for("update");
  const byId = new Map(current.map((v) => [v.variant_id, v]));
  const kept = new Set<number>();
  for (const [index, draft] of drafts.entries()) {
    if (draft.variant_id === undefined) continue;
    if (!byId.has(draft.variant_id) || kept.has(draft.variant_id)) {
      throw badRequest(
        `variants.${index}.variant_id`,
        "foreign_variant",
        {},
        "This variant is not one of the product's.",
      );
    }
    kept.add(draft.variant_id);
  }
  for (const gone of current.filter((v) => !kept.has(v.variant_id))) {
    await tx
      .update(productVariants)
      .set({ deleted_at: sql`now()` })
      .where(eq(productVariants.variant_id, gone.variant_id));
    await recordAudit(tx, actor, {
      entity: "Variant",
      entityId: gone.variant_id,
      action: "delete",
      before: gone,
    });
  }
  for (const draft of drafts) {
    const values = variantValues(draft);
    if (draft.variant_id === undefined) {
      const [row] = await tx
        .insert(productVariants)
        .values({ ...values, product_id: productId })
        .returning();
      await recordAudit(tx, actor, {
        entity: "Variant",
        entityId: row?.variant_id ?? 0,
        action: "create",
        after: row,
      });
    } else {
      const before = byId.get(draft.variant_id);
      const [row] = await tx
        .update(productVariants)
        .set({ ...values, updated_at: sql`now()` })
        .where(eq(productVariants.variant_id, draft.variant_id))
        .returning();
      await recordAudit(tx, actor, {
        entity: "Variant",
        entityId: draft.variant_id,
        action: "update",
        before,
        after: row,
      });
    }
  }
  await recountVariants(tx, productId);
}

/**
 * Products. Creating one counts it into its category, moving it moves the
 * count, deleting it deletes its variants and lowers the count: each in one
 * transaction with its audit rows (docs/REQUIREMENTS.md section 4, "Deletions").
 */
export const productService = {
  list,
  get,

  /**
   * Every live product's id: the dashboard's productsCount list (docs/REQUIREMENTS.md
   * section 7 counts its length).
   */
  ids(db: Tx) {
    return keysetJsonArray(
      tableBatches(db, {
        table: products,
        key: products.product_id,
        row: sql`'{"product_id":' || ${products.product_id} || '}'`,
        where: live,
      }),
    );
  },

  /** Live products of one category; an unknown or empty category has none. */
  async inCategory(db: Tx, categoryId: number) {
    return selectProducts(db)
      .where(and(live, eq(products.category_id, categoryId)))
      .orderBy(desc(products.product_id));
  },

  async create(db: Db, actor: Actor | null, input: ProductValues) {
    return db.transaction(async (tx) => {
      await requireCategories(tx, input.category_id);
      await requireTaxCategory(tx, input.tax_category_id);
      const [row] = await tx.insert(products).values(productValues(input)).returning();
      if (!row) throw new Error("insert returned no row");
      if (input.variants) await replaceVariants(tx, actor, row.product_id, input.variants);
      await recountCategories(tx, [row.category_id]);
      const after = await get(tx, row.product_id);
      await recordAudit(tx, actor, {
        entity: "Product",
        entityId: row.product_id,
        action: "create",
        after,
      });
      return after;
    });
  },

  async update(db: Db, actor: Actor | null, id: number, input: ProductValues, expected?: number) {
    return db.transaction(async (tx) => {
      const before = await lockProduct(tx, id);
      if (!before) throw notFound("Product");
      await requireVersion(tx, { entity: "Product", id, row: before }, expected);
      await requireCategories(tx, input.category_id, [before.category_id]);
      await requireTaxCategory(tx, input.tax_category_id);
      // The variants are the product's too: saving them is a new version of it.
      const version = input.variants ? { version: sql`${products.version} + 1` } : {};
      await tx
        .update(products)
        .set({ ...productValues(input), ...version, updated_at: sql`now()` })
        .where(eq(products.product_id, id));
      if (input.variants) await replaceVariants(tx, actor, id, input.variants);
      await recountCategories(tx, [before.category_id, input.category_id]);
      const after = await get(tx, id);
      await recordAudit(tx, actor, {
        entity: "Product",
        entityId: id,
        action: "update",
        before,
        after,
      });
      return after;
    });
  },

  /** Soft-deletes the product and its variants and lowers its category's count. */
  async remove(db: Db, actor: Actor | null, id: number, expected?: number) {
    return db.transaction(async (tx) => {
      const locked = await lockProduct(tx, id);
      if (!locked) throw notFound("Product");
      await requireVersion(tx, { entity: "Product", id, row: locked }, expected);
      await lockCategories(tx, [locked.category_id]);
      const before = await get(tx, id);
      await tx
        .update(productVariants)
        .set({ deleted_at: sql`now()` })
        .where(and(eq(productVariants.product_id, id), isNull(productVariants.deleted_at)));
      await tx
        .update(products)
        .set({ deleted_at: sql`now()`, product_variation: 0 })
        .where(eq(products.product_id, id));
      await recountCategories(tx, [locked.category_id]);
      await recordAudit(tx, actor, { entity: "Product", entityId: id, action: "delete", before });
      return before;
    });
  },

  lockProduct,

  /** A variant call changed the product's variants: a new version of the product (locked by the caller). */
  async raiseVersion(tx: Tx, id: number) {
    await tx
      .update(products)
      .set({ version: sql`${products.version} + 1` })
      .where(eq(products.product_id, id));
  },
};
