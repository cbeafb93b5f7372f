import type { OrderDocument } from "@store/contract/invoice";
import type { Resource } from "../../resources/define";

/**
 * The print view of orders' invoices or packing slips (OrderPrint.tsx);
 * `print`: the browser's print dialog opens once they are drawn.
 */
export function printOrdersLink(
  resource: Resource,
  ids: readonly number[],
  doc: OrderDocument,
  print = false,
): string {
  const path = resource.more?.print?.path ?? "/printOrders";
  const query = new URLSearchParams({ ids: ids.join(","), doc });
  if (print) query.set("print", "1");
  return `${path}?${query.toString().replaceAll("%2C", ",")}`;
}
