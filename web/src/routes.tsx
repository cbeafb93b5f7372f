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

/** Every screen of docs/REQUIREMENTS.md section 2, by its case-sensitive route. */
export const appRoutes = [
  { path: "/admin", page: lazy(dashboardPage) },
  { path: "/products", page: lazy(() => import("./pages/catalog/ProductList")) },
  { path: "/addProduct", page: lazy(() => import("./pages/catalog/ProductForm")) },
  { path: "/editProduct", page: lazy(() => import("./pages/catalog/ProductForm")) },
  { path: "/productDetails", page: lazy(() => import("./pages/catalog/ProductDetails")) },
  { path: "/categories", page: lazy(() => import("./pages/catalog/CategoryList")) },
  { path: "/addCategories", page: lazy(() => import("./pages/catalog/CategoryForm")) },
  { path: "/editCategories", page: lazy(() => import("./pages/catalog/CategoryForm")) },
  { path: "/brands", page: lazy(() => import("./pages/catalog/BrandList")) },
  { path: "/addBrands", page: lazy(() => import("./pages/catalog/BrandForm")) },
  { path: "/editBrands", page: lazy(() => import("./pages/catalog/BrandForm")) },
  { path: "/order", page: lazy(() => import("./pages/orders/OrderList")) },
  { path: "/editOrder", page: lazy(() => import("./pages/orders/OrderForm")) },
  { path: "/coupon", page: lazy(() => import("./pages/vouchers/CouponList")) },
  { path: "/addCoupon", page: lazy(() => import("./pages/vouchers/CouponForm")) },
  { path: "/editCoupon", page: lazy(() => import("./pages/vouchers/CouponForm")) },
  { path: "/users", page: lazy(() => import("./pages/people/UserList")) },
  { path: "/addUser", page: lazy(() => import("./pages/people/UserForm")) },
  { path: "/editUser", page: lazy(() => import("./pages/people/UserForm")) },
  { path: "/roles", page: lazy(() => import("./pages/people/RoleList")) },
  { path: "/userWallets", page: lazy(() => import("./pages/people/WalletList")) },
  { path: "/walletStatement", page: lazy(() => import("./pages/ledger/WalletStatementPage")) },
  { path: "/genealogy", page: lazy(() => import("./pages/people/GenealogyPage")) },
  { path: "/memberships", page: lazy(() => import("./pages/people/MembershipList")) },
  { path: "/addMemberships", page: lazy(() => import("./pages/people/MembershipForm")) },
  { path: "/editMemberships", page: lazy(() => import("./pages/people/MembershipForm")) },
  { path: "/withdrawRequest", page: lazy(() => import("./pages/withdrawals/WithdrawRequestList")) },
  { path: "/agency", page: lazy(() => import("./pages/agency/AgencyList")) },
  { path: "/addAgency", page: lazy(() => import("./pages/agency/AgencyForm")) },
  { path: "/editAgency", page: lazy(() => import("./pages/agency/AgencyForm")) },
  { path: "/banner", page: lazy(() => import("./pages/content/BannerList")) },
  { path: "/addBanner", page: lazy(() => import("./pages/content/BannerForm")) },
  { path: "/editBanner", page: lazy(() => import("./pages/content/BannerForm")) },
  { path: "/testimonial", page: lazy(() => import("./pages/content/TestimonialList")) },
  { path: "/addTestimonial", page: lazy(() => import("./pages/content/TestimonialForm")) },
  { path: "/editTestimonial", page: lazy(() => import("./pages/content/TestimonialForm")) },
  { path: "/settings", page: lazy(() => import("./pages/settings/SettingsPage")) },
  { path: "/paymentMethod", page: lazy(() => import("./pages/settings/PaymentMethodPage")) },
  { path: "/auditLog", page: lazy(() => import("./pages/audit/AuditLogList")) },
  { path: "/profile", page: lazy(() => import("./pages/profile/ProfilePage")) },
  { path: "/terms", page: lazy(() => import("./pages/static/TermsPage")) },
  { path: "/privacy", page: lazy(() => import("./pages/static/PrivacyPage")) },
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
