import type { User } from "@store/contract";
import type { TypeaheadPage } from "../components/TypeaheadSelect";
import { TYPEAHEAD_PAGE_SIZE } from "../components/TypeaheadSelect";
import { api, requestPage } from "./client";

/**
 * Users for a type-ahead (referral, testimonial customer): one page of
 * matches of `q`, by username, from the paged list call; never the whole list.
 * `choiceValue` picks what the select stores (a user id, or the username).
 */
export function userPages(choiceValue: (user: User) => string) {
  return async (q: string, page: number): Promise<TypeaheadPage> => {
    const { rows, total } = await requestPage<User>("users", {
      q: q || undefined,
      _page: page,
      _limit: TYPEAHEAD_PAGE_SIZE,
      _sort: "username",
      _order: "asc",
    });
    return { options: rows.map((u) => ({ value: choiceValue(u), label: u.username })), total };
  };
}

/** The username of one user id: GET users/{id}, the one record. */
export async function usernameOf(id: string): Promise<string | undefined> {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) return undefined;
  return (await api.get<User>(`users/${n}`)).username;
}

/** Typeahead answers live under the users key, so a user write refreshes them. */
export const USER_CHOICES_KEY = ["users", "choices"] as const;
