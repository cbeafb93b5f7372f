import type {
  Currency,
  Gender,
  GenealogyNode,
  Language,
  Membership,
  MembershipInput,
  ReferralMove,
  Role,
  User,
  UserCreate,
  UserUpdate,
  Wallet,
  WalletInput,
} from "@store/contract";
import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { api, refreshWhatever, requestPage, useRefresh } from "./client";
import { createResource, type RemoveTarget } from "./crud";

/** Users: GET/POST users, GET/PUT/DELETE users/{id}. */
export const users = createResource<User, UserCreate | UserUpdate>({
  name: "users",
  list: "users",
  item: (id) => `users/${id}`,
});

/** Wallets: GET/POST usersWallet, DELETE usersWallet/{id}. */
export const wallets = createResource<Wallet, WalletInput>({
  name: "wallets",
  list: "usersWallet",
  item: (id) => `usersWallet/${id}`,
});

/** Membership tiers: GET/POST memberships, GET/PUT/DELETE memberships/{id}. */
export const memberships = createResource<Membership, MembershipInput>({
  name: "memberships",
  list: "memberships",
  item: (id) => `memberships/${id}`,
});

/**
 * A user and their wallet live and die together, and a referral change moves
 * other users' counts and tiers: any people write refreshes every people list.
 */
export function useRefreshPeople() {
  return useRefresh(users.keys.all, wallets.keys.all, ["withdrawRequests"], ["dashboard"]);
}

/**
 * A member to delete, where their direct referrals go when they refer others,
 * and the version the row was shown with (If-Match).
 */
export interface MemberDeletion extends RemoveTarget {
  referrals?: ReferralMove;
}

const deletePath = (path: string, { id, referrals }: MemberDeletion) =>
  referrals ? `${path}/${id}?referrals=${referrals}` : `${path}/${id}`;

/**
 * DELETE users/{id}: the user, their wallet and their requests go. Refused
 * (409) while they hold money, or refer others without `referrals`.
 */
export function useRemoveUser() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (member: MemberDeletion) =>
      api.delete<User>(deletePath("users", member), member.version),
    ...refreshWhatever(refresh),
  });
}

/** DELETE usersWallet/{id}: the wallet goes with its user, by the same rules. */
export function useRemoveWallet() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (member: MemberDeletion) =>
      api.delete<Wallet>(deletePath("usersWallet", member), member.version),
    ...refreshWhatever(refresh),
  });
}

/** POST users / PUT users/{id}: also refreshes the referrers' counts and wallets. */
export function useSaveUser() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: ({
      id,
      input,
      version,
    }: {
      id: number | null;
      input: UserCreate | UserUpdate;
      version?: number | undefined;
    }) =>
      id === null ? api.post<User>("users", input) : api.put<User>(`users/${id}`, input, version),
    onSuccess: refresh,
  });
}

function useLookup<T>(path: string) {
  return useQuery({
    queryKey: ["lookups", path],
    queryFn: () => api.get<T[]>(path),
    staleTime: 5 * 60_000,
  });
}

export const useGenders = () => useLookup<Gender>("genders");
export const useRoles = () => useLookup<Role>("roles");
export const useLanguages = () => useLookup<Language>("languages");
export const useCurrencies = () => useLookup<Currency>("currencies");

/** Direct referrals asked for at a time when a tree node opens (then "Show more"). */
export const DOWNLINE_PAGE = 50;

/**
 * GET users/{id}/downline?depth=1: a member's direct referrals, a page at a
 * time after the last one shown, only once the node is opened (`enabled`).
 * Under the users key: a people write refreshes the tree.
 */
export function useDownline(userId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: [...users.keys.all, "downline", userId],
    enabled,
    initialPageParam: 0,
    queryFn: ({ pageParam }) =>
      requestPage<GenealogyNode>(`users/${userId}/downline`, {
        depth: 1,
        _limit: DOWNLINE_PAGE,
        after: pageParam || undefined,
      }),
    getNextPageParam: (last, pages) => {
      const shown = pages.reduce((sum, page) => sum + page.rows.length, 0);
      return shown < last.total && last.rows.length > 0 ? last.rows.at(-1)?.user_id : undefined;
    },
  });
}

/** GET users/{id}/upline: the path from the root of the tree down to the member. */
export function useUpline(userId: number | null) {
  return useQuery({
    queryKey: [...users.keys.all, "upline", userId ?? 0],
    enabled: userId !== null,
    retry: false,
    queryFn: () => api.get<GenealogyNode[]>(`users/${userId}/upline`),
  });
}
