/**
 * Every route of web/src/routes.tsx as an admin opens it: the screens that
 * show one record with a record of the demo store, and the product list's
 * low-stock views the notifications link to (their filter chips). Walked by
 * tests/i18n-walk.scaled.test.ts (no English left) and tests/a11y-navigation.test.ts
 * (a title of its own).
 */
export const ROUTES = [
  "/admin",
  "/products",
  // The low-stock views the notifications link to: their filter chips.
  "/products?stock_qtt_lte=5",
  "/products?variant_qtt_min_lte=5",
  "/addProduct",
  "/editProduct?pid=1",
  "/productDetails?pid=1",
  "/categories",
  "/addCategories",
  "/editCategories?cid=1",
  "/brands",
  "/addBrands",
  "/editBrands?bid=1",
  "/order",
  "/editOrder?oid=1",
  "/coupon",
  "/addCoupon",
  "/editCoupon?vid=1",
  "/users",
  "/addUser",
  "/editUser?uid=2",
  "/roles",
  "/userWallets",
  "/walletStatement?uid=2",
  "/genealogy?uid=2",
  "/memberships",
  "/addMemberships",
  "/editMemberships?mid=1",
  "/withdrawRequest",
  "/agency",
  "/addAgency",
  "/editAgency?sid=1",
  "/banner",
  "/addBanner",
  "/editBanner?bnid=1",
  "/testimonial",
  "/addTestimonial",
  "/editTestimonial?tid=1",
  "/settings",
  "/paymentMethod",
  "/auditLog",
  "/profile",
  "/terms",
  "/privacy",
];
