import {
  ledgerEntry,
  ledgerListQuery,
  reconcileReport,
  walletAdjustmentInput,
} from "@store/contract";
import type { App } from "../../app";
import { sendPage } from "../../lib/paging";
import { adjustBalance, listEntries, reconcile } from "./service";

/** The wallet ledger (docs/DECISIONS.md, "The wallet ledger"): read, adjust, reconcile. */
export function registerLedgerRoutes(app: App): void {
  const tags = ["ledger"];
  app.get(
    "/walletLedger",
    { schema: { tags, querystring: ledgerListQuery, response: { 200: ledgerEntry.array() } } },
    async (request, reply) => sendPage(reply, await listEntries(app.db, request.query)),
  );
  app.get(
    "/walletLedger/reconcile",
    { schema: { tags, response: { 200: reconcileReport } } },
    async () => reconcile(app.db),
  );
  app.post(
    "/walletAdjustments",
    { schema: { tags, body: walletAdjustmentInput, response: { 201: ledgerEntry } } },
    async (request, reply) =>
      reply.code(201).send(await adjustBalance(app.db, request.admin, request.body)),
  );
}
