import type {
  Category,
  CategoryInput,
  Product,
  ProductInput,
  TaxCategory,
  TaxCategoryInput,
  Variant,
} from "@store/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api, refreshWhatever, useRefresh } from "./client";
import { createResource, type RemoveTarget } from "./crud";

/** Categories: GET/POST categories, GET/PUT/DELETE categories/{id}. */
export const categories = createResource<Category, CategoryInput>({
  name: "categories",
  list: "categories",
  item: (id) => `categories/${id}`,
});

/**
 * Tax categories (the declared record, contract/src/records.ts): the product
 * form offers the active ones (docs/decisions/sst-on-lines.md).
 */
export const taxCategories = createResource<TaxCategory, TaxCategoryInput>({
  name: "taxCategories",
  list: "taxCategories",
  item: (id) => `taxCategories/${id}`,
});

/**
 * Products: GET products (paging, category_id, min_price, max_price, q),
 * GET products/{id}. Writes go through the hooks below, because a product
 * write also changes its category's count and its variants.
 */
export const products = createResource<Product, ProductInput>({
  name: "products",
  list: "products",
  item: (id) => `products/${id}`,
});

const variantKeys = {
  all: ["productsVariants"] as const,
  of: (productId: number) => ["productsVariants", productId] as const,
};

/** One product, under the key products.useOne reads it by (lists of hooks share its cache). */
export const productQuery = (productId: number) =>
  ({
    queryKey: products.keys.detail(productId),
    queryFn: () => api.get<Product>(`products/${productId}`),
    retry: false,
  }) as const;

/** A product's live variants, under the key useProductVariants reads them by. */
export const variantsQuery = (productId: number) =>
  ({
    queryKey: variantKeys.of(productId),
    queryFn: () => api.get<Variant[]>(`productsVariants/${productId}`),
    retry: false,
  }) as const;

/** The live variants of a product: GET productsVariants/{product_id}. */
export function useProductVariants(productId: number | null) {
  return useQuery<Variant[]>({
    ...variantsQuery(productId ?? 0),
    enabled: productId !== null,
  });
}

/** After a product write: products, variants and category counts are all fresh again. */
function useRefreshCatalog() {
  return useRefresh(products.keys.all, variantKeys.all, categories.keys.all);
}

/**
 * Saves a product with its whole variant list in one call (one transaction on
 * the server): POST products, or PUT products/{id}.
 */
export function useSaveProduct() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({
      id,
      input,
      version,
    }: {
      id: number | null;
      input: ProductInput;
      version?: number | undefined;
    }) =>
      id === null
        ? api.post<Product>("products", input)
        : api.put<Product>(`products/${id}`, input, version),
    onSuccess: refresh,
  });
}

/** DELETE products/{id}: the server deletes its variants and lowers the category count with it. */
export function useRemoveProduct() {
  const refresh = useRefreshCatalog();
  return useMutation({
    mutationFn: ({ id, version }: RemoveTarget) => api.delete<Product>(`products/${id}`, version),
    ...refreshWhatever(refresh),
  });
}
