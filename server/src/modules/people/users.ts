/**
 * Users: the list with its joined names, create/update/delete with their
 * rules (choices from the lists, unique names, a wallet per user, the
 * referral tree kept true), each write one transaction with audit rows.
 */
import type { ListQuery, User, userCreate, userUpdate } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import { alias, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { hashPassword } from "../../auth/password";
import type { SessionCaller } from "../../auth/service";
import type { Db, Tx } from "../../db/client";
import {
  currencies,
  genders,
  languages,
  memberships,
  roles,
  totpLocks,
  userGroups,
  users,
  userWallets,
} from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, type Page, readPage } from "../../lib/lists";
import { keysetJsonArray, tableBatches } from "../../lib/stream";
import { requireVersion } from "../../lib/versions";
import { kycUserColumns } from "../kyc/columns";
import {
  type AccessCaller,
  assertAnotherAdminRemains,
  assertCurrentPassword,
  checkCreate,
  checkEditor,
  checkUpdate,
  endSessionsIfNeeded,
  lockAdminSet,
  mayEndAdmin,
  stepUpForCreate,
  stepUpForUpdate,
  writeGroups,
} from "./access";
import { applyReferralChange, assertNoCycle, lockReferralTree, lockUsers } from "./referrals";
import { userSearch } from "./search";

type UserCreate = z.output<typeof userCreate>;
type UserUpdate = z.output<typeof userUpdate>;

const referrer = alias(users, "referrer");

/** The user as answered: joined names, never the password. */
const userColumns = {
  user_id: users.user_id,
  username: users.username,
  email: users.email,
  f_name: users.f_name,
  l_name: users.l_name,
  contact: users.contact,
  DOB: users.DOB,
  gender: users.gender,
  role: users.role,
  membership: users.membership,
  membership_name: memberships.membership,
  down_line: users.down_line,
  referral_of: users.referral_of,
  referrer_username: referrer.username,
  ttl_pv: users.ttl_pv,
  ttl_order: users.ttl_order,
  languages: users.languages,
  currency: users.currency,
  user_status: users.user_status,
  messages_opt_out: users.messages_opt_out,
  created_at: users.created_at,
  updated_at: users.updated_at,
  version: users.version,
};

/**
 * The groups a person holds, in id order: one read of user_groups' primary
 * key per row. Not a list field (no sort or filter by it), so a page stays
 * as fast as it was.
 */
const heldGroups = sql<number[]>`array(
  select ${userGroups.group_id} from ${userGroups}
  where ${userGroups.user_id} = ${users.user_id} order by ${userGroups.group_id})`;

/** Two-step login on (an enrolled secret), as the users list shows it; never the secret. */
const totpEnabled = sql<boolean>`${users.totp_secret} is not null`.mapWith(Boolean);

/** Locked after too many wrong codes (auth/codeGuesses.ts): one read of totp_locks' key. */
const totpLocked = sql<boolean>`exists(
  select 1 from ${totpLocks} where ${totpLocks.user_id} = ${users.user_id})`.mapWith(Boolean);

function selectUsers(db: Tx) {
  return db
    .select({
      ...userColumns,
      // The KYC status and the identity number masked (docs/decisions/kyc.md).
      ...kycUserColumns(users.user_id),
      groups: heldGroups,
      totp_enabled: totpEnabled,
      totp_locked: totpLocked,
    })
    .from(users)
    .leftJoin(memberships, eq(memberships.member_id, users.membership))
    .leftJoin(referrer, eq(referrer.user_id, users.referral_of))
    .$dynamic();
}

const listSpec = defineList({
  search: userSearch,
  sort: {
    membership_name: {
      by: memberships.membership,
      parent: { table: memberships, key: memberships.member_id, column: memberships.membership },
      fk: users.membership,
    },
    referrer_username: {
      by: referrer.username,
      parent: { table: users, key: users.user_id, column: users.username },
      fk: users.referral_of,
    },
  },
  defaultOrder: { by: users.user_id, order: "asc" },
  key: users.user_id,
  scale: "large",
  because: "every member who signs up, hundreds of thousands in a grown scheme",
  total: "users",
  // Members per membership and per month joined, for the dashboard (the month
  // in the store's time zone, running_totals_time_zone).
  totals: {
    more: [
      { prefix: "users.membership:", bucket: "c.membership" },
      {
        prefix: "users.month:",
        bucket:
          "to_char(c.created_at AT TIME ZONE (SELECT time_zone FROM running_totals_time_zone), 'YYYY-MM')",
      },
    ],
  },
  // `groups` only for the CSV and workbook: a JSON field is neither sorted nor filtered by.
  fields: {
    ...fieldsOf(userColumns),
    messages_opt_out: { by: sql`${users.messages_opt_out}::text`, type: "text" },
    ...fieldsOf(kycUserColumns(users.user_id)),
    groups: { by: sql`to_json(${heldGroups})`, type: "json" },
  },
});

