import type { AuditEntry, ListQuery } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, mapPage, type Page, readPage } from "../../lib/lists";

/**
 * The acting account as it is now: its username beside the one recorded, so a
 * renamed account cannot hide behind its old name (docs/decisions/audit-failed-login.md).
 */
const actorNow = alias(users, "actor_now");

/** An audit row as answered: `at` is the list's created_at, the actor's username its actor. */
const entryColumns = {
  audit_id: auditLog.audit_id,
  created_at: auditLog.at,
  actor_id: auditLog.actor_id,
  actor: auditLog.actor_username,
  actor_now: actorNow.username,
  entity: auditLog.entity,
  entity_id: auditLog.entity_id,
  label: auditLog.label,
  action: auditLog.action,
  before: auditLog.before,
  after: auditLog.after,
};

/**
 * The history: newest first; every filter it offers has an index ending in
 * the key (schema.ts, auditLog), so a record's changes, an actor's or an
 * action's read their page from one index range. `q` finds rows by the
 * record's label (stored when the row was written, migration 0018) or the
 * actor's username, through their trigram and search_grams indexes like
 * every searched list: the trail grows with every write, so it is never read
 * row by row.
 */
const listSpec = defineList({
  search: [auditLog.label, auditLog.actor_username],
  fields: fieldsOf(entryColumns),
  defaultOrder: { by: auditLog.audit_id, order: "desc" },
  key: auditLog.audit_id,
  scale: "large",
  because: "every write of every person adds a row, kept for years",
  total: "audit_log",
  // The trail only grows (migration 0004 refuses UPDATE, DELETE and TRUNCATE).
  totals: { appendOnly: true },
});

export async function listAuditLog(db: Tx, query: ListQuery): Promise<Page<AuditEntry>> {
  const clauses = listClauses(query, listSpec);
  const page = await readPage(db, clauses, {
    table: auditLog,
    joins: sql`
      left join ${users} ${sql.identifier("actor_now")} on ${eq(actorNow.user_id, auditLog.actor_id)}`,
    rows: (where, orderBy) =>
      db
        .select(entryColumns)
        .from(auditLog)
        .leftJoin(actorNow, eq(actorNow.user_id, auditLog.actor_id))
        .where(where)
        .orderBy(...orderBy),
    keyOf: (row) => row.audit_id,
  });
  return mapPage(page as Page<Row>, (rows) => withNames(db, rows));
}

/**
 * The fields of audited records that hold a person's account id (a member, a
 * referrer, an approver, an actor): History names them, not "First approved by 1".
 */
const PERSON_FIELDS = ["user_id", "referral_of", "first_approved_by", "referrer_id", "actor_id"];
/** Fields holding the id of a lookup's row: an order's status, a user's tier. */
const LOOKUP_FIELDS = ["order_status", "membership"] as const;

type Row = Omit<AuditEntry, "names">;
const idsIn = (value: unknown) =>
  typeof value === "number" && Number.isSafeInteger(value)
    ? value
    : typeof value === "string" && /^\d{1,9}$/.test(value)
      ? Number(value)
      : undefined;

/**
 * Each row with the names of the ids its before and after hold, by field then
 * value (docs/decisions/history-panel.md): people by their username (a
 * deleted one's as their deletion recorded, audit_username), order statuses
 * and tiers by their name. One statement for the page, none when it names no id.
 */
async function withNames(db: Tx, rows: Row[]): Promise<AuditEntry[]> {
  const wanted = {
    person: new Set<number>(),
    order_status: new Set<number>(),
    membership: new Set<number>(),
  };
  const each = (
    row: Row,
    visit: (field: string, kind: keyof typeof wanted, id: number) => void,
  ) => {
    for (const record of [row.before, row.after]) {
      if (!record) continue;
      for (const field of PERSON_FIELDS) {
        const id = idsIn(record[field]);
        if (id !== undefined) visit(field, "person", id);
      }
      for (const field of LOOKUP_FIELDS) {
        const id = idsIn(record[field]);
        if (id !== undefined) visit(field, field, id);
      }
    }
  };
  for (const row of rows) each(row, (_field, kind, id) => wanted[kind].add(id));
  if (Object.values(wanted).every((ids) => ids.size === 0)) {
    return rows.map((row) => ({ ...row, names: {} }));
  }
  const list = (ids: Set<number>) => `{${[...ids].join(",")}}`;
  const found = await db.execute<{ kind: string; id: number; name: string | null }>(sql`
    select 'person' as kind, id, audit_username(id) as name
      from unnest(${list(wanted.person)}::int[]) as id
    union all
    select 'order_status', order_status_id, order_status_name from order_statuses
      where order_status_id = any(${list(wanted.order_status)}::int[])
    union all
    select 'membership', member_id, membership from memberships
      where member_id = any(${list(wanted.membership)}::int[])`);
  const names = new Map(found.rows.map((r) => [`${r.kind}:${Number(r.id)}`, r.name]));
  return rows.map((row) => {
    const named: Record<string, Record<string, string>> = {};
    each(row, (field, kind, id) => {
      const name = names.get(`${kind}:${id}`);
      if (!name) return;
      const values = named[field] ?? {};
      values[String(id)] = name;
      named[field] = values;
    });
    return { ...row, names: named };
  });
}
