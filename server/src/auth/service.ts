import { createHash, randomBytes } from "node:crypto";
import {
  ADMIN_ROLE,
  type AdminData,
  BACK_OFFICE_ROLES,
  grants,
  PENDING_LOGIN_LIFETIME_MS,
  PERMISSIONS,
  type Permission,
  SESSION_LIFETIME_MS,
  STEP_UP_LIFETIME_MS,
} from "@store/contract";
import { and, eq, gt, inArray, lt, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import { fromWireTimestamp } from "../db/columns";
import { languages, sessions, users } from "../db/schema";
import { recordAudit } from "../lib/audit";
import { badRequest, HttpError, tooManyAttempts } from "../lib/errors";
import { guessCode } from "./codeGuesses";
import { dummyHash, hashPassword, needsRehash, verifyPassword } from "./password";
import { alertNewSignIn } from "./signInAlerts";
import { throttledAttempt } from "./throttle";

const adminColumns = {
  user_id: users.user_id,
  username: users.username,
  email: users.email,
  f_name: users.f_name,
  l_name: users.l_name,
  contact: users.contact,
  DOB: users.DOB,
  gender: users.gender,
  role: users.role,
  languages: users.languages,
  // "users"."user_id" spelled out: in a select from users alone Drizzle writes
  // the column bare, and inside these subqueries a bare user_id is ug's own.
  /** The union of the person's groups' permissions (an Admin's are all, below). */
  group_permissions: sql<Permission[]>`coalesce((
    select array_agg(distinct held order by held)
    from user_groups ug join permission_groups g on g.group_id = ug.group_id
    cross join lateral unnest(g.permissions) held
    where ug.user_id = "users"."user_id"), '{}')`,
  group_names: sql<string[]>`array(
    select g.name from user_groups ug join permission_groups g on g.group_id = ug.group_id
    where ug.user_id = "users"."user_id" order by lower(g.name))`,
  totp_enabled: sql<boolean>`${users.totp_secret} is not null`.mapWith(Boolean),
  /** The General setting: Admins and payout managers must use two-step login. */
  totp_policy: sql<boolean>`exists (select 1 from settings where totp_required = 1)`.mapWith(
    Boolean,
  ),
};
/** The signed-in person: an Admin or a Staff member, with what they may do. */
export type SessionAdmin = Omit<AdminData, "status">;
/** A private call's caller, as the guard found their session. */
export interface SessionCaller extends SessionAdmin {
  session_id: number;
  /** When the session last gave a fresh proof (POST /api/stepUp), or null. */
  step_up_at: string | null;
  last_seen_at: string;
}

/** Only an active Admin or Staff member may hold a session (Member and Agent may not). */
const isLiveStaff = and(inArray(users.role, [...BACK_OFFICE_ROLES]), eq(users.user_status, 1));

type PersonRow = Omit<SessionAdmin, "permissions" | "totp_enrolment_required"> & {
  group_permissions: Permission[];
  totp_policy: boolean;
};

/**
 * What a person may do: an Admin (the owner) holds every permission. With the
 * store's two-step rule on, an Admin or a payout manager without two-step
 * login owes its set-up first (auth/guard.ts).
 */
function withPermissions<T extends PersonRow>({ group_permissions, totp_policy, ...person }: T) {
  const permissions = person.role === ADMIN_ROLE ? [...PERMISSIONS] : group_permissions;
  const totp_enrolment_required =
    totp_policy &&
    !person.totp_enabled &&
    (person.role === ADMIN_ROLE || grants(permissions, "payouts:manage"));
  return { ...person, permissions, totp_enrolment_required };
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** Checks the credentials of an active Admin or Staff member. */
export async function findAdminByCredentials(
  db: Db,
  email: string,
  password: string,
): Promise<SessionAdmin | null> {
  const [row] = await db
    .select({ ...adminColumns, password_hash: users.password_hash })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, isLiveStaff))
    .limit(1);
  const ok = await verifyPassword(password, row?.password_hash ?? dummyHash());
  if (!row || !ok) return null;
  const { password_hash: stored, ...person } = row;
  if (needsRehash(stored)) await rehash(db, person.user_id, stored, password);
  return withPermissions(person);
}

/**
 * Stores the password again with the current scrypt cost, once it is known to
 * be right. Only if the hash is still the one just checked: a change made
 * meanwhile wins.
 */
async function rehash(db: Db, userId: number, stored: string, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db
    .update(users)
    .set({ password_hash })
    .where(and(eq(users.user_id, userId), eq(users.password_hash, stored)));
}

/**
 * The id of the account with this e-mail (any role or status), for a failed
 * login's audit row; one indexed read, run for every failure alike.
 */
