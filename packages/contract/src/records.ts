import { z } from "zod";
import {
  atLeast,
  fileName,
  notListed,
  nullableTimestamp,
  percentage,
  requiredText,
  status01,
  statusOut,
  timestamp,
} from "./primitives";
import { defineRecord, type RecordDeclaration } from "./record";
import { recordVersion } from "./versions";

/**
 * The records declared whole (contract/src/record.ts): the server's calls and
 * the web's screens of these are derived, none written for one of them.
 */

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
  version: recordVersion,
});
export type Brand = z.infer<typeof brand>;

export const brandRecord = defineRecord({
  name: "brands",
  table: "brands",
  key: "brand_id",
  entity: "Brand",
  title: "brand_name",
  area: "catalog",
  names: { one: "Brand", many: "Brands" },
  status: "brand_status",
  image: "brand_image",
  input: brandInput,
  record: brand,
  list: { search: ["brand_name"], order: { by: "brand_id", order: "desc" } },
  fields: [
    { name: "brand_name", label: "Brand Name" },
    {
      name: "brand_image",
      label: "Brand Image",
      kind: "image",
      images: "brand",
      hint: "jpg, jpeg or png, up to 5 MB.",
    },
    { name: "brand_status", label: "Status", kind: "status" },
  ],
  screens: {
    list: "/brands",
    add: "/addBrands",
    edit: "/editBrands",
    idParam: "bid",
    sidebar: { group: "catalog", icon: "tag", order: 120 },
  },
});

/** How a product's sales are taxed (Sales and Service Tax): at a rate, exempt, or outside SST. */
export const TAX_TYPES = {
  taxable: "Taxable",
  exempt: "Exempt",
  not_applicable: "Not applicable",
} as const;
const taxTypes = Object.keys(TAX_TYPES) as [keyof typeof TAX_TYPES, ...(keyof typeof TAX_TYPES)[]];

export const taxCategoryInput = z
  .object({
    tax_category_name: requiredText("Name", 100),
    tax_type: z.enum(taxTypes, { error: notListed("Tax type") }),
    tax_rate: percentage("Tax rate"),
    tax_category_status: status01.default(0),
  })
  // Only a taxable category has a rate: the others keep 0, whatever was typed.
  .transform((v) => (v.tax_type === "taxable" ? v : { ...v, tax_rate: "0.00" }))
  .refine((v) => v.tax_type !== "taxable" || Number(v.tax_rate) > 0, {
    message: atLeast("Tax rate", 0.01),
    path: ["tax_rate"],
  });
export type TaxCategoryInput = z.input<typeof taxCategoryInput>;

export const taxCategory = z.object({
  tax_category_id: z.number(),
  tax_category_name: z.string(),
  tax_type: z.enum(taxTypes),
  tax_rate: z.string(),
  tax_category_status: statusOut,
  created_at: timestamp,
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type TaxCategory = z.infer<typeof taxCategory>;

export const taxCategoryRecord = defineRecord({
  name: "taxCategories",
  table: "tax_categories",
  key: "tax_category_id",
  entity: "Tax category",
  title: "tax_category_name",
  area: "settings",
  names: { one: "Tax Category", many: "Tax Categories" },
  status: "tax_category_status",
  input: taxCategoryInput,
  record: taxCategory,
  list: { search: ["tax_category_name"], order: { by: "tax_category_name", order: "asc" } },
  fields: [
    { name: "tax_category_name", label: "Name" },
    { name: "tax_type", label: "Tax Type", kind: "choice", choices: TAX_TYPES },
    { name: "tax_rate", label: "Tax Rate", kind: "percent", hint: "0 unless the type is Taxable." },
    { name: "tax_category_status", label: "Status", kind: "status" },
  ],
  screens: {
    list: "/taxCategories",
    add: "/addTaxCategory",
    edit: "/editTaxCategory",
    idParam: "tcid",
    sidebar: { group: "system", icon: "tag", order: 180 },
  },
});

/** Every record declared whole, in the sidebar's order. */
export const DECLARED_RECORDS = [brandRecord, taxCategoryRecord] as const;

/** The audit log's name of a declared record's kind. */
export type DeclaredEntity = (typeof DECLARED_RECORDS)[number]["entity"];

/** Any declared record, its schemas widened. */
export type AnyRecordDeclaration = RecordDeclaration<z.ZodObject, z.ZodType, string>;

/** The declared record of that name. */
export function declaredRecord(name: string): AnyRecordDeclaration {
  const record = DECLARED_RECORDS.find((r) => r.name === name);
  if (!record) throw new Error(`${name} is not a declared record`);
  return record;
}
