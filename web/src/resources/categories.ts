import { defineResource } from "./define";

const form = () => import("../pages/catalog/CategoryForm");

export const categories = defineResource({
  name: "categories",
  area: "catalog",
  api: "categories",
  entity: "Category",
  idParam: "cid",
  noun: { one: "category", many: "categories" },
  list: {
    path: "/categories",
    title: "Categories",
    screen: () => import("../pages/catalog/CategoryList"),
  },
  add: { path: "/addCategories", title: "Add Category", screen: form },
  edit: { path: "/editCategories", title: "Edit Category", screen: form },
  sidebar: { group: "catalog", label: "Categories", icon: "folder", order: 30 },
});
