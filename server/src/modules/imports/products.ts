/**
 * Products and variants (docs/decisions/imports.md): upserted by SKU, a
 * variant by its variant SKU under its product. A row is a product's, or a
 * variant's when it names one (its product's SKU beside it); the product's
 * fields come from the first row of its SKU that names the product. Each
 * field is read by the product contract's own schema; category and tax
 * category by name; images among the uploaded ones. An empty cell leaves an
 * existing record's field as it is; a row equal to the store changes nothing.
 */
import { MAX_VARIANTS_PER_PRODUCT, productInput, variantDraft } from "@store/contract";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { categories, products, productVariants, taxCategories, uploads } from "../../db/schema";
import { recordAudits } from "../../lib/audit";
import { lockCategories, recountCategories, recountVariants } from "../catalog/counts";
import type { Importer, RowProblem, SheetRow } from "./importer";
import { problem, RowReader, schemaProblem } from "./problems";

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type AuditEntry = Parameters<typeof recordAudits>[2][number];

/** The product fields an import sets. */
interface ProductFields {
  product_name: string;
  category_id: number;
  normal_price: string;
  discount_price: string | null;
  stock_qtt: number;
  tax_category_id: number | null;
  product_images: string;
  product_status: 0 | 1;
}
interface VariantFields {
  variant_name: string;
  variant_sku: string;
  variant_price: string;
  variant_qtt: number;
  variant_status: 0 | 1;
}

interface VariantPlan {
  existing: VariantRow | null;
  values: Partial<VariantFields>;
}
interface ProductPlan {
  sku: string;
  existing: ProductRow | null;
  values: Partial<ProductFields>;
  variants: VariantPlan[];
}

const shape = productInput.shape;
const variantShape = variantDraft.shape;
const lower = (text: string) => text.trim().toLowerCase();
const isVariantRow = (cells: Record<string, string>) =>
  Boolean(cells.variant_name || cells.variant_sku || cells.variant_price || cells.variant_qtt);

/** What the check reads of the store once for the whole file. */
interface Store {
  products: Map<string, ProductRow>;
  variantsOf: Map<number, VariantRow[]>;
  variantBySku: Map<string, VariantRow>;
  categories: Map<string, number>;
  taxCategories: Map<string, number>;
  images: Set<string>;
}

async function readStore(tx: Tx, rows: readonly SheetRow[]): Promise<Store> {
  const skus = [...new Set(rows.map((r) => r.cells.sku ?? "").filter(Boolean))];
  const variantSkus = [...new Set(rows.map((r) => r.cells.variant_sku ?? "").filter(Boolean))];
  const images = [
    ...new Set(
      rows.flatMap((r) =>
        (r.cells.product_images ?? "")
          .split(",")
          .map((n) => n.trim())
          .filter(Boolean),
      ),
    ),
  ];
  const found = skus.length
    ? await tx
        .select()
        .from(products)
        .where(and(inArray(products.sku, skus), isNull(products.deleted_at)))
        .orderBy(products.product_id)
    : [];
  const byProductSku = new Map<string, ProductRow>();
  for (const p of found) if (!byProductSku.has(p.sku)) byProductSku.set(p.sku, p);
  const ids = [...byProductSku.values()].map((p) => p.product_id);
  const variants = await tx
    .select()
    .from(productVariants)
    .where(
      and(
        isNull(productVariants.deleted_at),
        ids.length || variantSkus.length
          ? sql`(${ids.length ? inArray(productVariants.product_id, ids) : sql`false`} or ${
              variantSkus.length ? inArray(productVariants.variant_sku, variantSkus) : sql`false`
            })`
          : sql`false`,
      ),
    )
    .orderBy(productVariants.variant_id);
  const variantsOf = new Map<number, VariantRow[]>();
  const variantBySku = new Map<string, VariantRow>();
  for (const v of variants) {
    variantsOf.set(v.product_id, [...(variantsOf.get(v.product_id) ?? []), v]);
    if (v.variant_sku && !variantBySku.has(v.variant_sku)) variantBySku.set(v.variant_sku, v);
  }
  const categoryRows = await tx
    .select({ id: categories.category_id, name: categories.category_name })
    .from(categories)
    .where(isNull(categories.deleted_at))
    .orderBy(categories.category_id);
  const taxRows = await tx
    .select({ id: taxCategories.tax_category_id, name: taxCategories.tax_category_name })
    .from(taxCategories)
    .orderBy(taxCategories.tax_category_id);
  const imageRows = images.length
    ? await tx
        .select({ name: uploads.name })
        .from(uploads)
        .where(and(inArray(uploads.name, images), eq(uploads.private, false)))
    : [];
  const byName = (list: { id: number; name: string }[]) => {
    const map = new Map<string, number>();
    for (const { id, name } of list) if (!map.has(lower(name))) map.set(lower(name), id);
    return map;
  };
  return {
    products: byProductSku,
    variantsOf,
    variantBySku,
    categories: byName(categoryRows),
    taxCategories: byName(taxRows),
    images: new Set(imageRows.map((r) => r.name)),
  };
}

