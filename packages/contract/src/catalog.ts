import { z } from "zod";
import { listQuery } from "./common";
import { screenOnly } from "./listExport";
import {
  atLeast,
  atMost,
  decimalNumber,
  fileName,
  fileNameList,
  isRequired,
  MAX_ID,
  money,
  moneyOut,
  notANumber,
  notListed,
  nullableTimestamp,
  optionalText,
  requiredText,
  status01,
  statusOut,
  text,
  timestamp,
  wholeNumber,
  wholeNumberMessage,
} from "./primitives";
import { recordVersion } from "./versions";

export const MAX_VARIANTS_PER_PRODUCT = 10;
export const MAX_QUANTITY = 999;
export const IMAGE_MAX_BYTES = 5_242_880;
export const PRODUCT_IMAGE_TYPES = ["jpg", "jpeg", "png", "gif"] as const;
export const BRAND_IMAGE_TYPES = ["jpg", "jpeg", "png"] as const;
export const DEFAULT_MIN_PRICE = 1;
export const DEFAULT_MAX_PRICE = 1500;

/** Optional discount price: empty, null or 0 means none (answered as null). */
const discountPrice = (label: string) =>
  z
    .union([z.number(), text(), z.null()], { error: notANumber(label) })
    .optional()
    .transform((v) => (v === "" || v === undefined ? null : v))
    .pipe(money(label).nullable())
    .transform((v) => (v === null || Number(v) === 0 ? null : v));

/** A required number field: an empty form field says "is required", not "must be a number". */
const filled = (label: string) =>
  z
    .union([z.number(), text()], { error: isRequired(label) })
    .refine((v) => String(v).trim() !== "", { message: isRequired(label), abort: true });

const requiredMoney = (label: string) => filled(label).pipe(money(label));
const requiredWhole = (label: string, min: number, max: number) =>
  filled(label)
    .transform(Number)
    .pipe(
      z
        .number({ error: notANumber(label) })
        .int(wholeNumberMessage(label))
        .min(min, atLeast(label, min))
        .max(max, atMost(label, max)),
    );

/** An optional measure or amount: empty means 0. */
const optionalDecimal = (label: string, max: number) =>
  z
    .union([z.number(), text()], { error: notANumber(label) })
    .optional()
    .transform((v) => (v === "" || v === undefined ? "0" : v))
    .pipe(decimalNumber(label, 0, max));

const variantFields = {
  variant_name: requiredText("Variant name"),
  variant_image: fileName,
  variant_price: requiredMoney("Variant price"),
  variant_dis_price: discountPrice("Variant discount price"),
  variant_qtt: wholeNumber("Variant quantity", 0, MAX_QUANTITY).default(0),
  variant_sku: optionalText(100),
  variant_status: status01.default(0),
};

/**
 * A variant inside a product body: with variant_id it is an existing variant
 * of that product, without one it is new (docs/REQUIREMENTS.md section 4).
 */
export const variantDraft = z.object({
  variant_id: z.coerce.number().int().positive().optional(),
  ...variantFields,
});
export type VariantDraft = z.input<typeof variantDraft>;

