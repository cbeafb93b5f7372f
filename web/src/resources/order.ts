import { defineResource } from "./define";

/**
 * Orders come from the shop, or are keyed in by an administrator for a member
 * who orders by phone (Add Order, docs/decisions/orders-keyed-in.md); none is
 * deleted (docs/REQUIREMENTS.md section 2).
 */
export const order = defineResource({
  name: "order",
  area: "orders",
  api: "orders",
  entity: "Order",
  idParam: "oid",
  noun: { one: "order", many: "orders" },
  list: { path: "/order", title: "Orders", screen: () => import("../pages/orders/OrderList") },
  add: { path: "/addOrder", title: "Add Order", screen: () => import("../pages/orders/OrderAdd") },
  edit: {
    path: "/editOrder",
    title: "Edit Order",
    screen: () => import("../pages/orders/OrderForm"),
  },
  more: {
    // Invoices and packing slips of the orders in ?ids= (docs/decisions/invoices.md).
    print: {
      path: "/printOrders",
      title: "Invoices and Packing Slips",
      screen: () => import("../pages/orders/OrderPrint"),
    },
  },
  sidebar: { group: "sales", label: "Order", icon: "cart", order: 40 },
});
