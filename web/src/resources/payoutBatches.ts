import { defineResource } from "./define";

/**
 * Payout batches (docs/decisions/payout-batches.md): completed withdrawal
 * requests gathered into one run to the bank, its bank file, released by two
 * people above the second-approval amount, reconciled from the bank's answer.
 * Reading is payouts:view; gathering, releasing, the file and the answer are
 * payouts:manage.
 */
export const payoutBatches = defineResource({
  name: "payoutBatches",
  area: "payouts",
  api: "payoutBatches",
  entity: "PayoutBatch",
  noun: { one: "payout batch", many: "payout batches" },
  list: {
    path: "/payoutBatches",
    title: "Payout Batches",
    screen: () => import("../pages/payouts/PayoutBatchList"),
  },
  more: {
    batch: {
      path: "/payoutBatch",
      title: "Payout Batch",
      param: "id",
      screen: () => import("../pages/payouts/PayoutBatchPage"),
    },
  },
  sidebar: { group: "money", label: "Payout Batches", icon: "cash", order: 85 },
});
