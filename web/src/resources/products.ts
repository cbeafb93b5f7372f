import { defineResource } from "./define";

const form = () => import("../pages/catalog/ProductForm");

export const products = defineResource({
  name: "products",
  area: "catalog",
  api: "products",
  entity: "Product",
  idParam: "pid",
  noun: { one: "product", many: "products" },
  list: {
    path: "/products",
    title: "Products",
    screen: () => import("../pages/catalog/ProductList"),
  },
  add: { path: "/addProduct", title: "Add Product", screen: form },
  edit: { path: "/editProduct", title: "Edit Product", screen: form },
  more: {
    preview: {
      path: "/productDetails",
      title: "Product Preview",
      screen: () => import("../pages/catalog/ProductDetails"),
    },
  },
  sidebar: { group: "catalog", label: "Products", icon: "box", order: 20 },
});