export async function listUsers(db: Tx, query: ListQuery): Promise<Page<User>> {
  const clauses = listClauses(query, listSpec);
  return readPage(db, clauses, {
    table: users,
    joins: sql`
      left join ${memberships} on ${eq(memberships.member_id, users.membership)}
      left join ${users} ${sql.identifier("referrer")} on ${eq(referrer.user_id, users.referral_of)}`,
    rows: (where, orderBy) =>
      selectUsers(db)
        .where(where)
        .orderBy(...orderBy),
    select: selectUsers,
    keyOf: (row) => row.user_id,
  });
}

export async function findUser(db: Tx, userId: number): Promise<User | undefined> {
  const [row] = await selectUsers(db).where(eq(users.user_id, userId)).limit(1);
  return row;
}

export async function getUser(db: Tx, userId: number): Promise<User> {
  const row = await findUser(db, userId);
  if (!row) throw notFound("User");
  return row;
}

/** GET usersCount: one small row per user (the dashboard counts them). */
export function userIds(db: Tx) {
  return keysetJsonArray(
    tableBatches(db, {
      table: users,
      key: users.user_id,
      row: sql`'{"user_id":' || ${users.user_id} || '}'`,
    }),
  );
}

/** GET getNextUserId: what the id sequence will hand out next (informational). */
export async function nextUserId(db: Tx): Promise<{ user_id: number }> {
  const result = await db.execute<{ next: string | number }>(
    sql`select case when is_called then last_value + 1 else last_value end as next from users_user_id_seq`,
  );
  return { user_id: Number(result.rows[0]?.next ?? 1) };
}

/** Each select must name a value of its list (docs/REQUIREMENTS.md section 5); else 400 naming the field. */
const CHOICES: { field: keyof UserUpdate; table: PgTable; column: PgColumn; message: string }[] = [
  {
    field: "gender",
    table: genders,
    column: genders.gender,
    message: "Gender must be one of the listed genders.",
  },
  {
    field: "role",
    table: roles,
    column: roles.role,
    message: "Role must be one of the listed roles.",
  },
  {
    field: "languages",
    table: languages,
    column: languages.languages,
    message: "Language must be one of the listed languages.",
  },
  {
    field: "currency",
    table: currencies,
    column: currencies.currency_code,
    message: "Currency must be one of the listed currencies.",
  },
  {
    field: "membership",
    table: memberships,
    column: memberships.member_id,
    message: "Membership must be one of the listed memberships.",
  },
  {
    field: "referral_of",
    table: users,
    column: users.user_id,
    message: "Referral must be an existing user.",
  },
];

async function assertChoices(tx: Tx, input: UserUpdate): Promise<void> {
  for (const { field, table, column, message } of CHOICES) {
    const value = input[field];
    if (value === undefined || value === null) continue;
    const [found] = await tx.select({ one: sql`1` }).from(table).where(eq(column, value)).limit(1);
    const code = field === "referral_of" ? "existing_user" : "not_listed";
    if (!found) throw badRequest(field, code, { field }, message);
  }
}

/** Usernames and e-mails are unique whatever their case; else 409 with a plain message. */
async function assertUnique(tx: Tx, input: UserUpdate, exceptId?: number): Promise<void> {
  if (input.username !== undefined) {
    const [taken] = await tx
      .select({ user_id: users.user_id })
      .from(users)
      .where(
        sql`lower(${users.username}) = lower(${input.username}) and ${users.user_id} <> ${exceptId ?? 0}`,
      );
    if (taken) throw usernameTaken(input.username);
  }
  if (input.email !== undefined) {
    const [taken] = await tx
      .select({ user_id: users.user_id })
      .from(users)
      .where(
        sql`lower(${users.email}) = lower(${input.email}) and ${users.user_id} <> ${exceptId ?? 0}`,
      );
    if (taken) throw emailTaken(input.email);
  }
}

