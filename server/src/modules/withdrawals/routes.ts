import {
  errorBody,
  idParams,
  listQuery,
  payoutApprovals,
  payoutApprovalsQuery,
  withdrawDecision,
  withdrawRequest,
  withdrawReversalInput,
} from "@store/contract";
import type { App } from "../../appType";
import { badRequest } from "../../lib/errors";
import { sendPage } from "../../lib/lists";
import { ifMatchOf } from "../../lib/versions";
import { previewApprovals } from "../ledger/fourEyes";
import { decideRequest, listRequests, reverseRequest } from "./service";

/**
 * docs/REQUIREMENTS.md section 7: withdrawRequest (GET), withdrawRequest/{id}
 * (PUT) and withdrawRequest/{id}/reverse (PUT). No create call.
 */
export function registerWithdrawalRoutes(app: App): void {
  const tags = ["withdrawals"];
  app.get(
    "/withdrawRequest",
    {
      config: { permission: "payouts:view" },
      schema: { tags, querystring: listQuery, response: { 200: withdrawRequest.array() } },
    },
    async (request, reply) => sendPage(reply, await listRequests(app.db, request.query)),
  );
  // What approving would be for the caller: the Approve dialogs say it before Confirm.
  app.get(
    "/withdrawRequest/approvals",
    {
      config: { permission: "payouts:manage" },
      schema: {
        tags,
        querystring: payoutApprovalsQuery,
        description:
          "For each id, in order, what an approval by the caller would be: single (completes it), first (a second person must approve: above the second-approval amount, or the caller's approvals of the member within a day would pass it), second, same_person (refused) or decided; step_up says whether the approval asks for a fresh step-up.",
        response: { 200: payoutApprovals },
      },
    },
    async (request) =>
      app.db.transaction((tx) => previewApprovals(tx, request.admin.user_id, request.query.ids)),
  );
  app.put(
    "/withdrawRequest/:id",
    {
      config: { permission: "payouts:manage" },
      schema: {
        tags,
        params: idParams,
        body: withdrawDecision,
        description:
          "Above the second-approval amount (General settings) an approval needs a step-up; the first person's answers 202 (the request stays processing, first_approved_by set) and a second, different person's completes it; the same person again is 409 second_approval_same_person.",
        response: {
          200: withdrawRequest,
          202: withdrawRequest,
          409: errorBody.describe(
            "Refused, nothing changed: the request is decided already (`withdrawal_decided`), outside the store's limits or above the cash wallet, the member is inactive or owes the store, the approver approved it first (`second_approval_same_person`), or, with the store's KYC rule on, the member is not KYC-verified (`kyc_required`, naming them: docs/decisions/kyc.md).",
          ),
        },
      },
    },
    async (request, reply) => {
      const { withdraw_id, withdraw_status } = request.body;
      if (withdraw_id !== undefined && withdraw_id !== request.params.id) {
        throw badRequest(
          "withdraw_id",
          "withdraw_id_mismatch",
          {},
          "withdraw_id must match the request in the path.",
        );
      }
      const decided = await decideRequest(
        app.db,
        request.admin,
        request.params.id,
        withdraw_status,
        ifMatchOf(request),
      );
      // A first approval of two: accepted, not done (docs/decisions/four-eyes-payouts.md).
      if (decided.awaitingSecond) reply.code(202);
      return decided.request;
    },
  );
  // Undoing a completed request (docs/decisions/withdrawals.md): a
  // sub-path of the request, in the style of the decision call above.
  app.put(
    "/withdrawRequest/:id/reverse",
    {
      config: { permission: "payouts:manage" },
      schema: {
        tags,
        params: idParams,
        body: withdrawReversalInput,
        response: { 200: withdrawRequest },
      },
    },
    async (request) =>
      reverseRequest(
        app.db,
        request.admin,
        request.params.id,
        request.body.note,
        ifMatchOf(request),
      ),
  );
}
