import type { App } from "../../appType";
import { requireStepUp } from "../../auth/service";
import { registerBulkRoute, shownVersion } from "../../lib/bulk";
import { previewApprovals } from "../ledger/fourEyes";
import { decideRequest, listRequests } from "./service";

/**
 * POST withdrawRequest/bulk: approve or reject each request through the
 * single decision's service function, so a request is still decided once
 * (one already decided answers its 409 in the results) and an approval still
 * needs the cash wallet to hold the amount. Above the second-approval amount
 * a first approval is reported as its own outcome, 202; when any request
 * needs a first or second approval, the call asks for the step-up once,
 * before any is approved (403 step_up_required, the web asks and sends again).
 */
export function registerWithdrawalBulkRoutes(app: App): void {
  registerBulkRoute(app, {
    collection: "/withdrawRequest",
    permission: "payouts:manage",
    tag: "withdrawals",
    key: "withdraw_id",
    list: listRequests,
    before: async (db, request, ids, body) => {
      if (body.action !== "approve") return;
      const preview = await db.transaction((tx) =>
        previewApprovals(tx, request.admin.user_id, ids),
      );
      if (preview.step_up) requireStepUp(request.admin);
    },
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
