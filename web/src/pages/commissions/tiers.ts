import type { Membership } from "@store/contract";
import { useQuery } from "@tanstack/react-query";
import { useCallback } from "react";
import { api } from "../../api/client";
import { memberships } from "../../api/people";
import { useCan } from "../../lib/permissions";

/**
 * The membership tiers, for a person who may read them (members:view): the
 * memberships list's own query (memberships.useAll), asked only when it would
 * be answered. `mayRead` false: the screens name tiers by their ids.
 */
export function useMembershipTiers() {
  const mayRead = useCan("members:view");
  const query = useQuery<Membership[]>({
    queryKey: memberships.keys.list({ all: 1 }),
    queryFn: () => api.get<Membership[]>("memberships"),
    enabled: mayRead,
  });
  return { mayRead, query };
}

const NONE: readonly { member_id: number; membership: string }[] = [];

/**
 * A tier's name by its id, from the memberships (and any names the screen
 * knows already, as a report's tiers); "#3" for a tier not known.
 */
export function useTierName(known: readonly { member_id: number; membership: string }[] = NONE) {
  const { query } = useMembershipTiers();
  const tiers = query.data;
  return useCallback(
    (id: number) =>
      tiers?.find((t) => t.member_id === id)?.membership ??
      known.find((t) => t.member_id === id)?.membership ??
      `#${id}`,
    [tiers, known],
  );
}
