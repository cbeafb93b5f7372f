import {
  category,
  categoryInput,
  product,
  productIdRow,
  productInput,
  productListQuery,
  variant,
  variantInput,
} from "@store/contract";
import { z } from "zod";
import type { App } from "../../appType";
import { registerCrudRoutes } from "../../lib/crudRoutes";
import { sendJsonStream } from "../../lib/stream";
import { ifMatchOf } from "../../lib/versions";
import { productService } from "./products";
import { categoryService } from "./service";
import { variantService } from "./variants";

const tags = ["catalog"];
const productIdParams = z.object({
  product_id: z.coerce.number().int().positive("Unknown product."),
});
const variantIdParams = z.object({
  variant_id: z.coerce.number().int().positive("Unknown variant."),
});
/** Any whole number: an unknown category simply has no products. */
const categoryIdParams = z.object({ category_id: z.coerce.number().int() });

export function registerCatalogRoutes(app: App): void {
  // The original client also PUTs categories "with counts adjusted" (docs/REQUIREMENTS.md
  // section 7): accepted, but the input schema has no products_in_cat, so a body can
  // never change the count.
  registerCrudRoutes(app, {
    area: "catalog",
    service: categoryService,
    input: categoryInput,
    record: category,
    tag: "catalog",
    collection: "/categories",
    item: "/categories/:id",
    bulk: { key: "category_id", status: "cat_status" },
  });
  registerProductRoutes(app);
  registerVariantRoutes(app);
}

/** The one call above the default body limit (lib/edge.ts, docs/decisions/edge-limits.md). */
export const PRODUCT_BODY_LIMIT = 131_072;

function registerProductRoutes(app: App): void {
  registerCrudRoutes(app, {
    area: "catalog",
    service: productService,
    input: productInput,
    record: product,
    query: productListQuery,
    tag: "catalog",
    collection: "/products",
    item: "/products/:id",
    bulk: { key: "product_id", status: "product_status" },
    // The largest valid product, its 10 variants (the most a product has) with
    // every text at its longest and every character JSON-escaped (\u0001), is
    // 61 kB, 94% of the default; with 3-byte characters 33 kB. Its own 128 kB
    // keeps room for a longer field or a pretty-printed body (test/edge.test.ts).
    bodyLimit: PRODUCT_BODY_LIMIT,
  });
  app.get(
    "/productsFiltered/:category_id",
    {
      config: { permission: "catalog:view" },
      schema: { tags, params: categoryIdParams, response: { 200: product.array() } },
    },
    async (request) => productService.inCategory(app.db, request.params.category_id),
  );
  app.get(
    "/productsCount",
    {
      config: { permission: "catalog:view" },
      schema: { tags, response: { 200: productIdRow.array() } },
    },
    async (_request, reply) => sendJsonStream(reply, await productService.ids(app.db)),
  );
}

function registerVariantRoutes(app: App): void {
  app.get(
    "/productsVariants/:product_id",
    {
      config: { permission: "catalog:view" },
      schema: { tags, params: productIdParams, response: { 200: variant.array() } },
    },
    async (request) => variantService.listOf(app.db, request.params.product_id),
  );
  app.delete(
    "/productsVariants/:product_id",
    {
      config: { permission: "catalog:manage" },
      schema: { tags, params: productIdParams, response: { 200: variant.array() } },
    },
    async (request) => variantService.removeAllOf(app.db, request.admin, request.params.product_id),
  );
  app.post(
    "/productsVariants",
    {
      config: { permission: "catalog:manage" },
      schema: { tags, body: variantInput, response: { 201: variant } },
    },
    async (request, reply) =>
      reply.code(201).send(await variantService.create(app.db, request.admin, request.body)),
  );
  app.put(
    "/productsVariants/:variant_id",
    {
      config: { permission: "catalog:manage" },
      schema: { tags, params: variantIdParams, body: variantInput, response: { 200: variant } },
    },
    async (request) =>
      variantService.update(
        app.db,
        request.admin,
        request.params.variant_id,
        request.body,
        ifMatchOf(request),
      ),
  );
}
