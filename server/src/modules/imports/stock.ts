/**
 * Stock counts (docs/decisions/imports.md): a SKU (a product's, else a
 * variant's), a whole quantity, set (default) or added. Each change is an
 * update of the product's or variant's stock in its History, naming the import.
 */
import { MAX_QUANTITY, wholeNumber } from "@store/contract";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { products, productVariants } from "../../db/schema";
import { recordAudits } from "../../lib/audit";
import type { Importer, RowProblem, SheetRow } from "./importer";
import { problem, schemaProblem } from "./problems";

interface StockTarget {
  entity: "Product" | "Variant";
  id: number;
  product_id: number;
  stock: number;
}

interface StockChange {
  sku: string;
  target: StockTarget;
  mode: "set" | "add";
  quantity: number;
}

const quantitySchema = wholeNumber("Quantity", 0, MAX_QUANTITY);

/** The live products and variants of these SKUs: a product's SKU first. */
async function targetsOf(tx: Tx, skus: string[]): Promise<Map<string, StockTarget>> {
  const found = new Map<string, StockTarget>();
  if (skus.length === 0) return found;
  const variantRows = await tx
    .select({
      sku: productVariants.variant_sku,
      id: productVariants.variant_id,
      product_id: productVariants.product_id,
      stock: productVariants.variant_qtt,
    })
    .from(productVariants)
    .where(and(inArray(productVariants.variant_sku, skus), isNull(productVariants.deleted_at)))
    .orderBy(productVariants.variant_id);
  for (const v of variantRows) if (!found.has(v.sku)) found.set(v.sku, { entity: "Variant", ...v });
  const productRows = await tx
    .select({ sku: products.sku, id: products.product_id, stock: products.stock_qtt })
    .from(products)
    .where(and(inArray(products.sku, skus), isNull(products.deleted_at)))
    .orderBy(products.product_id);
  const seen = new Set<string>();
  for (const p of productRows) {
    if (seen.has(p.sku)) continue;
    seen.add(p.sku);
    found.set(p.sku, { entity: "Product", id: p.id, product_id: p.id, stock: p.stock });
  }
  return found;
}

const skuKey = (change: StockChange) => change.sku;
type AuditEntry = Parameters<typeof recordAudits>[2][number];

const after = (change: StockChange, stock: number) =>
  change.mode === "add" ? stock + change.quantity : change.quantity;

export const stockImporter: Importer<StockChange[]> = {
  kind: "stock",
  // Stock counts change values, not how many rows there are.
  tables: [],
  async check(tx, rows: readonly SheetRow[]) {
    const problems: RowProblem[] = [];
    const targets = await targetsOf(tx, [
      ...new Set(rows.map((r) => r.cells.sku ?? "").filter(Boolean)),
    ]);
    const firstRow = new Map<string, number>();
    const plan: StockChange[] = [];
    for (const { row, cells } of rows) {
      const sku = cells.sku ?? "";
      const before = problems.length;
      if (!sku)
        problems.push(problem(row, "sku", "required", { field: "SKU" }, "SKU is required."));
      const seen = sku ? firstRow.get(sku) : undefined;
      if (seen !== undefined)
        problems.push(
          problem(
            row,
            "sku",
            "import_sku_twice",
            { row: seen },
            `This SKU is also in row ${seen}.`,
          ),
        );
      else if (sku) firstRow.set(sku, row);
      const target = sku ? targets.get(sku) : undefined;
      if (sku && !target)
        problems.push(
          problem(
            row,
            "sku",
            "import_unknown_sku",
            { sku },
            `No product or variant has the SKU ${sku}.`,
          ),
        );
      const quantity = quantitySchema.safeParse(cells.quantity ?? "");
      if (!cells.quantity)
        problems.push(
          problem(row, "quantity", "required", { field: "Quantity" }, "Quantity is required."),
        );
      else if (!quantity.success) problems.push(schemaProblem(row, "quantity", quantity.error));
      const modeText = (cells.mode ?? "").toLowerCase();
      if (modeText !== "" && modeText !== "set" && modeText !== "add")
        problems.push(problem(row, "mode", "import_mode", {}, "Mode must be set or add."));
      if (problems.length > before || !target || !quantity.success) continue;
      const change: StockChange = {
        sku,
        target,
        mode: modeText === "add" ? "add" : "set",
        quantity: quantity.data,
      };
      if (after(change, target.stock) > MAX_QUANTITY) {
        problems.push(
          problem(
            row,
            "quantity",
            "too_big",
            { field: "Stock quantity", max: MAX_QUANTITY },
            `Stock quantity must be at most ${MAX_QUANTITY}.`,
          ),
        );
        continue;
      }
      if (after(change, target.stock) !== target.stock) plan.push(change);
    }
    return { problems, create: 0, update: plan.length, plan };
  },

  async apply(tx, plan, run) {
    const productIds = [...new Set(plan.map((c) => c.target.product_id))].sort((a, b) => a - b);
    if (productIds.length === 0) return { created: 0, updated: 0 };
    // The products locked, in order, as a product save locks them; their stock read again
    // under the lock (an order may have moved it since the check).
    await tx
      .select({ id: products.product_id })
      .from(products)
      .where(inArray(products.product_id, productIds))
      .orderBy(products.product_id)
      .for("update");
    const fresh = await targetsOf(tx, [...new Set(plan.map((c) => skuKey(c)))]);
    const entries: AuditEntry[] = [];
    const raised = new Set<number>();
    for (const change of plan) {
      const target = fresh.get(skuKey(change)) ?? change.target;
      const stock = after(change, target.stock);
      if (stock === target.stock) continue;
      if (target.entity === "Product") {
        await tx
          .update(products)
          .set({ stock_qtt: stock })
          .where(eq(products.product_id, target.id));
      } else {
        // A variant's stock is its product's too: a new version of it (as orders/stock.ts moves it).
        if (!raised.has(target.product_id)) {
          await tx
            .update(products)
            .set({ version: sql`${products.version} + 1` })
            .where(eq(products.product_id, target.product_id));
          raised.add(target.product_id);
        }
        await tx
          .update(productVariants)
          .set({ variant_qtt: stock })
          .where(eq(productVariants.variant_id, target.id));
      }
      const field = target.entity === "Product" ? "stock_qtt" : "variant_qtt";
      entries.push({
        entity: target.entity,
        entityId: target.id,
        action: "update",
        before: { [field]: target.stock },
        after: { [field]: stock, import_id: run.importId },
      });
    }
    await recordAudits(tx, run.actor, entries);
    return { created: 0, updated: entries.length };
  },
};
