/**
 * The demo store's pictures: patterned PNG tiles drawn on the spot and written
 * to the uploads folder, named like any upload so the screens serve them the
 * same way. A few dozen tiles are shared by all products, so even a store of
 * thousands of products takes a fraction of a second to draw.
 */
import fs from "node:fs";
import path from "node:path";
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

export function writeDemoImages(
  uploadsDir: string,
  categories: readonly CategoryPlan[],
  brandCount: number,
): DemoImages {
  fs.mkdirSync(uploadsDir, { recursive: true });
  const write = (name: string, png: Buffer) => {
    fs.writeFileSync(path.join(uploadsDir, name), png);
    return name;
  };
  const products = categories.map((category) =>
    PATTERNS.map((pattern, i) =>
      write(
        `demo-product-${category.code.toLowerCase()}-${i + 1}.png`,
        drawTile(
          TILE,
          TILE,
          hsl(category.hue, 0.55, 0.82 - i * 0.04),
          hsl((category.hue + i * 6) % 360, 0.65, 0.42),
          pattern,
        ),
      ),
    ),
  );
  const variants = Array.from({ length: SWATCHES }, (_, i) =>
    write(
      `demo-variant-${i + 1}.png`,
      drawTile(
        TILE,
        TILE,
        hsl((i * 360) / SWATCHES, 0.7, 0.55),
        hsl((i * 360) / SWATCHES, 0.7, 0.3),
        "plain",
      ),
    ),
  );
  const brands = Array.from({ length: brandCount }, (_, i) =>
    write(
      `demo-brand-${i + 1}.png`,
      drawTile(
        TILE,
        TILE,
        [250, 250, 250],
        hsl((i * 37) % 360, 0.6, 0.45),
        PATTERNS[i % PATTERNS.length] ?? "rings",
      ),
    ),
  );
  const banners = BANNERS.map((banner, i) =>
    write(
      `demo-banner-${i + 1}.png`,
      drawTile(3 * TILE, TILE, hsl(banner.hue, 0.6, 0.6), hsl(banner.hue, 0.6, 0.35), "stripes"),
    ),
  );
  return { products, variants, brands, banners };
}
