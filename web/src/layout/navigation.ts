/**
 * The sidebar's links in the order of docs/REQUIREMENTS.md section 2: `label` in English,
 * `key` its name in web/src/i18n's catalogues. `also` lists the screens that
 * belong to a link (its add and edit forms), so the link stays highlighted there.
 */
export const SIDEBAR_LINKS = [
  { key: "dashboard", label: "Dashboard", to: "/admin", also: [] },
  {
    key: "products",
    label: "Products",
    to: "/products",
    also: ["/addProduct", "/editProduct", "/productDetails"],
  },
  {
    key: "categories",
    label: "Categories",
    to: "/categories",
    also: ["/addCategories", "/editCategories"],
  },
  { key: "order", label: "Order", to: "/order", also: ["/editOrder"] },
  { key: "coupon", label: "Coupon", to: "/coupon", also: ["/addCoupon", "/editCoupon"] },
  {
    key: "users",
    label: "Users",
    to: "/users",
    also: ["/addUser", "/editUser", "/roles", "/genealogy"],
  },
  { key: "userWallets", label: "User Wallets", to: "/userWallets", also: ["/walletStatement"] },
  { key: "withdrawRequest", label: "Withdraw Request", to: "/withdrawRequest", also: [] },
  { key: "agency", label: "Agency", to: "/agency", also: ["/addAgency", "/editAgency"] },
  {
    key: "memberships",
    label: "Memberships",
    to: "/memberships",
    also: ["/addMemberships", "/editMemberships"],
  },
  { key: "banner", label: "Banner", to: "/banner", also: ["/addBanner", "/editBanner"] },
  { key: "brands", label: "Brands", to: "/brands", also: ["/addBrands", "/editBrands"] },
  {
    key: "testimonial",
    label: "Testimonial",
    to: "/testimonial",
    also: ["/addTestimonial", "/editTestimonial"],
  },
  { key: "settings", label: "Settings", to: "/settings", also: ["/paymentMethod"] },
  { key: "auditLog", label: "Audit Log", to: "/auditLog", also: [] },
] as const;

export function isActiveLink(link: (typeof SIDEBAR_LINKS)[number], pathname: string): boolean {
  return link.to === pathname || (link.also as readonly string[]).includes(pathname);
}
