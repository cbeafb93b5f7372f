/**
 * Who may change whom (docs/decisions/staff-accounts.md, docs/SECURITY.md):
 * the back-office accounts (Admin, Staff) are `staff:manage`'s; what can hurt
 * most needs a fresh proof (step-up); at least one active Admin always
 * remains; a person cannot change their own access; only a Staff member holds
 * permission groups. Each check runs inside the write's transaction, before
 * anything is written, so a refusal writes nothing.
 */
import { ADMIN_ROLE, BACK_OFFICE_ROLES, grants, STAFF_ROLE, type User } from "@store/contract";
import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { requirePermission } from "../../auth/permissions";
import {
  endSessionsOf,
  recheckAdminPassword,
  requireStepUp,
  type SessionCaller,
} from "../../auth/service";
import type { Db, Tx } from "../../db/client";
import { permissionGroups, userGroups, users } from "../../db/schema";
import { badRequest, conflict } from "../../lib/errors";

/** The caller of a users write: the guard's session caller (permissions, step-up). */
export type AccessCaller = Pick<
  SessionCaller,
  "user_id" | "username" | "permissions" | "step_up_at"
>;

const isBackOffice = (role: string | undefined) =>
  role !== undefined && (BACK_OFFICE_ROLES as readonly string[]).includes(role);
const isActiveAdmin = (user: Pick<User, "role" | "user_status">) =>
  user.role === ADMIN_ROLE && user.user_status === 1;
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** The parts of a write these rules look at. */
export interface AccessChange {
  role?: string;
  user_status?: 0 | 1;
  groups?: number[];
  email?: string;
}

/** What the profile changes of one's own record (docs/REQUIREMENTS.md, Profile). */
const PROFILE_FIELDS = new Set(["email", "contact", "password", "currentPassword"]);

/**
 * PUT users/{id} of one's own record passes the guard without members:manage
 * (the profile; auth/guard.ts `ownRecord`): it then takes only the profile's
 * fields. Checked before anything else, so a refusal writes nothing.
 */
export function checkEditor(caller: AccessCaller, userId: number, input: object): void {
  if (userId !== caller.user_id || grants(caller.permissions, "members:manage")) {
    requirePermission(caller.permissions, "members:manage");
    return;
  }
  const beyondProfile = Object.entries(input).some(
    ([field, value]) => value !== undefined && !PROFILE_FIELDS.has(field),
  );
  if (beyondProfile) requirePermission(caller.permissions, "members:manage");
}

/** POST users: a back-office account is staff:manage's and needs a step-up; groups only for Staff. */
export function checkCreate(caller: AccessCaller, input: Required<AccessChange>) {
  if (isBackOffice(input.role) || input.groups.length > 0)
    requirePermission(caller.permissions, "staff:manage");
  assertGroupsFitRole(input.role, input.groups);
}

/** The create's step-up, asked last: a refused form is refused before the proof is asked for. */
export function stepUpForCreate(caller: AccessCaller, role: string): void {
  if (isBackOffice(role)) requireStepUp(caller);
}

/** What an update changes that these rules care about. */
export interface AccessDelta {
  roleChanged: boolean;
  groupsChanged: boolean;
  /** The groups the person holds after the write. */
  groupsAfter: number[];
  losesAdmin: boolean;
  /** A deactivated account comes back as an Admin or Staff member: as strong as creating one. */
  reactivatesBackOffice: boolean;
  /** The login e-mail of another person's Admin or Staff account changes. */
  otherLoginEmailChanged: boolean;
}

/** Whether a write changes the e-mail a person signs in with (login matches it case-blind). */
export const changesEmail = (stored: string, email: string | undefined) =>
  email !== undefined && email.toLowerCase() !== stored.toLowerCase();

/**
 * PUT users/{id} (and the bulk status actions): refuses, before anything is
 * written, what the caller may not do. The step-up is checked last
 * (`stepUpForUpdate`).
 */
