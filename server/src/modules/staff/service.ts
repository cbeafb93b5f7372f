import type { ListQuery, PermissionGroupValues } from "@store/contract";
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { permissionGroups, userGroups } from "../../db/schema";
import type { Actor } from "../../lib/audit";
import { crudService } from "../../lib/crud";
import { conflict, withUniqueGuard } from "../../lib/errors";

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
    actor: Actor | null,
    id: number,
    input: PermissionGroupValues,
    expected?: number,
  ) {
    await requireFreeName(db, input.name, id);
    return withUniqueGuard(
      () => nameTaken(input.name),
      () => crud.update(db, actor, id, input, expected),
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
