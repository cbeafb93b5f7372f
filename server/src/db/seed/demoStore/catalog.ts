/** Plans the demo catalog: categories, brands, products and their variants. */
import type { brands, categories, products, productVariants } from "../../schema";
import { BRAND_NAMES, CATEGORY_PLANS, PRODUCT_BLURBS } from "./catalogData";
import type { DemoImages } from "./images";
import { centsToMoney, percentOf, type Random } from "./random";
import { between, type Calendar, DAY, inTwoYears, later, wire } from "./time";

export const MAX_VARIANTS = 10;
const NAME_SUFFIXES = [
  "Value Pack",
  "Gift Set",
  "Edisi Raya",
  "Premium",
  "Family Pack",
  "Mini",
  "Limited Edition",
];

type CategoryRow = typeof categories.$inferInsert;
type BrandRow = typeof brands.$inferInsert;
type VariantRow = Omit<typeof productVariants.$inferInsert, "product_id">;
export interface ProductPlan {
  row: Omit<typeof products.$inferInsert, "category_id">;
  categoryIndex: number;
  /** The price an order pays per unit, in cents: the discount when set and non-zero. */
  unitCents: number;
  variants: VariantRow[];
}
export interface CatalogPlan {
  categories: CategoryRow[];
  brands: BrandRow[];
  products: ProductPlan[];
}

/** A shop price in cents: whole ringgit ending .00, .50, .90 or .99. */
function shopPrice(random: Random, [min, max]: [number, number]): number {
  // Squared roll: most items sit at the cheaper end of their range, as in real shops.
  const ringgit = Math.floor(min + (max - min) * random.next() ** 2);
  return ringgit * 100 + random.pick([0, 50, 90, 99]);
}

/** A review score "3.0".."5.0"; a few new products have none yet ("0.0"). */
function rating(random: Random): string {
  if (random.chance(0.06)) return "0.0";
  const tenths = random.int(30, 50);
  return `${Math.floor(tenths / 10)}.${tenths % 10}`;
}

/** A decimal measure with 2 places in (0, max]. */
function measure(random: Random, max: number): string {
  return centsToMoney(random.int(5, max * 100));
}

export function planCatalog(
  random: Random,
  cal: Calendar,
  images: DemoImages,
  productCount: number,
): CatalogPlan {
  const opened = cal.lastYear + random.int(2, 20) * DAY;
  const categoryRows: CategoryRow[] = CATEGORY_PLANS.map((plan, i) => {
    const created = opened + i * random.int(1, 3) * DAY;
    return {
      category_name: plan.name,
      products_in_cat: 0,
      // One category paused, as stores do between seasons.
      cat_status: i === CATEGORY_PLANS.length - 1 ? 0 : 1,
      created_at: wire(created),
      updated_at: random.chance(0.4) ? wire(between(random, created, cal.now)) : null,
    };
  });
  const brandRows: BrandRow[] = BRAND_NAMES.map((brand_name, i) => {
    const created = between(random, opened, opened + 120 * DAY);
    return {
      brand_name,
      brand_image: images.brands[i] ?? "",
      brand_status: i === 7 ? 0 : 1,
      created_at: wire(created),
      updated_at: random.chance(0.3) ? wire(between(random, created, cal.now)) : null,
    };
  });

  const seen = new Map<string, number>();
  const productPlans: ProductPlan[] = [];
  for (let i = 0; i < productCount; i++) {
    const categoryIndex = i < CATEGORY_PLANS.length ? i : random.int(0, CATEGORY_PLANS.length - 1);
    const category = CATEGORY_PLANS[categoryIndex] as (typeof CATEGORY_PLANS)[number];
    const categoryCreated = opened + categoryIndex * DAY;
    productPlans.push(
      planProduct(random, cal, images, i, categoryIndex, category, categoryCreated, seen),
    );
  }
  for (const p of productPlans) {
    const count = (categoryRows[p.categoryIndex]?.products_in_cat ?? 0) + 1;
    (categoryRows[p.categoryIndex] as CategoryRow).products_in_cat = count;
  }
  return { categories: categoryRows, brands: brandRows, products: productPlans };
}

