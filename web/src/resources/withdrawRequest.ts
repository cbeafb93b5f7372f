import { defineResource } from "./define";

/** Approving, rejecting and reversing are payouts:manage (issue 22); the list is payouts:view. */
export const withdrawRequest = defineResource({
  name: "withdrawRequest",
  area: "payouts",
  api: "withdrawRequest",
  entity: "WithdrawRequest",
  noun: { one: "withdrawal request", many: "withdrawal requests" },
  list: {
    path: "/withdrawRequest",
    title: "Withdraw Request",
    screen: () => import("../pages/withdrawals/WithdrawRequestList"),
  },
  sidebar: { group: "money", label: "Withdraw Request", icon: "cash", order: 80 },
});
