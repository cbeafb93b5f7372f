import { z } from "zod";
import type { ErrorCode } from "./errors";
import type { Permission } from "./permissions";
import { nullableTimestamp, timestamp } from "./primitives";

/**
 * Imports from Excel or CSV (issue 43, docs/decisions/imports.md): a file of
 * one kind checked whole (a dry run names every bad row and writes nothing),
 * then applied in one transaction, by a job when it is large. The columns of
 * each kind are declared once here: the templates, the reading of a file and
 * the screen's help are derived from them.
 */

export const IMPORT_KINDS = ["products", "stock", "members"] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];
export const IMPORT_KIND_LABELS: Record<ImportKind, string> = {
  products: "Products and variants",
  stock: "Stock counts",
  members: "Member accounts",
};

/** Who may import each kind: the manage permission of its area. */
export const IMPORT_PERMISSION: Record<ImportKind, Permission> = {
  products: "catalog:manage",
  stock: "catalog:manage",
  members: "members:manage",
};

/** The largest file taken (413 above), and the most rows. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 100_000;
/** A file of more rows than this is applied by a job, with its progress. */
export const IMPORT_JOB_ROWS = 2_000;

/** One column of a kind's file: its header (the template's, matched without case), label and an example. */
export interface ImportColumn {
  name: string;
  label: string;
  required: boolean;
  example: string;
}

const column = (name: string, label: string, example: string, required = false): ImportColumn => ({
  name,
  label,
  example,
  required,
});

/**
 * Each kind's columns, in the template's order. Products (the product
 * record has no brand and no PV, so neither has a column): one row per
 * product, or per variant (its product's columns repeated, or only its SKU);
 * upserted by SKU. Stock: a SKU (a product's or a variant's) and a count,
 * set or added. Members: upserted by e-mail; the referrer by username or
 * e-mail anywhere in the file or the store; opening balances posted to the
 * ledger (new members only).
 */
export const IMPORT_COLUMNS: Record<ImportKind, readonly ImportColumn[]> = {
  products: [
    column("sku", "SKU", "KOPI-250", true),
    column("product_name", "Product name", "Kopi Tongkat Ali 250 g", true),
    column("category", "Category", "Beverages", true),
    column("normal_price", "Price", "45.90", true),
    column("discount_price", "Discount price", ""),
    column("stock_qtt", "Stock", "100"),
    column("tax_category", "Tax category", ""),
    column("product_images", "Images", "kopi-250.jpg"),
    column("product_status", "Status (1 active, 0 inactive)", "1"),
    column("variant_name", "Variant", ""),
    column("variant_sku", "Variant SKU", ""),
    column("variant_price", "Variant price", ""),
    column("variant_qtt", "Variant stock", ""),
  ],
  stock: [
    column("sku", "SKU", "KOPI-250", true),
    column("quantity", "Quantity", "24", true),
    column("mode", "Mode (set or add)", "set"),
  ],
  members: [
    column("email", "E-mail", "aminah@example.my", true),
    column("username", "Username", "aminah", true),
    column("name", "Name", "Aminah Yusof", true),
    column("contact", "Phone", "0123456789"),
    column("referrer", "Referrer (username or e-mail)", "siti"),
    column("membership", "Tier", "Silver"),
    column("nric", "NRIC", ""),
    column("wallet", "Opening wallet", "0.00"),
    column("cash_wallet", "Opening cash wallet", "0.00"),
    column("pv", "Opening PV", "0.00"),
    column("status", "Status (1 active, 0 inactive)", "1"),
  ],
};

/** GET imports/template. */
export const IMPORT_TEMPLATE_FORMATS = ["xlsx", "csv"] as const;
export const importTemplateQuery = z.object({
  kind: z.enum(IMPORT_KINDS),
  _format: z.enum(IMPORT_TEMPLATE_FORMATS).default("xlsx"),
  lang: z.enum(["en", "ms", "zh"]).optional(),
});

/** POST imports: the kind, and 1 for a dry run (nothing written). */
export const importQuery = z.object({
  kind: z.enum(IMPORT_KINDS),
  dry_run: z
    .union([z.literal("1"), z.literal("true"), z.literal("0"), z.literal("false")])
    .optional(),
});
export type ImportQuery = z.infer<typeof importQuery>;

/** A bad row: its row in the file (the header is row 1), its column, and why, in the asker's language. */
export const importError = z.object({
  row: z.number(),
  column: z.string(),
  message: z.string(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type ImportError = z.infer<typeof importError>;
/** An error code an import answers per row (each one of ERROR_CODES). */
export type ImportErrorCode = ErrorCode;

/** What a dry run finds: every bad row, and what applying it would create and update. */
export const importCheck = z.object({
  dry_run: z.literal(true),
  kind: z.enum(IMPORT_KINDS),
  rows: z.number(),
  create: z.number(),
  update: z.number(),
  errors: importError.array(),
});
export type ImportCheck = z.infer<typeof importCheck>;

export const IMPORT_STATUSES = ["running", "done", "failed"] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/** An import applied (POST without dry run, GET imports/{id}). */
export const importRecord = z.object({
  import_id: z.number(),
  kind: z.enum(IMPORT_KINDS),
  file_name: z.string(),
  status: z.enum(IMPORT_STATUSES),
  rows: z.number(),
  created: z.number(),
  updated: z.number(),
  /** The rows a file changed since its dry run was refused on (a job's check), as a dry run names them. */
  errors: importError.array(),
  /** The job applying a large file; null when applied at once. */
  job_id: z.number().nullable(),
  created_by: z.string(),
  created_at: timestamp,
  finished_at: nullableTimestamp,
});
export type ImportRecord = z.infer<typeof importRecord>;
