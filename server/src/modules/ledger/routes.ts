import {
  idParams,
  ledgerEntry,
  ledgerListQuery,
  owedSummary as owedAnswer,
  reconcileReport,
  walletAdjustmentInput,
} from "@store/contract";
import type { App } from "../../appType";
import { sendPage } from "../../lib/lists";
import { owedSummary } from "./owed";
import { reconcile } from "./reconcile";
import { adjustBalance, listEntries } from "./service";

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
      schema: { tags, body: walletAdjustmentInput, response: { 201: ledgerEntry } },
    },
    async (request, reply) =>
      reply.code(201).send(await adjustBalance(app.db, request.admin, request.body)),
  );
}
