import { defineResource } from "./define";

const form = () => import("../pages/vouchers/CouponForm");

export const coupon = defineResource({
  name: "coupon",
  area: "orders",
  api: "vouchers",
  entity: "Voucher",
  idParam: "vid",
  noun: { one: "coupon", many: "coupons" },
  list: { path: "/coupon", title: "Coupons", screen: () => import("../pages/vouchers/CouponList") },
  add: { path: "/addCoupon", title: "Add Coupon", screen: form },
  edit: { path: "/editCoupon", title: "Edit Coupon", screen: form },
  sidebar: { group: "sales", label: "Coupon", icon: "ticket", order: 50 },
});