export function checkUpdate(caller: AccessCaller, before: User, input: AccessChange): AccessDelta {
  const roleAfter = input.role ?? before.role;
  const roleChanged = roleAfter !== before.role;
  // Leaving Staff clears the groups unless the write names some (then 400 below).
  const groupsAfter = input.groups ?? (roleAfter === STAFF_ROLE ? before.groups : []);
  const groupsChanged = !sameIds(groupsAfter, before.groups);
  const own = before.user_id === caller.user_id;
  // One's own record is not another back-office account: its access fields are refused below.
  const touchesBackOffice = own
    ? roleChanged || groupsChanged
    : isBackOffice(before.role) || isBackOffice(roleAfter) || groupsChanged;
  if (touchesBackOffice) requirePermission(caller.permissions, "staff:manage");
  if (own) assertKeepsOwnAccess(before, input, roleChanged, groupsChanged);
  assertGroupsFitRole(roleAfter, groupsAfter);
  const statusAfter = input.user_status ?? before.user_status;
  const losesAdmin =
    isActiveAdmin(before) && !isActiveAdmin({ role: roleAfter, user_status: statusAfter });
  const reactivatesBackOffice =
    before.user_status !== 1 && statusAfter === 1 && isBackOffice(roleAfter);
  const otherLoginEmailChanged =
    !own &&
    (isBackOffice(before.role) || isBackOffice(roleAfter)) &&
    changesEmail(before.email, input.email);
  return {
    roleChanged,
    groupsChanged,
    groupsAfter,
    losesAdmin,
    reactivatesBackOffice,
    otherLoginEmailChanged,
  };
}

/**
 * A fresh proof for what hands over an account or widens access: changing
 * anyone's role or groups, reactivating an Admin or Staff account, setting
 * another person's password or the e-mail another back-office person signs in with.
 */
export function stepUpForUpdate(
  caller: AccessCaller,
  userId: number,
  delta: AccessDelta,
  passwordSet: boolean,
): void {
  if (
    delta.roleChanged ||
    delta.groupsChanged ||
    delta.reactivatesBackOffice ||
    delta.otherLoginEmailChanged ||
    (passwordSet && userId !== caller.user_id)
  )
    requireStepUp(caller);
}

/** DELETE users/{id} (and usersWallet/{id}, the bulk deletes): checked before anything is written. */
export function checkDelete(caller: AccessCaller, before: User): void {
  if (isBackOffice(before.role)) requirePermission(caller.permissions, "staff:manage");
}

/**
 * A person editing themself keeps their role, groups and active status: an
 * Admin with the old message, a Staff member (who might otherwise grant
 * themself groups or the Admin role) with their own.
 */
function assertKeepsOwnAccess(
  before: User,
  input: AccessChange,
  roleChanged: boolean,
  groupsChanged: boolean,
): void {
  const deactivates = input.user_status === 0 && before.user_status === 1;
  if (before.role === ADMIN_ROLE && (roleChanged || deactivates))
    throw conflict("own_admin_access", {}, "You cannot remove your own administrator access.");
  if (roleChanged || groupsChanged || deactivates)
    throw conflict(
      "own_access_change",
      {},
      "You cannot change your own role, groups or status: ask another person who manages staff.",
    );
}

function assertGroupsFitRole(role: string, groups: readonly number[]): void {
  if (role !== STAFF_ROLE && groups.length > 0)
    throw badRequest("groups", "groups_need_staff", {}, "Only a Staff member holds groups.");
}

/**
 * Serialises every write that may end an active Admin (demotion,
 * deactivation, deletion). A transaction-scoped advisory lock, taken before
 * any user row is locked: two Admins demoting each other at once then run one
 * after the other, and the second counts the first's change. Locking the
 * Admin rows themselves would deadlock there, each transaction already
 * holding its target's row (docs/decisions/staff-accounts.md).
 */
