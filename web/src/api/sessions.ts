import type { SessionInfo, SessionsEnded } from "@store/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api, useRefresh } from "./client";

/** Whose sessions: the signed-in person's own, or one user's (staff:manage). */
export type SessionsOwner = "me" | number;

const basePath = (owner: SessionsOwner) =>
  owner === "me" ? "me/sessions" : `users/${owner}/sessions`;
export const sessionsKey = (owner: SessionsOwner) => ["sessions", owner] as const;

/** GET /api/me/sessions or /api/users/{id}/sessions: the active sessions, most recently seen first. */
export function useSessions(owner: SessionsOwner) {
  return useQuery({
    queryKey: sessionsKey(owner),
    queryFn: () => api.get<SessionInfo[]>(basePath(owner)),
  });
}

/**
 * Signs out one session (its id) or, with none, every session but the
 * caller's own. The list is read again whatever the answer.
 */
export function useEndSessions(owner: SessionsOwner) {
  const refresh = useRefresh(sessionsKey(owner));
  return useMutation({
    mutationFn: (sessionId: number | null) =>
      api.delete<SessionsEnded>(
        sessionId === null ? basePath(owner) : `${basePath(owner)}/${sessionId}`,
      ),
    onSettled: refresh,
  });
}