export const productInput = z.object({
  product_name: requiredText("Product name"),
  product_description: optionalText(),
  product_images: fileNameList,
  normal_price: requiredMoney("Normal price"),
  discount_price: discountPrice("Discount price"),
  cost_price: optionalDecimal("Cost price", 9_999_999_999),
  sku: optionalText(100),
  stock_qtt: requiredWhole("Stock quantity", 0, MAX_QUANTITY),
  width: optionalDecimal("Width", 999),
  height: optionalDecimal("Height", 999),
  weight: optionalDecimal("Weight", 999),
  category_id: z.coerce
    .number({ error: isRequired("Category") })
    .int(isRequired("Category"))
    .positive(isRequired("Category")),
  /**
   * Its sales' SST (docs/decisions/sst-on-lines.md): a tax category; "" or
   * null: not applicable; left out: unchanged (clients from before SST).
   */
  tax_category_id: z
    .preprocess(
      (v) => (v === "" ? null : v),
      z.coerce
        .number({ error: notListed("Tax category") })
        .int(notListed("Tax category"))
        .positive(notListed("Tax category"))
        .max(MAX_ID, notListed("Tax category"))
        .nullable(),
    )
    .optional(),
  product_status: status01.default(0),
  tags: optionalText(500),
  /**
   * Optional: the product's whole variant list, saved in the same transaction
   * as the product. On an update, live variants left out are deleted. Without
   * it the variants stay as they are (clients of the one-call-per-variant calls,
   * docs/REQUIREMENTS.md section 7).
   */
  variants: z.array(variantDraft).optional(),
});
export type ProductInput = z.input<typeof productInput>;
export type ProductValues = z.output<typeof productInput>;

export const product = z.object({
  product_id: z.number(),
  product_name: z.string(),
  product_description: z.string(),
  product_images: z.string(),
  product_variation: z.number(),
  normal_price: moneyOut,
  discount_price: moneyOut.nullable(),
  cost_price: moneyOut,
  rating: z.string(),
  sku: z.string(),
  stock_qtt: z.number(),
  width: z.string(),
  height: z.string(),
  weight: z.string(),
  category_id: z.number(),
  category_name: z.string().nullable(),
  /** Null: not applicable (no SST). */
  tax_category_id: z.number().nullable(),
  /**
   * Its tax category's name, type and rate now (null without one): what a
   * sale today keeps, for Add Order's preview; the list sorts and filters by
   * tax_category_id.
   */
  tax_category_name: screenOnly(z.string().nullable()),
  tax_type: screenOnly(z.enum(["taxable", "exempt", "not_applicable"]).nullable()),
  tax_rate: screenOnly(z.string().nullable()),
  product_status: statusOut,
  tags: z.string(),
  created_at: timestamp,
  updated_at: nullableTimestamp,
  deleted_at: nullableTimestamp,
  version: recordVersion,
});
export type Product = z.infer<typeof product>;

/**
 * GET /api/products: the paging parameters plus categories (repeatable
 * category_id) and an inclusive range on the effective price (the discount
 * price when set and non-zero, else the normal price). `q` searches name and SKU.
 */
export const productListQuery = listQuery.extend({
  category_id: z
    .union([z.coerce.number().int(), z.array(z.coerce.number().int())])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  min_price: money("Min price").optional(),
  max_price: money("Max price").optional(),
});
export type ProductListQuery = z.input<typeof productListQuery>;

/** GET /api/productsCount: one light row per live product; the dashboard counts its length. */
export const productIdRow = z.object({ product_id: z.number() });

export const variantInput = z.object({
  product_id: z.coerce.number().int().positive(isRequired("Product")),
  ...variantFields,
});
export type VariantInput = z.input<typeof variantInput>;

export const variant = z.object({
  variant_id: z.number(),
  product_id: z.number(),
  variant_name: z.string(),
  variant_image: z.string(),
  variant_price: moneyOut,
  variant_dis_price: moneyOut.nullable(),
  variant_qtt: z.number(),
  variant_sku: z.string(),
  variant_status: statusOut,
  created_at: timestamp,
  updated_at: nullableTimestamp,
  deleted_at: nullableTimestamp,
  version: recordVersion,
});
export type Variant = z.infer<typeof variant>;

export const categoryInput = z.object({
  category_name: requiredText("Category name"),
  cat_status: status01.default(0),
});
export type CategoryInput = z.input<typeof categoryInput>;

export const category = z.object({
  category_id: z.number(),
  category_name: z.string(),
  products_in_cat: z.number(),
  cat_status: statusOut,
  created_at: timestamp,
  updated_at: nullableTimestamp,
  deleted_at: nullableTimestamp,
  version: recordVersion,
});
export type Category = z.infer<typeof category>;
