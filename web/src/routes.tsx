import type { QueryClient } from "@tanstack/react-query";
import { lazy } from "react";
import type { DataRouter, Location } from "react-router";
import { dashboardSummaryQuery } from "./api/dashboard";
import { loadOnce } from "./lib/loadOnce";
import { isLoggedIn } from "./lib/session";
import { whenIdle } from "./lib/whenIdle";
import { loadCharts } from "./pages/dashboard/loadCharts";

/** /admin's code, asked once whoever asks first (a prefetch or the route). */
const dashboardPage = loadOnce(() => import("./pages/dashboard/DashboardPage"));
/** A prefetch that fails is left to the route, which asks again and shows the error. */
const prefetchDashboard = () => {
  void dashboardPage().catch(() => undefined);
  // The charts' chunk beside the page's, not after it (the page asks for it too).
  void loadCharts().catch(() => undefined);
};

/**
 * Every screen of docs/REQUIREMENTS.md section 2, by its case-sensitive route.
 * `title` is the screen's name in English, handed to tx() (its PageHeader's
 * title): the document title is made from it (layout/useDocumentTitle.ts).
 */
export const appRoutes = [
  { path: "/admin", title: "Dashboard", page: lazy(dashboardPage) },
  { path: "/products", title: "Products", page: lazy(() => import("./pages/catalog/ProductList")) },
  {
    path: "/addProduct",
    title: "Add Product",
    page: lazy(() => import("./pages/catalog/ProductForm")),
  },
  {
    path: "/editProduct",
    title: "Edit Product",
    page: lazy(() => import("./pages/catalog/ProductForm")),
  },
  {
    path: "/productDetails",
    title: "Product Preview",
    page: lazy(() => import("./pages/catalog/ProductDetails")),
  },
  {
    path: "/categories",
    title: "Categories",
    page: lazy(() => import("./pages/catalog/CategoryList")),
  },
  {
    path: "/addCategories",
    title: "Add Category",
    page: lazy(() => import("./pages/catalog/CategoryForm")),
  },
  {
    path: "/editCategories",
    title: "Edit Category",
    page: lazy(() => import("./pages/catalog/CategoryForm")),
  },
  { path: "/brands", title: "Brands", page: lazy(() => import("./pages/catalog/BrandList")) },
  { path: "/addBrands", title: "Add Brand", page: lazy(() => import("./pages/catalog/BrandForm")) },
  {
    path: "/editBrands",
    title: "Edit Brand",
    page: lazy(() => import("./pages/catalog/BrandForm")),
  },
  { path: "/order", title: "Orders", page: lazy(() => import("./pages/orders/OrderList")) },
  { path: "/editOrder", title: "Edit Order", page: lazy(() => import("./pages/orders/OrderForm")) },
  { path: "/coupon", title: "Coupons", page: lazy(() => import("./pages/vouchers/CouponList")) },
  {
    path: "/addCoupon",
    title: "Add Coupon",
    page: lazy(() => import("./pages/vouchers/CouponForm")),
  },
  {
    path: "/editCoupon",
    title: "Edit Coupon",
    page: lazy(() => import("./pages/vouchers/CouponForm")),
  },
  { path: "/users", title: "Users", page: lazy(() => import("./pages/people/UserList")) },
  { path: "/addUser", title: "Add User", page: lazy(() => import("./pages/people/UserForm")) },
  { path: "/editUser", title: "Edit User", page: lazy(() => import("./pages/people/UserForm")) },
  { path: "/roles", title: "Roles", page: lazy(() => import("./pages/people/RoleList")) },
  {
    path: "/userWallets",
    title: "Users Wallet",
    page: lazy(() => import("./pages/people/WalletList")),
  },
  {
    path: "/walletStatement",
    title: "Wallet Statement",
    page: lazy(() => import("./pages/ledger/WalletStatementPage")),
  },
  {
    path: "/genealogy",
    title: "Genealogy",
    page: lazy(() => import("./pages/people/GenealogyPage")),
  },
  {
    path: "/memberships",
    title: "Memberships",
    page: lazy(() => import("./pages/people/MembershipList")),
  },
  {
    path: "/addMemberships",
    title: "Add Membership",
    page: lazy(() => import("./pages/people/MembershipForm")),
  },
  {
    path: "/editMemberships",
    title: "Edit Membership",
    page: lazy(() => import("./pages/people/MembershipForm")),
  },
  {
    path: "/withdrawRequest",
    title: "Withdraw Request",
    page: lazy(() => import("./pages/withdrawals/WithdrawRequestList")),
  },
  { path: "/agency", title: "Agency Store", page: lazy(() => import("./pages/agency/AgencyList")) },
  {
    path: "/addAgency",
    title: "Add Agency Store",
    page: lazy(() => import("./pages/agency/AgencyForm")),
  },
  {
    path: "/editAgency",
    title: "Edit Agency Store",
    page: lazy(() => import("./pages/agency/AgencyForm")),
  },
  { path: "/banner", title: "Banner", page: lazy(() => import("./pages/content/BannerList")) },
  {
    path: "/addBanner",
    title: "Add Banner",
    page: lazy(() => import("./pages/content/BannerForm")),
  },
  {
    path: "/editBanner",
    title: "Edit Banner",
    page: lazy(() => import("./pages/content/BannerForm")),
  },
  {
    path: "/testimonial",
    title: "Testimonial",
    page: lazy(() => import("./pages/content/TestimonialList")),
  },
  {
    path: "/addTestimonial",
    title: "Add Testimonial",
    page: lazy(() => import("./pages/content/TestimonialForm")),
  },
  {
    path: "/editTestimonial",
    title: "Edit Testimonial",
    page: lazy(() => import("./pages/content/TestimonialForm")),
  },
  {
    path: "/settings",
    title: "Settings",
    page: lazy(() => import("./pages/settings/SettingsPage")),
  },
  {
    path: "/paymentMethod",
    title: "Payment Method",
    page: lazy(() => import("./pages/settings/PaymentMethodPage")),
  },
  { path: "/auditLog", title: "Audit Log", page: lazy(() => import("./pages/audit/AuditLogList")) },
  {
    path: "/profile",
    title: "Account Management",
    page: lazy(() => import("./pages/profile/ProfilePage")),
  },
  {
    path: "/terms",
    title: "Terms and Conditions",
    page: lazy(() => import("./pages/static/TermsPage")),
  },
  {
    path: "/privacy",
    title: "Privacy Policy",
    page: lazy(() => import("./pages/static/PrivacyPage")),
  },
];

/**
 * What a screen can ask for before it renders: its code and its first data,
 * side by side instead of one after the other (docs/BENCHMARKS.md, "Web app
 * size and first load").
 */
const prefetches: Record<string, (queryClient: QueryClient) => void> = {
  "/admin": (queryClient) => {
    prefetchDashboard();
    // Logged out, the guard sends the admin to /login-back instead.
    if (isLoggedIn()) void queryClient.prefetchQuery(dashboardSummaryQuery);
  },
};

/**
 * Every login lands on /admin: the login page asks for its code once it is
 * drawn and the browser is idle, so it is there when the login succeeds.
 */
export const preloadDashboardWhenIdle = (): (() => void) => whenIdle(prefetchDashboard);

/** Starts each screen's prefetch as the router arrives at it, the first address included. */
export function prefetchOnNavigation(router: DataRouter, queryClient: QueryClient): void {
  let key = "";
  const arrive = (location: Location) => {
    if (location.key === key) return;
    key = location.key;
    prefetches[location.pathname]?.(queryClient);
  };
  arrive(router.state.location);
  router.subscribe((state) => arrive(state.location));
}
