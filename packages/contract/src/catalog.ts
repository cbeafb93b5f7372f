import { z } from "zod";
import {
  decimalNumber,
  fileName,
  fileNameList,
  money,
  moneyOut,
  nullableTimestamp,
  optionalText,
  requiredText,
  status01,
  statusOut,
  timestamp,
  wholeNumber,
} from "./primitives";

export const MAX_VARIANTS_PER_PRODUCT = 10;
export const MAX_QUANTITY = 999;
export const IMAGE_MAX_BYTES = 5_242_880;
export const PRODUCT_IMAGE_TYPES = ["jpg", "jpeg", "png", "gif"] as const;
export const BRAND_IMAGE_TYPES = ["jpg", "jpeg", "png"] as const;
export const DEFAULT_MIN_PRICE = 1;
export const DEFAULT_MAX_PRICE = 1500;

/** Optional discount price: empty, null or 0 means none. */
const discountPrice = (label: string) =>
  z
    .union([z.literal(""), z.null(), z.undefined(), money(label)])
    .transform((v) => (v === "" || v === undefined || v === null || Number(v) === 0 ? null : v));

export const productInput = z.object({
  product_name: requiredText("Product name"),
  product_description: optionalText(),
  product_images: fileNameList,
  normal_price: money("Normal price"),
  discount_price: discountPrice("Discount price"),
  cost_price: money("Cost price").default("0.00"),
  sku: optionalText(100),
  stock_qtt: wholeNumber("Stock quantity", 0, MAX_QUANTITY),
  width: decimalNumber("Width", 0, 999).default("0.00"),
  height: decimalNumber("Height", 0, 999).default("0.00"),
  weight: decimalNumber("Weight", 0, 999).default("0.00"),
  category_id: z.coerce
    .number({ error: "Category is required." })
    .int()
    .positive("Category is required."),
  product_status: status01.default(0),
  tags: optionalText(500),
});
export type ProductInput = z.input<typeof productInput>;

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
  product_status: statusOut,
  tags: z.string(),
  created_at: timestamp,
  updated_at: nullableTimestamp,
  deleted_at: nullableTimestamp,
});
export type Product = z.infer<typeof product>;

/** Extra filters of GET /api/products beside the paging parameters. */
export const productFilter = z.object({
  category_id: z
    .union([z.coerce.number().int(), z.array(z.coerce.number().int())])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v])),
  min_price: z.coerce.number().min(0).optional(),
  max_price: z.coerce.number().min(0).optional(),
});

export const variantInput = z.object({
  product_id: z.coerce.number().int().positive("Product is required."),
  variant_name: requiredText("Variant name"),
  variant_image: fileName,
  variant_price: money("Variant price"),
  variant_dis_price: discountPrice("Variant discount price"),
  variant_qtt: wholeNumber("Variant quantity", 0, MAX_QUANTITY).default(0),
  variant_sku: optionalText(100),
  variant_status: status01.default(0),
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
});
export type Category = z.infer<typeof category>;

export const brandInput = z.object({
  brand_name: requiredText("Brand name"),
  brand_image: fileName,
  brand_status: status01.default(0),
});
export type BrandInput = z.input<typeof brandInput>;

export const brand = z.object({
  brand_id: z.number(),
  brand_name: z.string(),
  brand_image: z.string(),
  brand_status: statusOut,
  created_at: timestamp,
  updated_at: nullableTimestamp,
});
export type Brand = z.infer<typeof brand>;
