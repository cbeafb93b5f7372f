import type { App } from "../../appType";
import { registerBulkRoute, shownVersion } from "../../lib/bulk";
import { decideRequest, listRequests } from "./service";

/**
 * POST withdrawRequest/bulk: approve or reject each request through the
 * single decision's service function, so a request is still decided once
 * (one already decided answers its 409 in the results) and an approval still
 * needs the cash wallet to hold the amount.
 */
export function registerWithdrawalBulkRoutes(app: App): void {
  registerBulkRoute(app, {
    collection: "/withdrawRequest",
    permission: "payouts:manage",
    tag: "withdrawals",
    key: "withdraw_id",
    list: listRequests,
    actions: {
      approve: async (db, actor, id, body) => {
        await decideRequest(db, actor, id, "completed", shownVersion(body, id));
        return "Approved.";
      },
      reject: async (db, actor, id, body) => {
        await decideRequest(db, actor, id, "rejected", shownVersion(body, id));
        return "Rejected.";
      },
    },
  });
}
