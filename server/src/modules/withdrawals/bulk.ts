import type { App } from "../../appType";
import { registerBulkRoute, shownVersion } from "../../lib/bulk";
import { decideRequest, listRequests } from "./service";

/**
 * POST withdrawRequest/bulk: approve or reject each request through the
 * single decision's service function, so a request is still decided once
 * (one already decided answers its 409 in the results) and an approval still
 * needs the cash wallet to hold the amount. Above the second-approval amount
 * a first approval is reported as its own outcome, 202.
 */
export function registerWithdrawalBulkRoutes(app: App): void {
  registerBulkRoute(app, {
    collection: "/withdrawRequest",
    permission: "payouts:manage",
    tag: "withdrawals",
    key: "withdraw_id",
    list: listRequests,
    actions: {
      approve: async (db, _actor, id, body, request) => {
        const decided = await decideRequest(
          db,
          request.admin,
          id,
          "completed",
          shownVersion(body, id),
        );
        return decided.awaitingSecond
          ? { status: 202, message: "Approved once; a second person must approve it." }
          : "Approved.";
      },
      reject: async (db, _actor, id, body, request) => {
        await decideRequest(db, request.admin, id, "rejected", shownVersion(body, id));
        return "Rejected.";
      },
    },
  });
}