export async function accountIdByEmail(db: Db, email: string): Promise<number | null> {
  const [row] = await db
    .select({ user_id: users.user_id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.user_id ?? null;
}

async function verifyAdminPassword(db: Db, userId: number, password: string): Promise<boolean> {
  const [row] = await db
    .select({ password_hash: users.password_hash })
    .from(users)
    .where(eq(users.user_id, userId))
    .limit(1);
  return verifyPassword(password, row?.password_hash ?? dummyHash());
}

/**
 * The signed-in administrator enters their password again (loginAdmin, a
 * change of their own password): throttled like login under their e-mail, so
 * a stolen session cannot become a way to guess it; a failure is audited.
 */
export async function recheckAdminPassword(
  db: Db,
  admin: SessionAdmin,
  address: string,
  password: string,
  check: string,
): Promise<boolean> {
  return recheck(db, admin, address, check, () => verifyAdminPassword(db, admin.user_id, password));
}

/**
 * The same for an authenticator or recovery code (POST /api/stepUp with
 * two-step login on): spent if good (auth/twoStep.ts), throttled and audited
 * alike, and counted against the account's guesses (auth/codeGuesses.ts).
 */
export async function recheckAdminCode(
  db: Db,
  admin: SessionAdmin,
  address: string,
  code: string,
  check: string,
): Promise<boolean> {
  return recheck(db, admin, address, check, async () =>
    admin.totp_enabled ? (await guessCode(db, admin.user_id, code)) !== null : false,
  );
}

async function recheck(
  db: Db,
  admin: SessionAdmin,
  address: string,
  check: string,
  verify: () => Promise<boolean>,
): Promise<boolean> {
  const outcome = await throttledAttempt(db, { email: admin.email, address }, async () =>
    (await verify()) ? true : null,
  );
  if (outcome.kind === "refused") throw tooManyAttempts(outcome.retryAfter);
  if (outcome.kind === "passed") return true;
  await recordAudit(db, admin, {
    entity: "Session",
    entityId: admin.user_id,
    action: "login_failed",
    after: { address, check },
  });
  return false;
}

/** Where a session was started from, shown on the person's list of sessions. */
export interface SessionOrigin {
  address: string;
  userAgent: string;
}

/**
 * A new session for the user; `pending`: a login that gave the right password
 * and still owes its authenticator code (POST /api/login/totp). A pending one
 * is no session to the guard and lives 5 minutes.
 */
export async function createSession(
  db: Db,
  userId: number,
  origin: SessionOrigin,
  pending = false,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const lifetime = pending ? PENDING_LOGIN_LIFETIME_MS : SESSION_LIFETIME_MS;
  // Only for a user who is still a live Admin or Staff member, read under a
  // share lock: a demotion or deactivation committed meanwhile (which ends
  // every session of the user) cannot be followed by a session from a login
  // already under way.
  const userAgent = origin.userAgent.slice(0, 300);
  await db.transaction(async (tx) => {
    const inserted = await tx.execute<{ session_id: number; started: string }>(sql`
      insert into sessions (token_hash, user_id, expires_at, address, user_agent, totp_pending)
      select ${hashToken(token)}, ${users.user_id},
        now() + make_interval(secs => ${lifetime / 1000}),
        ${origin.address}, ${userAgent}, ${pending}
      from ${users} where ${users.user_id} = ${userId} and ${isLiveStaff}
      for share
      returning session_id, to_char(created_at, 'YYYY-MM-DD HH24:MI') as started`);
    // A session begun (not a login owing its code): its person may have asked
    // to hear of one from a new device, in this transaction (auth/signInAlerts.ts).
    const [row] = inserted.rows;
    if (row && !pending)
      await alertNewSignIn(tx, userId, { ...row, address: origin.address, user_agent: userAgent });
  });
  // Housekeeping: expired sessions are of no use to anyone.
  await db.delete(sessions).where(lt(sessions.expires_at, sql`now()`));
  return token;
}

export async function findSessionCaller(db: Db, token: string): Promise<SessionCaller | null> {
  let lookup = sessionLookups.get(db);
  if (!lookup) {
    lookup = prepareSessionLookup(db);
    sessionLookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ token_hash: hashToken(token) });
  return row ? withPermissions(row) : null;
}

/**
 * Every private call runs this: built once per database, and a named statement
 * that PostgreSQL parses and plans once per connection (docs/decisions/lean-per-request.md).
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({
      ...adminColumns,
      session_id: sessions.session_id,
      step_up_at: sessions.step_up_at,
      last_seen_at: sessions.last_seen_at,
    })
    .from(sessions)
    .innerJoin(users, eq(users.user_id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, sql.placeholder("token_hash")),
        gt(sessions.expires_at, sql`now()`),
        eq(sessions.totp_pending, false),
        isLiveStaff,
      ),
    )
    .limit(1)
    .prepare("session_caller");
}
const sessionLookups = new WeakMap<Db, ReturnType<typeof prepareSessionLookup>>();

/**
 * The login behind a pending session's cookie (the password given, the code
 * owed), while it has not expired and its person may still sign in.
 */
export async function findPendingLogin(
  db: Db,
  token: string,
): Promise<{ token_hash: string; user_id: number; email: string } | null> {
  const [row] = await db
    .select({ token_hash: sessions.token_hash, user_id: users.user_id, email: users.email })
    .from(sessions)
    .innerJoin(users, eq(users.user_id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, hashToken(token)),
        gt(sessions.expires_at, sql`now()`),
        eq(sessions.totp_pending, true),
        isLiveStaff,
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ends a pending login (its code was given: a session with a new token follows). */
export async function endPendingLogin(db: Db, tokenHash: string): Promise<boolean> {
  const ended = await db
    .delete(sessions)
    .where(and(eq(sessions.token_hash, tokenHash), eq(sessions.totp_pending, true)))
    .returning({ user_id: sessions.user_id });
  return ended.length > 0;
}

/** The signed-in person by id, as the login answers them. */
export async function findPerson(db: Db, userId: number): Promise<SessionAdmin | null> {
  const [row] = await db
    .select(adminColumns)
    .from(users)
    .where(and(eq(users.user_id, userId), isLiveStaff))
    .limit(1);
  return row ? withPermissions(row) : null;
}

/**
 * The session's "last seen", for the person's list of sessions: written at
 * most once a minute, so a busy session costs one small write a minute.
 */
export async function noteSessionSeen(
  db: Db,
  caller: SessionCaller,
  now = Date.now(),
): Promise<void> {
  if (now - fromWireTimestamp(caller.last_seen_at).getTime() < 60_000) return;
  await db
    .update(sessions)
    .set({ last_seen_at: sql`now()` })
    .where(eq(sessions.session_id, caller.session_id));
}

/** The session gave a fresh proof now (POST /api/stepUp). */
export async function recordStepUp(db: Db, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ step_up_at: sql`now()` })
    .where(eq(sessions.session_id, sessionId));
}

/**
 * What can hurt most (docs/decisions/permissions.md, the step-up list) needs a
 * fresh proof from this session within STEP_UP_LIFETIME_MS; a login is not one,
 * so a stolen cookie does not carry it.
 */
export function requireStepUp(caller: Pick<SessionCaller, "step_up_at">, now = Date.now()): void {
  const at = caller.step_up_at ? fromWireTimestamp(caller.step_up_at).getTime() : 0;
  if (now - at > STEP_UP_LIFETIME_MS)
    throw new HttpError(
      403,
      "step_up_required",
      {},
      "Confirm it is you: enter your password or authenticator code again.",
    );
}

export async function endSession(db: Db, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.token_hash, hashToken(token)));
}