const usernameTaken = (username: string) =>
  conflict("username_taken", { username }, `The username "${username}" is already taken.`);
const emailTaken = (email: string) =>
  conflict("email_taken", { email }, `The e-mail "${email}" is already in use by another user.`);
export const lookalikeMessage = (taken: string) =>
  `This username looks the same as "${taken}", which is taken.`;
const lookalike = (taken: string) =>
  conflict("username_lookalike", { username: taken }, lookalikeMessage(taken));
const LOOKALIKE_RACE = "This username looks the same as another user's, which is taken.";
const lookalikeRace = () => conflict("username_lookalike_race", {}, LOOKALIKE_RACE);

/**
 * A new username whose confusable skeleton (migration 0015) is another
 * account's is refused with 409 naming that account (docs/decisions/confusable-names.md). Only a name that changes is checked,
 * so an account whose old name was let in before the rule can still be saved.
 */
async function assertNotLookalike(tx: Tx, username: string, exceptId?: number): Promise<void> {
  const [alike] = await tx
    .select({ username: users.username })
    .from(users)
    .where(
      sql`${users.username_skeleton} = username_skeleton(${username}) and ${users.user_id} <> ${exceptId ?? 0}`,
    )
    .limit(1);
  // The same name, met first by this check when two saves of it race: "taken", as the unique key says.
  if (alike)
    throw alike.username === username ? usernameTaken(username) : lookalike(alike.username);
}

/**
 * Two saves of the same new name can both pass the check above; the unique
 * index then refuses the second, and it gets the same plain message.
 */
function uniqueViolation(error: unknown, input: UserUpdate): Error | null {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (constraint === "users_username_key") return usernameTaken(input.username ?? "");
    if (constraint === "users_username_skeleton_key") return lookalikeRace();
    if (constraint === "users_email_key") return emailTaken(input.email ?? "");
  }
  return null;
}

async function withUniqueMessages<T>(input: UserUpdate, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw uniqueViolation(error, input) ?? error;
  }
}

function columnValues(input: UserUpdate) {
  const { password: _password, currentPassword: _current, groups: _groups, ...fields } = input;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<
    typeof users.$inferInsert
  >;
}

export async function createUser(db: Db, actor: AccessCaller, input: UserCreate): Promise<User> {
  checkCreate(actor, input);
  // Hashing is slow on purpose: do it before any lock is taken.
  const password_hash = await hashPassword(input.password);
  return withUniqueMessages(input, () =>
    db.transaction(async (tx) => {
      if (input.referral_of !== null) await lockReferralTree(tx);
      await assertChoices(tx, input);
      await assertUnique(tx, input);
      await assertNotLookalike(tx, input.username);
      stepUpForCreate(actor, input.role);
      const [created] = await tx
        .insert(users)
        .values({ ...columnValues(input), ...requiredValues(input), password_hash })
        .returning({ user_id: users.user_id });
      const userId = created?.user_id ?? 0;
      await writeGroups(tx, userId, input.groups);
      const [wallet] = await tx.insert(userWallets).values({ user_id: userId }).returning();
      if (input.referral_of !== null) await applyReferralChange(tx, actor, null, input.referral_of);
      const after = await getUser(tx, userId);
      await recordAudit(tx, actor, { entity: "User", entityId: userId, action: "create", after });
      await recordAudit(tx, actor, {
        entity: "Wallet",
        entityId: wallet?.wallet_id ?? 0,
        action: "create",
        after: wallet,
      });
      return after;
    }),
  );
}

function requiredValues(input: UserCreate) {
  return {
    username: input.username,
    email: input.email,
    f_name: input.f_name,
    l_name: input.l_name,
    contact: input.contact,
    gender: input.gender,
    role: input.role,
    languages: input.languages,
    currency: input.currency,
  };
}

// The profile's messages, kept with its rule (people/access.ts).
export { CURRENT_PASSWORD_NEEDED, CURRENT_PASSWORD_WRONG } from "./access";

