import type { ListQuery, PermissionGroupValues } from "@store/contract";
import { and, count, eq, ne, sql } from "drizzle-orm";
import { requireStepUp, type SessionCaller } from "../../auth/service";
import type { Db, Tx } from "../../db/client";
import { permissionGroups, userGroups } from "../../db/schema";
import type { Actor } from "../../lib/audit";
import { crudService } from "../../lib/crud";
import { conflict, HttpError, withUniqueGuard } from "../../lib/errors";

export type PermissionGroupRow = typeof permissionGroups.$inferSelect;

const crud = crudService({
  table: permissionGroups,
  id: permissionGroups.group_id,
  entity: "Permission group",
  list: {
    search: [permissionGroups.name],
    defaultOrder: { by: permissionGroups.group_id, order: "asc" },
  },
});

const nameTaken = (name: string) =>
  conflict("group_exists", { name }, `A group named ${name} already exists.`);

/** Names are unique whatever their case; the unique index settles a race with the same 409 (withUniqueGuard). */
async function requireFreeName(tx: Tx, name: string, exceptId?: number): Promise<void> {
  const same = sql`lower(${permissionGroups.name}) = lower(${name})`;
  const [taken] = await tx
    .select({ id: permissionGroups.group_id })
    .from(permissionGroups)
    .where(exceptId === undefined ? same : and(same, ne(permissionGroups.group_id, exceptId)))
    .limit(1);
  if (taken) throw nameTaken(name);
}

/** How many people hold the group. */
async function holders(tx: Tx, groupId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(userGroups)
    .where(eq(userGroups.group_id, groupId));
  return row?.n ?? 0;
}

/** Whether this person holds the group (an Admin holds none: only Staff members hold groups). */
async function holds(tx: Tx, userId: number, groupId: number): Promise<boolean> {
  const [row] = await tx
    .select({ user_id: userGroups.user_id })
    .from(userGroups)
    .where(and(eq(userGroups.user_id, userId), eq(userGroups.group_id, groupId)))
    .limit(1);
  return row !== undefined;
}

/** The caller of a group's change: who, and when their session last gave a fresh proof. */
type GroupEditor = Actor & Pick<SessionCaller, "step_up_at">;

/**
 * Widening a group grants its holders more at their next call, as giving
 * each of them a group would (docs/decisions/permissions.md): nobody widens a
 * group they hold themself (403), and anyone else gives a fresh proof, asked
 * last. Decided on the stored group under its row lock, after the version
 * check; removing permissions or renaming needs neither.
 */
function widening(caller: GroupEditor, held: boolean, values: PermissionGroupValues) {
  return (before: PermissionGroupRow) => {
    const added = values.permissions.filter((code) => !before.permissions.includes(code));
    if (added.length === 0) return;
    if (held)
      throw new HttpError(
        403,
        "own_group_widening",
        {},
        "You cannot add permissions to a group you hold: ask another person who manages staff.",
      );
    requireStepUp(caller);
  };
}

/** Permission groups (docs/decisions/permissions.md): a list and form like every other. */
export const permissionGroupService = {
  list: (db: Tx, query: ListQuery) => crud.list(db, query),
  get: (db: Tx, id: number) => crud.get(db, id),

  async create(db: Db, actor: Actor | null, input: PermissionGroupValues) {
    await requireFreeName(db, input.name);
    return withUniqueGuard(
      () => nameTaken(input.name),
      () => crud.create(db, actor, input),
    );
  },

  async update(
    db: Db,
    actor: GroupEditor,
    id: number,
    input: PermissionGroupValues,
    expected?: number,
  ) {
    await requireFreeName(db, input.name, id);
    const check = widening(actor, await holds(db, actor.user_id, id), input);
    return withUniqueGuard(
      () => nameTaken(input.name),
      () => crud.update(db, actor, id, input, expected, check),
    );
  },

  /** A group still held by someone is kept (409); the foreign key stands behind the check. */
  async remove(db: Db, actor: Actor | null, id: number, expected?: number) {
    const held = await holders(db, id);
    if (held > 0)
      throw conflict(
        "group_in_use",
        { count: held },
        `This group is held by ${held === 1 ? "1 person" : `${held} people`} and cannot be deleted.`,
      );
    return crud.remove(db, actor, id, expected);
  },
};
