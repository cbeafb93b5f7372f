import type { AuditEntry, ListQuery } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Tx } from "../../db/client";
import { auditLog, users } from "../../db/schema";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, type Page, readPage } from "../../lib/lists";

/**
 * The acting account as it is now: its username beside the one recorded, so a
 * renamed account cannot hide behind its old name (docs/DECISIONS.md, "What
 * the audit trail vouches for").
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
  return page as Page<AuditEntry>;
}
