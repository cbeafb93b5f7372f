import { defineResource } from "./define";

/**
 * Returns and refunds (issue 42, docs/decisions/returns.md): every goods
 * return and money refund with its credit note, made on Edit Order. Reading
 * is orders:view, as the orders themselves; in the sidebar right after Order.
 */
export const returns = defineResource({
  name: "returns",
  area: "orders",
  api: "returns",
  entity: "OrderReturn",
  noun: { one: "return", many: "returns" },
  list: {
    path: "/returns",
    title: "Returns and Refunds",
    screen: () => import("../pages/orders/ReturnList"),
  },
  sidebar: { group: "sales", label: "Returns", icon: "list", order: 41 },
});