/** The administrator calling, as the guard found them, and where from. */
export interface Caller {
  admin: SessionCaller;
  address: string;
  /** Their own session: a change of their own password keeps it and ends their others. */
  sessionToken: string | undefined;
}

/** PUT users/{id}. */
export async function updateUser(
  db: Db,
  caller: Caller,
  userId: number,
  input: UserUpdate,
  expected?: number,
): Promise<User> {
  const { admin: actor, sessionToken } = caller;
  checkEditor(actor, userId, input);
  await assertCurrentPassword(db, caller, userId, input);
  const password_hash = input.password ? await hashPassword(input.password) : undefined;
  return withUniqueMessages(input, () =>
    db.transaction(async (tx) => {
      const touchesReferral = input.referral_of !== undefined;
      if (touchesReferral) await lockReferralTree(tx);
      // Before any user row: docs/decisions/staff-accounts.md (the last Admin).
      if (mayEndAdmin(input)) await lockAdminSet(tx);
      await lockUsers(tx, [userId]);
      const before = await findUser(tx, userId);
      if (!before) throw notFound("User");
      await requireVersion(tx, userRecord(before), expected);
      const access = checkUpdate(actor, before, input);
      if (access.losesAdmin) await assertAnotherAdminRemains(tx, userId);
      await assertChoices(tx, input);
      await assertUnique(tx, input, userId);
      if (input.username !== undefined && input.username !== before.username)
        await assertNotLookalike(tx, input.username, userId);
      const referralChanged = touchesReferral && input.referral_of !== before.referral_of;
      if (referralChanged && input.referral_of) await assertNoCycle(tx, userId, input.referral_of);
      stepUpForUpdate(actor, userId, access, Boolean(password_hash));
      if (access.groupsChanged) await writeGroups(tx, userId, access.groupsAfter);
      await tx
        .update(users)
        .set({
          ...columnValues(input),
          ...(password_hash ? { password_hash } : {}),
          updated_at: sql`now()`,
        })
        .where(eq(users.user_id, userId));
      if (referralChanged)
        await applyReferralChange(tx, actor, before.referral_of, input.referral_of ?? null);
      const after = await getUser(tx, userId);
      await endSessionsIfNeeded(tx, actor, before, after, Boolean(password_hash), sessionToken);
      const changed = password_hash ? { ...after, password: "changed" } : after;
      await recordAudit(tx, actor, {
        entity: "User",
        entityId: userId,
        action: "update",
        before,
        after: changed,
      });
      return after;
    }),
  );
}

/** A user for lib/versions.ts: their PV moves by the ledger, which writes no User audit row. */
export const userRecord = (user: User) => ({
  entity: "User",
  id: user.user_id,
  row: user,
  ledgerUserId: user.user_id,
});

/** PUT referralUpdate/{id}: the old client's count is ignored; the truth is recounted. */
export async function refreshDownLine(db: Db, actor: Actor, userId: number): Promise<User> {
  return db.transaction(async (tx) => {
    await lockReferralTree(tx);
    const before = await findUser(tx, userId);
    if (!before) throw notFound("User");
    await applyReferralChange(tx, actor, userId, null);
    const after = await getUser(tx, userId);
    if (after.down_line !== before.down_line) {
      await recordAudit(tx, actor, {
        entity: "User",
        entityId: userId,
        action: "update",
        before,
        after,
      });
    }
    return after;
  });
}

/** PUT updateMembership/{user_id}: sets a membership that exists. */
export async function setMembership(
  db: Db,
  actor: AccessCaller,
  userId: number,
  membership: number,
  expected?: number,
): Promise<User> {
  return db.transaction(async (tx) => {
    await lockUsers(tx, [userId]);
    const before = await findUser(tx, userId);
    if (!before) throw notFound("User");
    await requireVersion(tx, userRecord(before), expected);
    checkUpdate(actor, before, {});
    await assertChoices(tx, { membership });
    await tx
      .update(users)
      .set({ membership, updated_at: sql`now()` })
      .where(eq(users.user_id, userId));
    const after = await getUser(tx, userId);
    await recordAudit(tx, actor, {
      entity: "User",
      entityId: userId,
      action: "update",
      before,
      after,
    });
    return after;
  });
}
