import type { PayoutApprovals, WithdrawDecision, WithdrawRequest } from "@store/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api, refreshWhatever, useRefresh } from "./client";
import { createResource } from "./crud";
import { wallets } from "./people";

/** Withdrawal requests: GET withdrawRequest, PUT withdrawRequest/{id}. There is no create. */
export const withdrawRequests = createResource<WithdrawRequest, WithdrawDecision>({
  name: "withdrawRequests",
  list: "withdrawRequest",
  item: (id) => `withdrawRequest/${id}`,
});

export type Decision = "completed" | "rejected";

/**
 * Approves (completed) or rejects a request. The list is refreshed whatever
 * the answer: a 409 means someone else decided it first, and the admin
 * should see how.
 */
export function useDecideWithdrawal() {
  // Approving posts a withdrawal entry: the statements and balances change too.
  const refresh = useRefresh(withdrawRequests.keys.all, wallets.keys.all, ["walletLedger"]);
  return useMutation({
    mutationFn: ({
      id,
      decision,
      version,
    }: {
      id: number;
      decision: Decision;
      /** The version the admin was shown: a request changed since is refused (412). */
      version?: number | undefined;
    }) =>
      api.put<WithdrawRequest>(
        `withdrawRequest/${id}`,
        { withdraw_id: id, withdraw_status: decision },
        version,
      ),
    ...refreshWhatever(refresh),
  });
}

/**
 * GET withdrawRequest/approvals: what approving these requests, in this
 * order, would be for the signed-in person (a complete approval, a first one
 * only, a second), read afresh each time an Approve dialog opens.
 */
export function usePayoutApprovals(ids: number[], enabled = true) {
  return useQuery<PayoutApprovals>({
    queryKey: [...withdrawRequests.keys.all, "approvals", ids],
    enabled: enabled && ids.length > 0,
    refetchOnMount: "always",
    staleTime: 0,
    queryFn: () => api.get<PayoutApprovals>(`withdrawRequest/approvals?ids=${ids.join(",")}`),
  });
}
