import { loadOnce } from "../lib/loadOnce";
import { defineResource } from "./define";

/** /admin's code, asked once whoever asks first (the login page's prefetch or the route). */
export const dashboardPage = loadOnce(() => import("../pages/dashboard/DashboardPage"));

/** /admin: the summary cards and charts; each card is shown by its own area's view (issue 22). */
export const dashboard = defineResource({
  name: "dashboard",
  list: { path: "/admin", title: "Dashboard", screen: dashboardPage },
  sidebar: { group: "home", label: "Dashboard", icon: "home", order: 10 },
});
