/**
 * The demo store's pictures: patterned PNG tiles drawn on the spot and stored
 * through the upload storage, named like any upload (the sha-256 of their
 * bytes) so the screens serve them the same way. A few dozen tiles are shared by all products, so even a store of
 * thousands of products takes a fraction of a second to draw.
 */
import { storeImage } from "../../../modules/uploads/service";
import type { UploadStorage } from "../../../modules/uploads/storage";
import type { CategoryPlan } from "./catalogData";
import { BANNERS } from "./contentData";
import { drawTile, hsl, PATTERNS } from "./png";

export interface DemoImages {
  /** Per category (same order as the plans), its product tiles. */
  products: string[][];
  /** Variant swatches, any product. */
  variants: string[];
  brands: string[];
  banners: string[];
}

const TILE = 200;
const SWATCHES = 16;

export async function storeDemoImages(
  storage: UploadStorage,
  categories: readonly CategoryPlan[],
  brandCount: number,
): Promise<DemoImages> {
  const store = async (pngs: Buffer[]) => {
    const names: string[] = [];
    for (const png of pngs) names.push(await storeImage(storage, png));
    return names;
  };
  const products: string[][] = [];
  for (const category of categories) {
    const tiles = PATTERNS.map((pattern, i) =>
      drawTile(
        TILE,
        TILE,
        hsl(category.hue, 0.55, 0.82 - i * 0.04),
        hsl((category.hue + i * 6) % 360, 0.65, 0.42),
        pattern,
      ),
    );
    products.push(await store(tiles));
  }
  const variants = await store(
    Array.from({ length: SWATCHES }, (_, i) =>
      drawTile(
        TILE,
        TILE,
        hsl((i * 360) / SWATCHES, 0.7, 0.55),
        hsl((i * 360) / SWATCHES, 0.7, 0.3),
        "plain",
      ),
    ),
  );
  const brands = await store(
    Array.from({ length: brandCount }, (_, i) =>
      drawTile(
        TILE,
        TILE,
        [250, 250, 250],
        hsl((i * 37) % 360, 0.6, 0.45),
        PATTERNS[i % PATTERNS.length] ?? "rings",
      ),
    ),
  );
  const banners = await store(
    BANNERS.map((banner) =>
      drawTile(3 * TILE, TILE, hsl(banner.hue, 0.6, 0.6), hsl(banner.hue, 0.6, 0.35), "stripes"),
    ),
  );
  return { products, variants, brands, banners };
}
