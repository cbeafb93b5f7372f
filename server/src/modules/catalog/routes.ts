import {
  brand,
  brandInput,
  category,
  categoryInput,
  idParams,
  listQuery,
  product,
  productIdRow,
  productInput,
  productListQuery,
  variant,
  variantInput,
} from "@store/contract";
import { z } from "zod";
import type { App } from "../../app";
import { registerCrudRoutes } from "../../lib/crudRoutes";
import { sendPage } from "../../lib/paging";
import { productService } from "./products";
import { brandService, categoryService } from "./service";
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
  registerCrudRoutes(app, {
    service: brandService,
    input: brandInput,
    record: brand,
    tag: "catalog",
    collection: "/brands",
    item: "/brands/:id",
  });
  registerCategoryRoutes(app);
  registerProductRoutes(app);
  registerVariantRoutes(app);
}

function registerCategoryRoutes(app: App): void {
  app.get(
    "/categories",
    { schema: { tags, querystring: listQuery, response: { 200: category.array() } } },
    async (request, reply) => sendPage(reply, await categoryService.list(app.db, request.query)),
  );
  app.get(
    "/categories/:id",
    { schema: { tags, params: idParams, response: { 200: category } } },
    async (request) => categoryService.get(app.db, request.params.id),
  );
  app.post(
    "/categories",
    { schema: { tags, body: categoryInput, response: { 201: category } } },
    async (request, reply) =>
      reply.code(201).send(await categoryService.create(app.db, request.admin, request.body)),
  );
  // SPEC's client also PUTs categories "with counts adjusted": accepted, but the
  // input schema has no products_in_cat, so a body can never change the count.
  app.put(
    "/categories/:id",
    { schema: { tags, params: idParams, body: categoryInput, response: { 200: category } } },
    async (request) =>
      categoryService.update(app.db, request.admin, request.params.id, request.body),
  );
  app.delete(
    "/categories/:id",
    { schema: { tags, params: idParams, response: { 200: category } } },
    async (request) => categoryService.remove(app.db, request.admin, request.params.id),
  );
}

function registerProductRoutes(app: App): void {
  app.get(
    "/products",
    { schema: { tags, querystring: productListQuery, response: { 200: product.array() } } },
    async (request, reply) => sendPage(reply, await productService.list(app.db, request.query)),
  );
  app.get(
    "/products/:id",
    { schema: { tags, params: idParams, response: { 200: product } } },
    async (request) => productService.get(app.db, request.params.id),
  );
  app.post(
    "/products",
    { schema: { tags, body: productInput, response: { 201: product } } },
    async (request, reply) =>
      reply.code(201).send(await productService.create(app.db, request.admin, request.body)),
  );
  app.put(
    "/products/:id",
    { schema: { tags, params: idParams, body: productInput, response: { 200: product } } },
    async (request) =>
      productService.update(app.db, request.admin, request.params.id, request.body),
  );
  app.delete(
    "/products/:id",
    { schema: { tags, params: idParams, response: { 200: product } } },
    async (request) => productService.remove(app.db, request.admin, request.params.id),
  );
  app.get(
    "/productsFiltered/:category_id",
    { schema: { tags, params: categoryIdParams, response: { 200: product.array() } } },
    async (request) => productService.inCategory(app.db, request.params.category_id),
  );
  app.get(
    "/productsCount",
    { schema: { tags, response: { 200: productIdRow.array() } } },
    async () => productService.ids(app.db),
  );
}

function registerVariantRoutes(app: App): void {
  app.get(
    "/productsVariants/:product_id",
    { schema: { tags, params: productIdParams, response: { 200: variant.array() } } },
    async (request) => variantService.listOf(app.db, request.params.product_id),
  );
  app.delete(
    "/productsVariants/:product_id",
    { schema: { tags, params: productIdParams, response: { 200: variant.array() } } },
    async (request) => variantService.removeAllOf(app.db, request.admin, request.params.product_id),
  );
  app.post(
    "/productsVariants",
    { schema: { tags, body: variantInput, response: { 201: variant } } },
    async (request, reply) =>
      reply.code(201).send(await variantService.create(app.db, request.admin, request.body)),
  );
  app.put(
    "/productsVariants/:variant_id",
    { schema: { tags, params: variantIdParams, body: variantInput, response: { 200: variant } } },
    async (request) =>
      variantService.update(app.db, request.admin, request.params.variant_id, request.body),
  );
}
