import { defineResource } from "./define";

/**
 * /reports (issue 26): sales, products, regions, members, money and coupons
 * over a range of days, read from the roll-ups the database keeps
 * (docs/decisions/reports-rollups.md). Its own permission, `reports:view`: the
 * figures cross areas (orders, members, wallets).
 */
export const reports = defineResource({
  name: "reports",
  list: {
    path: "/reports",
    title: "Reports",
    screen: () => import("../pages/reports/ReportsPage"),
    permission: "reports:view",
  },
  more: {
    // s.107D (docs/decisions/withholding.md): amounts withheld from payouts, so payouts:view.
    withholding: {
      path: "/withholdingReport",
      title: "Withholding Report",
      screen: () => import("../pages/reports/WithholdingReportPage"),
      permission: "payouts:view",
    },
  },
  sidebar: { group: "sales", label: "Reports", icon: "chart", order: 170 },
});