function uniqueName(random: Random, base: string, seen: Map<string, number>): string {
  const times = seen.get(base) ?? 0;
  seen.set(base, times + 1);
  if (times === 0) return base;
  const suffix = NAME_SUFFIXES[(times - 1) % NAME_SUFFIXES.length];
  const round = Math.floor((times - 1) / NAME_SUFFIXES.length);
  return round === 0 ? `${base} ${suffix}` : `${base} ${suffix} ${round + random.int(1, 9)}`;
}

function planProduct(
  random: Random,
  cal: Calendar,
  images: DemoImages,
  index: number,
  categoryIndex: number,
  category: (typeof CATEGORY_PLANS)[number],
  categoryCreated: number,
  seen: Map<string, number>,
): ProductPlan {
  const product_name = uniqueName(random, random.pick(category.products), seen);
  const sku = `KH-${category.code}-${String(index + 1).padStart(5, "0")}`;
  const normal = shopPrice(random, category.price);
  const discountRoll = random.next();
  // 30% on sale (5-30% off, to 10 sen); a few legacy rows keep "0.00", which means none.
  const discount =
    discountRoll < 0.3
      ? Math.max(100, Math.round((normal * random.int(70, 95)) / 100 / 10) * 10)
      : discountRoll < 0.34
        ? 0
        : null;
  const unitCents = discount ? discount : normal;
  const created = Math.max(categoryCreated, inTwoYears(random, cal, 0.35));
  const tileSet = images.products[categoryIndex] ?? [];
  const productImages = random.sample(tileSet, random.int(1, 3));

  const variantCount = random.chance(0.3)
    ? 0
    : Math.min(
        random.weighted([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], [6, 10, 12, 10, 8, 5, 4, 3, 2, 2]),
        category.variants.length,
        MAX_VARIANTS,
      );
  const variantNames = random.sample(category.variants, variantCount);
  const variants: VariantRow[] = variantNames.map((variant_name, v) => {
    const price = normal + percentOf(normal, random.pick([0, 0, 5, 10, 20, 30]));
    const dis =
      discount && random.chance(0.6)
        ? Math.max(100, Math.round((price * random.int(70, 95)) / 1000) * 10)
        : null;
    const vCreated = later(random, created, 0, 72, cal.now);
    return {
      variant_name,
      variant_image: random.pick(images.variants),
      variant_price: centsToMoney(price),
      variant_dis_price: dis === null ? null : centsToMoney(dis),
      variant_qtt: random.chance(0.08) ? 0 : random.int(1, 999),
      variant_sku: `${sku}-V${v + 1}`,
      variant_status: random.chance(0.9) ? 1 : 0,
      created_at: wire(vCreated),
      updated_at: random.chance(0.3) ? wire(between(random, vCreated, cal.now)) : null,
    };
  });

  const [maxW, maxH, maxKg] = category.size;
  return {
    categoryIndex,
    unitCents,
    variants,
    row: {
      product_name,
      product_description: `${product_name}. ${random.pick(PRODUCT_BLURBS)}`,
      product_images: productImages.join(","),
      product_variation: variants.length,
      normal_price: centsToMoney(normal),
      discount_price: discount === null ? null : centsToMoney(discount),
      cost_price: centsToMoney(percentOf(unitCents, random.int(45, 75))),
      rating: rating(random),
      sku,
      stock_qtt: random.chance(0.05) ? 0 : random.int(1, 999),
      width: measure(random, maxW),
      height: measure(random, maxH),
      weight: measure(random, maxKg),
      product_status: random.chance(0.9) ? 1 : 0,
      tags: random.sample(category.tags, 2).join(","),
      created_at: wire(created),
      updated_at: random.chance(0.5) ? wire(between(random, created, cal.now)) : null,
    },
  };
}