function productFields(reader: RowReader, store: Store, isNew: boolean): Partial<ProductFields> {
  const values: Partial<ProductFields> = {};
  const set = <K extends keyof ProductFields>(key: K, value: ProductFields[K] | undefined) => {
    if (value !== undefined) values[key] = value;
  };
  set("product_name", reader.read("product_name", shape.product_name, "Product name", isNew));
  const category = reader.cells.category ?? "";
  if (category) {
    const id = store.categories.get(lower(category));
    if (id === undefined)
      reader.problems.push(
        problem(
          reader.row,
          "category",
          "import_unknown_category",
          { name: category },
          `No category is named ${category}.`,
        ),
      );
    set("category_id", id);
  } else if (isNew) {
    reader.problems.push(
      problem(reader.row, "category", "required", { field: "Category" }, "Category is required."),
    );
  }
  set("normal_price", reader.read("normal_price", shape.normal_price, "Price", isNew));
  const discount = reader.read("discount_price", shape.discount_price, "Discount price", false);
  if (discount !== undefined) set("discount_price", discount);
  set("stock_qtt", reader.read("stock_qtt", shape.stock_qtt, "Stock", false));
  const tax = reader.cells.tax_category ?? "";
  if (tax) {
    const id = store.taxCategories.get(lower(tax));
    if (id === undefined)
      reader.problems.push(
        problem(
          reader.row,
          "tax_category",
          "import_unknown_tax_category",
          { name: tax },
          `No tax category is named ${tax}.`,
        ),
      );
    set("tax_category_id", id);
  }
  const images = reader.read("product_images", shape.product_images, "Images", false);
  if (images !== undefined) {
    const names = images
      .split(",")
      .map((n) => n.trim())
      .filter(Boolean);
    const unknown = names.find((n) => !store.images.has(n));
    if (unknown)
      reader.problems.push(
        problem(
          reader.row,
          "product_images",
          "import_unknown_image",
          { name: unknown },
          `No uploaded image is named ${unknown}: upload it first.`,
        ),
      );
    set("product_images", names.join(","));
  }
  set("product_status", reader.read("product_status", shape.product_status, "Status", false));
  if (isNew) {
    values.stock_qtt ??= 0;
    values.product_status ??= 0;
    values.discount_price ??= null;
    values.tax_category_id ??= null;
    values.product_images ??= "";
  }
  return values;
}

function variantFields(reader: RowReader, isNew: boolean): Partial<VariantFields> {
  const values: Partial<VariantFields> = {};
  const name = reader.read("variant_name", variantShape.variant_name, "Variant", isNew);
  if (name !== undefined) values.variant_name = name;
  const price = reader.read("variant_price", variantShape.variant_price, "Variant price", isNew);
  if (price !== undefined) values.variant_price = price;
  const stock = reader.read("variant_qtt", variantShape.variant_qtt, "Variant stock", false);
  if (stock !== undefined) values.variant_qtt = stock;
  if (isNew) values.variant_qtt ??= 0;
  return values;
}

