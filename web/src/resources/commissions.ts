import { defineResource } from "./define";

/**
 * Commission plans and periods (docs/decisions/commission-plans.md): the
 * periods a month at a time, each calculated, approved (two people above the
 * second-approval amount) and released; the plan an order's sponsor line is
 * paid by; a period's report and a member's statement. Changing any is
 * commissions:manage.
 */
export const commissions = defineResource({
  name: "commissions",
  area: "commissions",
  api: "commissionPeriods",
  entity: "CommissionPlan",
  list: {
    path: "/commissionPeriods",
    title: "Commission Periods",
    screen: () => import("../pages/commissions/PeriodList"),
  },
  more: {
    plan: {
      path: "/commissionPlans",
      title: "Commission Plan",
      screen: () => import("../pages/commissions/PlanPage"),
    },
    report: {
      path: "/commissionReport",
      title: "Commission Period Report",
      param: "period",
      screen: () => import("../pages/commissions/PeriodReportPage"),
    },
    statement: {
      path: "/commissionStatement",
      title: "Commission Statement",
      param: "uid",
      screen: () => import("../pages/commissions/StatementPage"),
    },
  },
  sidebar: { group: "money", label: "Commissions", icon: "award", order: 175 },
});
