import { defineResource } from "./define";

const form = () => import("../pages/content/BannerForm");

export const banner = defineResource({
  name: "banner",
  area: "content",
  api: "banner",
  entity: "Banner",
  idParam: "bnid",
  noun: { one: "banner", many: "banners" },
  list: { path: "/banner", title: "Banner", screen: () => import("../pages/content/BannerList") },
  add: { path: "/addBanner", title: "Add Banner", screen: form },
  edit: { path: "/editBanner", title: "Edit Banner", screen: form },
  sidebar: { group: "content", label: "Banner", icon: "image", order: 110 },
});
