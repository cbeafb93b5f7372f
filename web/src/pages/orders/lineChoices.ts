import type { OrderCreate, Variant } from "@store/contract";
import { useEffect } from "react";
import { useFormContext, useWatch } from "react-hook-form";
import { products } from "../../api/catalog";
import { errorText } from "../../i18n/errors";

/**
 * Add Order's line: a product with one variant on sale has nothing to choose,
 * so that variant is put in as soon as the product is (issue 34); with more,
 * the clerk chooses.
 */
export function useOnlyVariantChosen(index: number, variants: readonly Variant[] | undefined) {
  const { control, setValue } = useFormContext<OrderCreate>();
  const chosen = useWatch({ control, name: `items.${index}.variant_id` });
  const onSale = variants?.filter((v) => v.variant_status === 1);
  const only = onSale?.length === 1 ? onSale[0] : undefined;
  useEffect(() => {
    if (only && !chosen) {
      setValue(`items.${index}.variant_id`, String(only.variant_id), {
        shouldDirty: true,
        shouldValidate: true,
      });
    }
  }, [only, chosen, index, setValue]);
}

/**
 * What a line's quantity above the stock shown gets under it, before Add: the
 * server's own refusal (`line_stock_short`), in the screen's language.
 * Undefined while the quantity is in stock or the stock is not known yet.
 */
export function useStockShortText(
  index: number,
  stock: number | undefined,
  quantity: number,
  variants: readonly Variant[] | undefined,
): string | undefined {
  const { control } = useFormContext<OrderCreate>();
  const productId = Number(useWatch({ control, name: `items.${index}.product_id` })) || null;
  const variantId = Number(useWatch({ control, name: `items.${index}.variant_id` })) || null;
  const product = products.useOne(productId);
  if (stock === undefined || quantity <= stock || !product.data) return undefined;
  const line = index + 1;
  // Named as the server names it (orders/create.ts): the product, then its variant.
  const variant = variants?.find((v) => v.variant_id === variantId)?.variant_name;
  const name = variant ? `${product.data.product_name} ${variant}` : product.data.product_name;
  return errorText({
    code: "line_stock_short",
    params: { line, name, left: stock },
    message: `Line ${line}: only ${stock} of ${name} left in stock.`,
  });
}
