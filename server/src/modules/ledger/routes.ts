import {
  adjustmentDecision,
  adjustmentRequest,
  adjustmentRequestsQuery,
  idParams,
  ledgerEntry,
  ledgerListQuery,
  owedSummary as owedAnswer,
  reconcileReport,
  reconcileRun,
  walletAdjustmentInput,
} from "@store/contract";
import type { App } from "../../appType";
import { sendPage } from "../../lib/lists";
import { ifMatchOf } from "../../lib/versions";
import { adjustBalance, decideAdjustment, listAdjustments } from "./adjustments";
import { owedSummary } from "./owed";
import { reconcile } from "./reconcile";
import { latestReconcileRun, startReconcileRun } from "./reconcileRun";
import { listEntries } from "./service";

/** The wallet ledger (docs/decisions/wallet-ledger.md): read, adjust, reconcile, what a member owes. */
export function registerLedgerRoutes(app: App): void {
  const tags = ["ledger"];
  app.get(
    "/walletLedger",
    {
      config: { permission: "wallets:view" },
      schema: { tags, querystring: ledgerListQuery, response: { 200: ledgerEntry.array() } },
    },
    async (request, reply) => sendPage(reply, await listEntries(app.db, request.query)),
  );
  app.get(
    "/walletLedger/reconcile",
    {
      config: { permission: "wallets:view" },
      schema: { tags, response: { 200: reconcileReport } },
    },
    async () => reconcile(app.db),
  );
  app.post(
    "/walletLedger/reconcileRuns",
    {
      config: { permission: "wallets:view" },
      schema: {
        tags,
        description:
          "The same check as GET walletLedger/reconcile, run as a job a part at a time with its progress: 202 with the run asked for, or 200 with the one already queued or running.",
        response: { 200: reconcileRun, 202: reconcileRun },
      },
    },
    async (_request, reply) => {
      const { run, created } = await startReconcileRun(app.db);
      if (created) app.jobs.wake();
      return reply.code(created ? 202 : 200).send(run);
    },
  );
  app.get(
    "/walletLedger/reconcileRuns/latest",
    {
      config: { permission: "wallets:view" },
      schema: {
        tags,
        description: "The last run asked for, whatever its state; null before the first.",
        response: { 200: reconcileRun.nullable() },
      },
    },
    async () => (await latestReconcileRun(app.db)) ?? null,
  );
  app.get(
    "/users/:id/owed",
    {
      config: { permission: "wallets:view" },
      schema: { tags, params: idParams, response: { 200: owedAnswer } },
    },
    async (request) => owedSummary(app.db, request.params.id),
  );
  app.post(
    "/walletAdjustments",
    {
      config: { permission: "wallets:manage" },
      schema: {
        tags,
        body: walletAdjustmentInput,
        description:
          "A credit of the wallet or cash wallet above the second-approval amount (General settings), or bringing what the caller credited the member within a day above it, is not posted: it answers 202 with a pending adjustment that another holder of wallets:manage approves (PUT walletAdjustments/{id}).",
        response: { 201: ledgerEntry, 202: adjustmentRequest },
      },
    },
    async (request, reply) => {
      const adjusted = await adjustBalance(app.db, request.admin, request.body);
      return adjusted.posted
        ? reply.code(201).send(adjusted.entry)
        : reply.code(202).send(adjusted.request);
    },
  );
  app.get(
    "/walletAdjustments",
    {
      config: { permission: "wallets:view" },
      schema: {
        tags,
        querystring: adjustmentRequestsQuery,
        response: { 200: adjustmentRequest.array() },
      },
    },
    async (request) => listAdjustments(app.db, request.query),
  );
  app.put(
    "/walletAdjustments/:id",
    {
      config: { permission: "wallets:manage" },
      schema: {
        tags,
        params: idParams,
        body: adjustmentDecision,
        description:
          "Approving needs a step-up and a person other than the one who asked; it posts the adjustment. Rejecting posts nothing. Only a pending adjustment (409 adjustment_decided).",
        response: { 200: adjustmentRequest },
      },
    },
    async (request) =>
      decideAdjustment(
        app.db,
        request.admin,
        request.params.id,
        request.body.status,
        ifMatchOf(request),
      ),
  );
}