/**
 * Ends every session of a user, but for the one whose token is kept (the
 * caller's own, when they change their own password).
 */
export async function endSessionsOf(db: Tx, userId: number, keepToken?: string): Promise<void> {
  const others = keepToken ? ne(sessions.token_hash, hashToken(keepToken)) : undefined;
  await db.delete(sessions).where(and(eq(sessions.user_id, userId), others));
}

export const UNKNOWN_LANGUAGE = "Language must be one of the listed languages.";

/**
 * The signed-in administrator's own language, kept on their user record so
 * every browser they sign in from speaks it (docs/decisions/languages.md).
 * One transaction with its audit row; saving the language already kept
 * writes nothing.
 */
export async function saveOwnLanguage(
  db: Db,
  admin: SessionAdmin,
  language: string,
): Promise<string> {
  return db.transaction(async (tx) => {
    const [known] = await tx
      .select({ languages: languages.languages })
      .from(languages)
      .where(eq(languages.languages, language))
      .limit(1);
    if (!known)
      throw badRequest("languages", "not_listed", { field: "languages" }, UNKNOWN_LANGUAGE);
    const [row] = await tx
      .select({ languages: users.languages })
      .from(users)
      .where(eq(users.user_id, admin.user_id))
      .for("update");
    if (!row || row.languages === known.languages) return known.languages;
    await tx
      .update(users)
      .set({ languages: known.languages, updated_at: sql`now()` })
      .where(eq(users.user_id, admin.user_id));
    await recordAudit(tx, admin, {
      entity: "User",
      entityId: admin.user_id,
      action: "update",
      before: { languages: row.languages },
      after: { languages: known.languages },
    });
    return known.languages;
  });
}
