/**
 * The sidebar's links in docs/REQUIREMENTS.md's order. `also` lists the screens that belong
 * to a link (its add and edit forms), so the link stays highlighted there.
 */
export const SIDEBAR_LINKS = [
  { label: "Dashboard", to: "/admin", also: [] },
  {
    label: "Products",
    to: "/products",
    also: ["/addProduct", "/editProduct", "/productDetails"],
  },
  { label: "Categories", to: "/categories", also: ["/addCategories", "/editCategories"] },
  { label: "Order", to: "/order", also: ["/editOrder"] },
  { label: "Coupon", to: "/coupon", also: ["/addCoupon", "/editCoupon"] },
  { label: "Users", to: "/users", also: ["/addUser", "/editUser", "/roles", "/genealogy"] },
  { label: "User Wallets", to: "/userWallets", also: ["/walletStatement"] },
  { label: "Withdraw Request", to: "/withdrawRequest", also: [] },
  { label: "Agency", to: "/agency", also: ["/addAgency", "/editAgency"] },
  { label: "Memberships", to: "/memberships", also: ["/addMemberships", "/editMemberships"] },
  { label: "Banner", to: "/banner", also: ["/addBanner", "/editBanner"] },
  { label: "Brands", to: "/brands", also: ["/addBrands", "/editBrands"] },
  { label: "Testimonial", to: "/testimonial", also: ["/addTestimonial", "/editTestimonial"] },
  { label: "Settings", to: "/settings", also: ["/paymentMethod"] },
] as const;

export function isActiveLink(link: (typeof SIDEBAR_LINKS)[number], pathname: string): boolean {
  return link.to === pathname || (link.also as readonly string[]).includes(pathname);
}
