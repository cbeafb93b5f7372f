import { z } from "zod";
import { say } from "./errors";
import { idParams, timestamp } from "./primitives";

/**
 * One of a person's active sessions (GET /api/me/sessions, GET
 * /api/users/{id}/sessions): when it started and was last seen, where from,
 * the browser's and its system's short names ("" when the user agent names
 * none we know), and whether it is the caller's own. The cookie's token is never answered.
 */
export const sessionInfo = z.object({
  session_id: z.number(),
  started_at: timestamp,
  last_seen_at: timestamp,
  address: z.string(),
  browser: z.string(),
  system: z.string(),
  current: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

const UNKNOWN_SESSION = say("unknown_id", {}, "Unknown id.");
const sessionId = z.coerce
  .number()
  .int()
  .positive(UNKNOWN_SESSION)
  .max(Number.MAX_SAFE_INTEGER, UNKNOWN_SESSION);

/** DELETE /api/me/sessions/{id}. */
export const ownSessionParams = z.object({ id: sessionId });
/** DELETE /api/users/{id}/sessions/{sid}. */
export const userSessionParams = idParams.extend({ sid: sessionId });

/** What signing out did: how many sessions it ended. */
export const sessionsEnded = z.object({
  status: z.number(),
  message: z.string(),
  ended: z.number(),
});
export type SessionsEnded = z.infer<typeof sessionsEnded>;
