import { defineResource } from "./define";

/**
 * CP58 statements (docs/decisions/cp58.md): a year's run makes a statement
 * for each member paid more than RM 5,000.00 in commissions; each downloads
 * as a PDF. Reading is payouts:view, the run payouts:manage, a PDF (it
 * prints the NRIC in full) kyc:view too.
 */
export const cp58 = defineResource({
  name: "cp58",
  area: "payouts",
  list: {
    path: "/taxStatements",
    title: "CP58 Statements",
    screen: () => import("../pages/payouts/Cp58Page"),
  },
  sidebar: { group: "money", label: "CP58 Statements", icon: "cash", order: 87 },
});
