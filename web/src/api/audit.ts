import type { AuditEntry } from "@store/contract";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { type ListPage, requestPage, SAID_ON_SCREEN } from "./client";
import type { ListParams } from "./crud";

/** Every audit query sits under this key; any write refreshes it (useRefresh in client.ts). */
export const auditKeys = {
  all: ["auditLog"] as const,
  list: (params: ListParams) => ["auditLog", "list", params] as const,
};

/** GET auditLog with paging, sort and the filters (entity, entity_id, actor, action, created_at_gte/lte). */
export function useAuditLog(params: ListParams, saidOnScreen = false) {
  return useQuery<ListPage<AuditEntry>>({
    queryKey: auditKeys.list(params),
    queryFn: () => requestPage<AuditEntry>("auditLog", params),
    placeholderData: keepPreviousData,
    // /auditLog shows its failure in its table (components/ListError.tsx); a History panel by toast.
    ...(saidOnScreen ? { meta: SAID_ON_SCREEN } : {}),
  });
}
