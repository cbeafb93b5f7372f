import { catalogUnitPrice, lineTax, type OrderCreate } from "@store/contract";
import { useQueries } from "@tanstack/react-query";
import { productQuery, variantsQuery } from "../../api/catalog";

/**
 * Every line priced as the catalogue has it now, read under the same keys as
 * the lines' own queries (so the preview prices what each line shows), and
 * the numbers of the lines that cannot be priced yet.
 */
export function usePreviewLines(items: OrderCreate["items"]): {
  lines: { unit_price: string; quantity: number; tax_rate: string | null }[];
  incomplete: number[];
} {
  const productIds = items.map((i) => Number(i.product_id) || 0);
  const productAnswers = useQueries({
    queries: productIds.map((id) => ({ ...productQuery(id), enabled: id > 0 })),
  });
  const variantAnswers = useQueries({
    queries: productIds.map((id, i) => ({
      ...variantsQuery(id),
      enabled: (productAnswers[i]?.data?.product_variation ?? 0) > 0,
    })),
  });
  const lines: { unit_price: string; quantity: number; tax_rate: string | null }[] = [];
  const incomplete: number[] = [];
  items.forEach((item, i) => {
    const product = productAnswers[i]?.data;
    const variantId = Number(item.variant_id) || 0;
    const variant = variantAnswers[i]?.data?.find((v) => v.variant_id === variantId);
    const price = product ? catalogUnitPrice(product, variant) : null;
    const quantity = Number(item.quantity);
    if (price === null || !Number.isInteger(quantity) || quantity < 1) incomplete.push(i + 1);
    // The SST its product's tax category has now, as the server keeps it on Save.
    else lines.push({ unit_price: price, quantity, tax_rate: lineTax(product).tax_rate });
  });
  return { lines, incomplete };
}