export async function lockAdminSet(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(727276)`);
}

/** Whether a write of these fields could end an active Admin: it then takes lockAdminSet first. */
export function mayEndAdmin(input: AccessChange): boolean {
  return (input.role !== undefined && input.role !== ADMIN_ROLE) || input.user_status === 0;
}

/** 409 unless another active Admin remains; under lockAdminSet. */
export async function assertAnotherAdminRemains(tx: Tx, userId: number): Promise<void> {
  const [other] = await tx
    .select({ user_id: users.user_id })
    .from(users)
    .where(and(eq(users.role, ADMIN_ROLE), eq(users.user_status, 1), ne(users.user_id, userId)))
    .limit(1);
  if (!other) throw conflict("last_admin", {}, "At least one active Admin must remain.");
}

/**
 * Replaces the person's groups. Each must exist (else 400 on `groups`); they
 * are held key-share locked until commit, so none is deleted meanwhile.
 */
export async function writeGroups(
  tx: Tx,
  userId: number,
  groups: readonly number[],
): Promise<void> {
  if (groups.length > 0) {
    const found = await tx
      .select({ group_id: permissionGroups.group_id })
      .from(permissionGroups)
      .where(inArray(permissionGroups.group_id, [...groups]))
      .for("key share");
    if (found.length !== groups.length)
      throw badRequest(
        "groups",
        "not_listed",
        { field: "groups" },
        "Groups must be listed permission groups.",
      );
  }
  await tx.delete(userGroups).where(eq(userGroups.user_id, userId));
  if (groups.length > 0)
    await tx.insert(userGroups).values(groups.map((group_id) => ({ user_id: userId, group_id })));
}

/**
 * Sessions that must not outlive this change: all of a person who is no
 * longer an active Admin or Staff member (else they come back when the role
 * or status is restored) or whose role changed; after a new password, all of
 * that person's but the caller's own.
 */
export async function endSessionsIfNeeded(
  tx: Tx,
  caller: { user_id: number },
  before: User,
  after: User,
  passwordChanged: boolean,
  sessionToken: string | undefined,
): Promise<void> {
  if (!isBackOffice(after.role) || after.user_status !== 1 || after.role !== before.role) {
    await endSessionsOf(tx, after.user_id);
  } else if (passwordChanged) {
    const own = after.user_id === caller.user_id;
    await endSessionsOf(tx, after.user_id, own ? sessionToken : undefined);
  }
}

export const CURRENT_PASSWORD_NEEDED = "Enter your current password to change it.";
export const CURRENT_PASSWORD_WRONG = "The current password is not correct.";
export const EMAIL_NEEDS_PASSWORD = "Enter your current password to change your e-mail.";

/**
 * Changing one's own password or login e-mail proves it is them with the
 * current password; a wrong one is 400 (not 401, which would end their
 * session). Any currentPassword sent for one's own account is checked.
 * Another's needs a step-up instead (stepUpForUpdate). Checked before any
 * lock is taken: scrypt is slow on purpose.
 */
export async function assertCurrentPassword(
  db: Db,
  caller: { admin: SessionCaller; address: string },
  userId: number,
  input: { password?: string | undefined; currentPassword?: string | undefined; email?: string },
): Promise<void> {
  if (userId !== caller.admin.user_id) return;
  if (!input.currentPassword) {
    if (input.password)
      throw badRequest("currentPassword", "current_password_needed", {}, CURRENT_PASSWORD_NEEDED);
    if (changesEmail(caller.admin.email, input.email))
      throw badRequest("currentPassword", "email_change_needs_password", {}, EMAIL_NEEDS_PASSWORD);
    return;
  }
  const { admin, address } = caller;
  if (!(await recheckAdminPassword(db, admin, address, input.currentPassword, "updateUser"))) {
    throw badRequest("currentPassword", "current_password_wrong", {}, CURRENT_PASSWORD_WRONG);
  }
}