/** Only the fields that differ from the record (money compared as amounts). */
function changes<T extends object>(record: T | null, values: Partial<T>): Partial<T> {
  if (!record) return values;
  const changed: Partial<T> = {};
  for (const [key, value] of Object.entries(values) as [keyof T, T[keyof T]][]) {
    const now = record[key];
    const same =
      value === now ||
      (value !== null &&
        now !== null &&
        typeof now === "string" &&
        typeof value === "string" &&
        /^-?\d+(\.\d+)?$/.test(now) &&
        Number(now) === Number(value));
    if (!same) changed[key] = value;
  }
  return changed;
}

const isEmpty = (values: object) => Object.keys(values).length === 0;

export const productsImporter: Importer<ProductPlan[]> = {
  kind: "products",
  tables: ["products", "product_variants"],
  async check(tx, rows) {
    const store = await readStore(tx, rows);
    const problems: RowProblem[] = [];
    const plans = new Map<string, ProductPlan & { definedAt?: number }>();
    const variantSkuRow = new Map<string, number>();
    for (const { row, cells } of rows) {
      const reader = new RowReader(row, cells);
      const sku = cells.sku ?? "";
      if (!sku) {
        problems.push(problem(row, "sku", "required", { field: "SKU" }, "SKU is required."));
        continue;
      }
      const skuTooLong = shape.sku.safeParse(sku);
      if (!skuTooLong.success) {
        problems.push(schemaProblem(row, "sku", skuTooLong.error));
        continue;
      }
      const existing = store.products.get(sku) ?? null;
      let plan = plans.get(sku);
      if (!plan) {
        plan = { sku, existing, values: {}, variants: [] };
        plans.set(sku, plan);
      }
      const variantRow = isVariantRow(cells);
      const definesProduct = !variantRow || Boolean(cells.product_name);
      if (definesProduct) {
        if (plan.definedAt !== undefined) {
          if (!variantRow)
            problems.push(
              problem(
                row,
                "sku",
                "import_sku_twice",
                { row: plan.definedAt },
                `This SKU is also in row ${plan.definedAt}.`,
              ),
            );
        } else {
          plan.definedAt = row;
          plan.values = productFields(reader, store, !existing);
        }
      } else if (!existing && plan.definedAt === undefined) {
        reader.problems.push(
          problem(
            row,
            "product_name",
            "required",
            { field: "Product name" },
            "Product name is required.",
          ),
        );
      }
      if (variantRow) {
        const variantSku = cells.variant_sku ?? "";
        if (!variantSku) {
          reader.problems.push(
            problem(
              row,
              "variant_sku",
              "required",
              { field: "Variant SKU" },
              "Variant SKU is required.",
            ),
          );
        } else {
          const seen = variantSkuRow.get(variantSku);
          const current = store.variantBySku.get(variantSku) ?? null;
          if (seen !== undefined) {
            reader.problems.push(
              problem(
                row,
                "variant_sku",
                "import_sku_twice",
                { row: seen },
                `This SKU is also in row ${seen}.`,
              ),
            );
          } else if (current && current.product_id !== existing?.product_id) {
            reader.problems.push(
              problem(
                row,
                "variant_sku",
                "import_variant_sku_taken",
                { sku: variantSku },
                `The variant SKU ${variantSku} is another product's.`,
              ),
            );
          } else {
            variantSkuRow.set(variantSku, row);
            const values = variantFields(reader, !current);
            values.variant_sku = variantSku;
            if (!current)
              values.variant_status = plan.values.product_status ?? existing?.product_status ?? 1;
            plan.variants.push({ existing: current, values });
            const live =
              (existing ? (store.variantsOf.get(existing.product_id) ?? []).length : 0) +
              plan.variants.filter((v) => !v.existing).length;
            if (!current && live > MAX_VARIANTS_PER_PRODUCT)
              reader.problems.push(
                problem(
                  row,
                  "variant_sku",
                  "too_many_variants",
                  { max: MAX_VARIANTS_PER_PRODUCT },
                  `A product can have at most ${MAX_VARIANTS_PER_PRODUCT} variants.`,
                ),
              );
          }
        }
      }
      problems.push(...reader.problems);
    }
    let create = 0;
    let update = 0;
    const plan: ProductPlan[] = [];
    for (const item of plans.values()) {
      const values = changes(item.existing, item.values);
      const variants = item.variants
        .map((v) => ({ existing: v.existing, values: changes(v.existing, v.values) }))
        .filter((v) => !v.existing || !isEmpty(v.values));
      if (!item.existing) create++;
      else if (!isEmpty(values)) update++;
      for (const v of variants) v.existing ? update++ : create++;
      if (!item.existing || !isEmpty(values) || variants.length > 0)
        plan.push({ sku: item.sku, existing: item.existing, values, variants });
    }
    return { problems, create, update, plan };
  },

  async apply(tx, plan, run) {
    const categoryIds = new Set<number>();
    for (const item of plan) {
      if (item.existing) categoryIds.add(item.existing.category_id);
      if (item.values.category_id !== undefined) categoryIds.add(item.values.category_id);
    }
    await lockCategories(tx, [...categoryIds]);
    const entries: AuditEntry[] = [];
    let created = 0;
    let updated = 0;
    const stamp = { import_id: run.importId };
    for (const item of plan) {
      let productId: number;
      if (!item.existing) {
        const [row] = await tx
          .insert(products)
          .values({ ...(item.values as ProductFields), sku: item.sku })
          .returning();
        if (!row) throw new Error("insert returned no row");
        productId = row.product_id;
        created++;
        entries.push({
          entity: "Product",
          entityId: productId,
          action: "create",
          after: { ...row, ...stamp },
        });
      } else {
        productId = item.existing.product_id;
        const [before] = await tx
          .select()
          .from(products)
          .where(eq(products.product_id, productId))
          .for("update");
        const changed = !isEmpty(item.values);
        if (changed || item.variants.length > 0) {
          const [after] = await tx
            .update(products)
            .set({
              ...item.values,
              ...(item.variants.length > 0 ? { version: sql`${products.version} + 1` } : {}),
              ...(changed ? { updated_at: sql`now()` } : {}),
            })
            .where(eq(products.product_id, productId))
            .returning();
          if (changed) {
            updated++;
            entries.push({
              entity: "Product",
              entityId: productId,
              action: "update",
              before,
              after: { ...after, ...stamp },
            });
          }
        }
      }
      for (const variant of item.variants) {
        if (!variant.existing) {
          const [row] = await tx
            .insert(productVariants)
            .values({ ...(variant.values as VariantFields), product_id: productId })
            .returning();
          if (!row) throw new Error("insert returned no row");
          created++;
          entries.push({
            entity: "Variant",
            entityId: row.variant_id,
            action: "create",
            after: { ...row, ...stamp },
          });
        } else {
          const [row] = await tx
            .update(productVariants)
            .set({ ...variant.values, updated_at: sql`now()` })
            .where(eq(productVariants.variant_id, variant.existing.variant_id))
            .returning();
          updated++;
          entries.push({
            entity: "Variant",
            entityId: variant.existing.variant_id,
            action: "update",
            before: variant.existing,
            after: { ...row, ...stamp },
          });
        }
      }
      if (item.variants.length > 0) await recountVariants(tx, productId);
    }
    await recountCategories(tx, [...categoryIds]);
    await recordAudits(tx, run.actor, entries);
    return { created, updated };
  },
};
