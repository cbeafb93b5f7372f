import type { ListQuery } from "@store/contract";
import { and, eq, getTableColumns, getTableName, isNull, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../db/client";
import { type Actor, recordAudit } from "./audit";
import type { AuditEntity } from "./auditLabels";
import { notFound } from "./errors";
import { fieldsOf } from "./filters";
import {
  defineList,
  type LargeListSpec,
  type ListSpec,
  listClauses,
  type Page,
  readPage,
  type SimpleListSpec,
} from "./lists";
import { requireVersion } from "./versions";

export interface CrudOptions<T extends PgTable> {
  table: T;
  /** Primary key column. */
  id: PgColumn;
  /** Name used in messages and the audit log: "Brand". */
  entity: AuditEntity;
  /** Soft delete: rows with deleted_at set are gone for every call. */
  deletedAt?: PgColumn;
  /** Whether the table has updated_at, stamped on every update. */
  stampsUpdatedAt?: boolean;
  /**
   * The list; its key is `id`. Every column is a field (sort and filter)
   * unless `fields` says otherwise. A large one's running total is the table's
   * name (migration 0005), counting live rows only when `deletedAt` is given.
   */
  list: Omit<SimpleListSpec, "key"> | Omit<LargeListSpec, "key" | "total">;
}

/**
 * The five calls every simple record has (list, read, create, update, delete),
 * each write one transaction with its audit row. Domain services wrap these
 * with their own rules.
 */
export function crudService<T extends PgTable>(options: CrudOptions<T>) {
  type Row = T["$inferSelect"];
  type Values = T["$inferInsert"];
  const { table, id, entity, deletedAt } = options;
  // Drizzle cannot follow a generic table through its builders; the casts below
  // restore the row type the table itself declares.
  const anyTable = table as PgTable;
  const liveRows = deletedAt ? isNull(deletedAt) : undefined;
  const live = (condition?: SQL) => and(liveRows, condition);
  const fields = fieldsOf(getTableColumns(anyTable));
  const { list } = options;
  const listSpec: ListSpec = defineList(
    list.scale === "large"
      ? {
          fields,
          ...list,
          key: id,
          total: getTableName(table),
          totals: {
            ...(deletedAt ? { counted: `c.${deletedAt.name} IS NULL` } : {}),
            ...list.totals,
          },
        }
      : { fields, ...list, key: id },
  );

  async function find(tx: Tx, key: number, lock = false): Promise<Row | undefined> {
    const query = tx
      .select()
      .from(anyTable)
      .where(live(eq(id, key)))
      .limit(1);
    const rows = lock ? await query.for("update") : await query;
    return rows[0] as Row | undefined;
  }

  return {
    entity,
    find,
    async list(db: Tx, query: ListQuery, filter?: SQL): Promise<Page<Row>> {
      const clauses = listClauses(query, listSpec, { base: liveRows, filter });
      const page = await readPage(db, clauses, {
        table: anyTable,
        rows: (where, orderBy) =>
          db
            .select()
            .from(anyTable)
            .where(where)
            .orderBy(...orderBy),
        select: (on) => on.select().from(anyTable).$dynamic(),
        keyOf: (row) => rowId(row as Row),
      });
      return page as Page<Row>;
    },
    async get(db: Tx, key: number): Promise<Row> {
      const row = await find(db, key);
      if (!row) throw notFound(entity);
      return row;
    },
    async create(db: Db, actor: Actor | null, values: Values): Promise<Row> {
      return db.transaction(async (tx) => {
        const [row] = (await tx
          .insert(anyTable)
          .values(values as never)
          .returning()) as Row[];
        await recordAudit(tx, actor, {
          entity,
          entityId: rowId(row),
          action: "create",
          after: row,
        });
        return row as Row;
      });
    },
    /**
     * `expected`: the version the caller was shown (If-Match); lib/versions.ts.
     * `check`: a rule on the record as it is, under its row lock, before anything is written.
     */
    async update(
      db: Db,
      actor: Actor | null,
      key: number,
      values: Partial<Values>,
      expected?: number,
      check?: (before: Row) => void,
    ): Promise<Row> {
      return db.transaction(async (tx) => {
        const before = await find(tx, key, true);
        if (!before) throw notFound(entity);
        await requireVersion(tx, versioned(key, before), expected);
        check?.(before);
        const set =
          options.stampsUpdatedAt === false ? values : { ...values, updated_at: sql`now()` };
        const [row] = (await tx
          .update(anyTable)
          .set(set as never)
          .where(eq(id, key))
          .returning()) as Row[];
        await recordAudit(tx, actor, {
          entity,
          entityId: key,
          action: "update",
          before,
          after: row,
        });
        return row as Row;
      });
    },
    async remove(db: Db, actor: Actor | null, key: number, expected?: number): Promise<Row> {
      return db.transaction(async (tx) => {
        const before = await find(tx, key, true);
        if (!before) throw notFound(entity);
        await requireVersion(tx, versioned(key, before), expected);
        if (deletedAt) {
          await tx
            .update(anyTable)
            .set({ deleted_at: sql`now()` } as never)
            .where(eq(id, key));
        } else {
          await tx.delete(anyTable).where(eq(id, key));
        }
        await recordAudit(tx, actor, { entity, entityId: key, action: "delete", before });
        return before;
      });
    },
  };

  /** Every table behind crudService has a version (migration 0012). */
  function versioned(key: number, row: Row) {
    return { entity, id: key, row: row as { version: number } };
  }

  function rowId(row: Row | undefined): number {
    return (row as Record<string, number>)[id.name] ?? 0;
  }
}

export type CrudService<T extends PgTable> = ReturnType<typeof crudService<T>>;
