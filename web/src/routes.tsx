import type { QueryClient } from "@tanstack/react-query";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { DataRouter, Location } from "react-router";
import { dashboardSummaryQuery } from "./api/dashboard";
import { isLoggedIn } from "./lib/session";
import { whenIdle } from "./lib/whenIdle";
import { loadCharts } from "./pages/dashboard/loadCharts";
import { resources } from "./resources";
import { dashboard, dashboardPage } from "./resources/dashboard";
import type { ScreenLoader, ScreenProps } from "./resources/define";

/** A prefetch that fails is left to the route, which asks again and shows the error. */
const prefetchDashboard = () => {
  void dashboardPage().catch(() => undefined);
  // The charts' chunk beside the page's, not after it (the page asks for it too).
  void loadCharts().catch(() => undefined);
};

/** One lazy component per screen's code: an add and an edit route share their form's. */
const lazyScreens = new Map<ScreenLoader, LazyExoticComponent<ComponentType<ScreenProps>>>();
function lazyScreen(load: ScreenLoader) {
  const known = lazyScreens.get(load);
  if (known) return known;
  const made = lazy(load);
  lazyScreens.set(load, made);
  return made;
}

/**
 * Every screen of docs/REQUIREMENTS.md section 2, by its case-sensitive route,
 * made from the resources' declarations (resources/). `title` is the screen's
 * name in English, handed to translate() (its PageHeader's title): the document title
 * is made from it (layout/useDocumentTitle.ts). `resource` is handed to the screen.
 */
export const appRoutes = resources.flatMap((resource) =>
  resource.screens.map((screen) => ({
    path: screen.path,
    title: screen.title,
    permission: screen.permission,
    resource,
    screen,
    page: lazyScreen(screen.screen),
  })),
);

/**
 * What a screen can ask for before it renders: its code and its first data,
 * side by side instead of one after the other (docs/benchmarks/web-and-edge.md, "Web app
 * size and first load").
 */
const prefetches: Record<string, (queryClient: QueryClient) => void> = {
  [dashboard.list.path]: (queryClient) => {
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
