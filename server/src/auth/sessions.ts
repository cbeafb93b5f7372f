/**
 * Sessions a person can see and end (docs/SECURITY.md, "Sessions"): their own
 * on the profile, anyone's for holders of staff:manage on Edit User. Only live
 * sessions are listed: not expired, and not a login still owing its
 * authenticator code. Ending one deletes it, so the next call with its cookie
 * is 401 and the web app goes to the login page. Each end is audited.
 */
import {
  idParams,
  ownSessionParams,
  type SessionInfo,
  sessionInfo,
  sessionsEnded,
  userSessionParams,
} from "@store/contract";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { App } from "../appType";
import type { Db } from "../db/client";
import { sessions, users } from "../db/schema";
import { recordAudit } from "../lib/audit";
import { notFound } from "../lib/errors";
import { browserOf } from "./browsers";
import type { SessionCaller } from "./service";

const live = (userId: number) =>
  and(
    eq(sessions.user_id, userId),
    gt(sessions.expires_at, sql`now()`),
    eq(sessions.totp_pending, false),
  );

async function sessionsOf(db: Db, userId: number, caller: SessionCaller): Promise<SessionInfo[]> {
  const rows = await db
    .select({
      session_id: sessions.session_id,
      started_at: sessions.created_at,
      last_seen_at: sessions.last_seen_at,
      address: sessions.address,
      user_agent: sessions.user_agent,
    })
    .from(sessions)
    .where(live(userId))
    .orderBy(desc(sessions.last_seen_at), desc(sessions.session_id));
  return rows.map(({ user_agent, ...row }) => ({
    ...row,
    ...browserOf(user_agent),
    current: row.session_id === caller.session_id,
  }));
}

/**
 * Ends the person's sessions named (or all but the caller's own, when none is
 * named), with one audit row, in one transaction. Answers how many ended.
 */
async function endSessions(
  db: Db,
  caller: SessionCaller,
  userId: number,
  which: { sessionId: number } | "all_but_current",
): Promise<number> {
  return db.transaction(async (tx) => {
    const chosen =
      which === "all_but_current"
        ? ne(sessions.session_id, caller.session_id)
        : eq(sessions.session_id, which.sessionId);
    const ended = await tx
      .delete(sessions)
      .where(and(live(userId), chosen))
      .returning({ session_id: sessions.session_id });
    if (which !== "all_but_current" && ended.length === 0) throw notFound("Session");
    if (ended.length === 0) return 0;
    await recordAudit(tx, caller, {
      entity: "Session",
      entityId: userId,
      action: "logout",
      after: { sessions: ended.map((s) => s.session_id), ended_by: caller.username },
    });
    return ended.length;
  });
}

async function requireUser(db: Db, userId: number): Promise<void> {
  const [row] = await db
    .select({ user_id: users.user_id })
    .from(users)
    .where(eq(users.user_id, userId));
  if (!row) throw notFound("User");
}

const endedMessage = (ended: number) => ({
  status: 200,
  message: ended === 1 ? "Signed out 1 session." : `Signed out ${ended} sessions.`,
  ended,
});

export function registerSessionRoutes(app: App): void {
  const tags = ["auth"];
  const listed = { 200: sessionInfo.array() };
  const ended = { 200: sessionsEnded };

  app.get(
    "/me/sessions",
    {
      config: { permission: "signed_in" },
      schema: { tags, summary: "The caller's active sessions", response: listed },
    },
    async (request) => sessionsOf(app.db, request.admin.user_id, request.admin),
  );
  app.delete(
    "/me/sessions/:id",
    {
      config: { permission: "signed_in" },
      schema: {
        tags,
        summary: "Sign out one of the caller's sessions",
        params: ownSessionParams,
        response: ended,
      },
    },
    async (request) =>
      endedMessage(
        await endSessions(app.db, request.admin, request.admin.user_id, {
          sessionId: request.params.id,
        }),
      ),
  );
  app.delete(
    "/me/sessions",
    {
      config: { permission: "signed_in" },
      schema: {
        tags,
        summary: "Sign out every session of the caller but this one",
        response: ended,
      },
    },
    async (request) =>
      endedMessage(
        await endSessions(app.db, request.admin, request.admin.user_id, "all_but_current"),
      ),
  );

  app.get(
    "/users/:id/sessions",
    {
      config: { permission: "staff:manage" },
      schema: {
        tags,
        summary: "A person's active sessions",
        params: idParams,
        response: listed,
      },
    },
    async (request) => {
      await requireUser(app.db, request.params.id);
      return sessionsOf(app.db, request.params.id, request.admin);
    },
  );
  app.delete(
    "/users/:id/sessions/:sid",
    {
      config: { permission: "staff:manage" },
      schema: {
        tags,
        summary: "Sign out one of a person's sessions",
        params: userSessionParams,
        response: ended,
      },
    },
    async (request) =>
      endedMessage(
        await endSessions(app.db, request.admin, request.params.id, {
          sessionId: request.params.sid,
        }),
      ),
  );
  app.delete(
    "/users/:id/sessions",
    {
      config: { permission: "staff:manage" },
      schema: {
        tags,
        summary: "Sign out every session of a person (but the caller's own)",
        params: idParams,
        response: ended,
      },
    },
    async (request) => {
      await requireUser(app.db, request.params.id);
      return endedMessage(
        await endSessions(app.db, request.admin, request.params.id, "all_but_current"),
      );
    },
  );
}
