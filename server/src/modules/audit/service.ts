import type { AuditEntry, ListQuery } from "@store/contract";
import type { Tx } from "../../db/client";
import { auditLog } from "../../db/schema";
import { fieldsOf } from "../../lib/filters";
import { type ListSpec, listClauses, type Page, readPage } from "../../lib/paging";

/** An audit row as answered: `at` is the list's created_at, the actor's username its actor. */
const entryColumns = {
  audit_id: auditLog.audit_id,
  created_at: auditLog.at,
  actor_id: auditLog.actor_id,
  actor: auditLog.actor_username,
  entity: auditLog.entity,
  entity_id: auditLog.entity_id,
  action: auditLog.action,
  before: auditLog.before,
  after: auditLog.after,
};

/**
 * The history: newest first; every filter it offers has an index ending in
 * the key (schema.ts, auditLog), so a record's changes, an actor's or an
 * action's read their page from one index range. No search: the trail grows
 * with every write and nothing in it is worth a trigram index; the filters
 * name what to look for.
 */
const listSpec: ListSpec = {
  search: [],
  sort: {},
  fields: fieldsOf(entryColumns),
  defaultOrder: { by: auditLog.audit_id, order: "desc" },
  key: auditLog.audit_id,
  total: "audit_log",
};

export async function listAuditLog(db: Tx, query: ListQuery): Promise<Page<AuditEntry>> {
  const clauses = listClauses(query, listSpec);
  const page = await readPage(db, clauses, {
    table: auditLog,
    rows: (where, orderBy) =>
      db
        .select(entryColumns)
        .from(auditLog)
        .where(where)
        .orderBy(...orderBy),
    keyOf: (row) => row.audit_id,
  });
  return page as Page<AuditEntry>;
}
