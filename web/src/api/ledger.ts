import {
  type AdjustmentRequest,
  LEDGER_ACCOUNTS,
  type LedgerAccount,
  type LedgerEntry,
  type OwedSummary,
  type ReconcileRun,
  type WalletAdjustmentInput,
  type WithdrawRequest,
  type WithdrawReversalInput,
} from "@store/contract";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  api,
  type ListPage,
  refreshWhatever,
  requestPage,
  SAID_ON_SCREEN,
  useRefresh,
} from "./client";
import type { ListParams } from "./crud";
import { users, wallets } from "./people";

/** Query keys of the ledger: every statement, balance and export lives under `all`. */
export const ledgerKeys = {
  all: ["walletLedger"] as const,
  list: (params: ListParams) => ["walletLedger", "list", params] as const,
  balances: (userId: number) => ["walletLedger", "balances", userId] as const,
  owed: (userId: number) => ["walletLedger", "owed", userId] as const,
  reconcileRun: ["walletLedger", "reconcileRun"] as const,
};

/** A run not yet finished: asked again every second for its progress. */
const RECONCILE_POLL_MS = 1000;
const unfinished = (run: ReconcileRun | null | undefined) =>
  run?.status === "queued" || run?.status === "running";

/**
 * GET walletLedger/reconcileRuns/latest: the last check of every balance and
 * order asked for (a job), with its progress while it runs; null before the first.
 */
export function useReconcileRun() {
  return useQuery<ReconcileRun | null>({
    queryKey: ledgerKeys.reconcileRun,
    queryFn: () => api.get<ReconcileRun | null>("walletLedger/reconcileRuns/latest"),
    refetchInterval: (query) => (unfinished(query.state.data) ? RECONCILE_POLL_MS : false),
  });
}

/** POST walletLedger/reconcileRuns: asks for a run (or answers the one under way). */
export function useStartReconcile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<ReconcileRun>("walletLedger/reconcileRuns"),
    onSuccess: (run) => client.setQueryData(ledgerKeys.reconcileRun, run),
  });
}

/**
 * GET users/{id}/owed: what a member still owes from reversed orders (a
 * reversal their balance could not cover), recovered from their next credits.
 * Under the ledger's key, so every ledger write refreshes it.
 */
export function useOwed(userId: number | null) {
  return useQuery<OwedSummary>({
    queryKey: ledgerKeys.owed(userId ?? 0),
    enabled: userId !== null,
    queryFn: () => api.get<OwedSummary>(`users/${userId ?? 0}/owed`),
  });
}

/** GET walletLedger: one page of entries, newest first (user_id, account, paging). */
export function useLedger(params: ListParams, enabled = true) {
  return useQuery<ListPage<LedgerEntry>>({
    queryKey: ledgerKeys.list(params),
    queryFn: () => requestPage<LedgerEntry>("walletLedger", params),
    placeholderData: keepPreviousData,
    enabled,
    // The statement shows its failure in its table, with a Retry (components/ListError.tsx).
    meta: SAID_ON_SCREEN,
  });
}

export type Balances = Record<LedgerAccount, string>;

/**
 * A member's three balances (`fresh`: read again whenever a screen shows them), each the balance after its newest entry (a
 * balance always equals the sum of its entries; no entry yet: 0.00).
 */
export function useBalances(userId: number | null, { fresh = false } = {}) {
  return useQuery<Balances>({
    queryKey: ledgerKeys.balances(userId ?? 0),
    enabled: userId !== null,
    // A figure an admin confirms money against is read afresh when it is shown.
    ...(fresh ? { refetchOnMount: "always" as const } : {}),
    queryFn: async () => {
      const latest = await Promise.all(
        LEDGER_ACCOUNTS.map((account) =>
          requestPage<LedgerEntry>("walletLedger", {
            user_id: userId ?? 0,
            account,
            _page: 1,
            _limit: 1,
          }),
        ),
      );
      return Object.fromEntries(
        LEDGER_ACCOUNTS.map((account, i) => [account, latest[i]?.rows[0]?.balance_after ?? "0.00"]),
      ) as Balances;
    },
  });
}

/** A balance write changes the statement, the wallet list and the user's PV. */
function useRefreshMoney() {
  return useRefresh(ledgerKeys.all, wallets.keys.all, users.keys.all, ["withdrawRequests"]);
}

/**
 * POST walletAdjustments: the entry it posted, or (202) the pending
 * adjustment a second person must approve (a money credit above the
 * second-approval amount).
 */
export function useAdjustWallet() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: (input: WalletAdjustmentInput) =>
      api.post<LedgerEntry | AdjustmentRequest>("walletAdjustments", input),
    onSuccess: refresh,
  });
}

/** A pending adjustment, not an entry: the answer of a credit awaiting a second person. */
export const isPendingAdjustment = (
  answer: LedgerEntry | AdjustmentRequest | unknown,
): answer is AdjustmentRequest =>
  typeof answer === "object" && answer !== null && "adjustment_id" in answer;

/** GET walletAdjustments?user_id=: the member's adjustments awaiting a second person. */
export function usePendingAdjustments(userId: number | null) {
  return useQuery<AdjustmentRequest[]>({
    queryKey: [...ledgerKeys.all, "pending", userId ?? 0],
    enabled: userId !== null,
    queryFn: () => api.get<AdjustmentRequest[]>(`walletAdjustments?user_id=${userId ?? 0}`),
  });
}

/** PUT walletAdjustments/{id}: approve (posts it) or reject a pending adjustment. */
export function useDecideAdjustment() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({
      request,
      status,
    }: {
      request: AdjustmentRequest;
      status: "approved" | "rejected";
    }) =>
      api.put<AdjustmentRequest>(
        `walletAdjustments/${request.adjustment_id}`,
        { status },
        request.version,
      ),
    ...refreshWhatever(refresh),
  });
}

/**
 * PUT withdrawRequest/{id}/reverse: a completed request is undone by a
 * withdrawal_reversal entry. The lists refresh whatever the answer (a 409:
 * someone reversed it first, and the admin should see so).
 */
export function useReverseWithdrawal() {
  const refresh = useRefreshMoney();
  return useMutation({
    mutationFn: ({
      id,
      input,
      version,
    }: {
      id: number;
      input: WithdrawReversalInput;
      version?: number | undefined;
    }) => api.put<WithdrawRequest>(`withdrawRequest/${id}/reverse`, input, version),
    ...refreshWhatever(refresh),
  });
}
