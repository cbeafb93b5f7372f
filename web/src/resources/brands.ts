import { defineResource } from "./define";

const form = () => import("../pages/catalog/BrandForm");

export const brands = defineResource({
  name: "brands",
  area: "catalog",
  api: "brands",
  entity: "Brand",
  idParam: "bid",
  noun: { one: "brand", many: "brands" },
  list: { path: "/brands", title: "Brands", screen: () => import("../pages/catalog/BrandList") },
  add: { path: "/addBrands", title: "Add Brand", screen: form },
  edit: { path: "/editBrands", title: "Edit Brand", screen: form },
  sidebar: { group: "catalog", label: "Brands", icon: "tag", order: 120 },
});
