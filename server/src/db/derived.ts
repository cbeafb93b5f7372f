import { sql } from "drizzle-orm";
import { getTableConfig, type PgColumn, type PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "./client";

/**
 * The database objects derived from declarations (docs/decisions/derived-triggers.md):
 * written by code, applied after the migrations on every start, compared with
 * the database by test/derived-triggers.engine.test.ts. Migrations keep
 * tables, columns, indexes, data moves and the hand-written rules below.
 *
 * - running totals and write counters, from each list's spec (lib/lists/triggers.ts);
 * - a record's version, raised by `bump_version` on every table with a `version` column;
 * - an image's 24 hours restarted when a record stops naming it (`uploads_touch_unnamed`),
 *   on every image column;
 * - the audit log's label of each kind of record (`audit_label`, lib/auditLabels.ts);
 * - each balance the wallet ledger proves (`ledger_balance_matches`, schema.ts LEDGER_BALANCES).
 */

/** A trigger, as pg_get_triggerdef writes it (unquoted names, no schema). */
export interface TriggerSql {
  table: string;
  name: string;
  sql: string;
  /** Its table's running totals are counted again when it is created or changed. */
  recount?: string[];
}

/** A function written from a declaration, replaced at start when its body differs. */
export interface FunctionSql {
  name: string;
  /** Its arguments, as CREATE FUNCTION takes them. */
  signature: string;
  /** What follows the arguments: RETURNS, LANGUAGE and the marks. */
  header: string;
  /** Its body, as pg_proc.prosrc keeps it. */
  body: string;
}

const createFunction = (fn: FunctionSql) =>
  `CREATE OR REPLACE FUNCTION ${fn.name}(${fn.signature}) ${fn.header} AS $derived$${fn.body}$derived$`;

async function functionBody(db: Tx, name: string): Promise<string | undefined> {
  const found = await db.execute<{ body: string }>(
    sql`select p.prosrc as body from pg_proc p join pg_namespace s on s.oid = p.pronamespace
      where p.proname = ${name} and s.nspname = current_schema()`,
  );
  return found.rows[0]?.body;
}

/** The functions of derived triggers: a trigger calling one of them is this module's to keep. */
export const DERIVED_FUNCTIONS = [
  "keep_running_totals",
  "running_totals_truncated",
  "count_writes",
  "bump_version",
  "uploads_touch_unnamed",
  "ledger_balance_matches",
] as const;

/**
 * Triggers written by hand in their migrations: rules, not derivations (the
 * ledger's chain and matches, the report roll-ups, append-only tables, order
 * lines' sum). The comparison test holds the database to exactly these names
 * beside the derived ones, so a trigger added or lost anywhere is named.
 */
export const HAND_WRITTEN_TRIGGERS: Readonly<Record<string, readonly string[]>> = {
  audit_log: ["audit_log_no_truncate", "audit_log_no_update_delete"],
  ledger_owed: [
    "ledger_owed_report_delete",
    "ledger_owed_report_insert",
    "ledger_owed_report_truncate",
    "ledger_owed_report_update",
  ],
  order_commissions: ["order_commissions_no_update"],
  order_items: [
    "order_items_lines_sum",
    "order_items_report_delete",
    "order_items_report_insert",
    "order_items_report_truncate",
    "order_items_report_update",
  ],
  orders: [
    "orders_lines_sum",
    "orders_report_delete",
    "orders_report_deleting",
    "orders_report_insert",
    "orders_report_truncate",
    "orders_report_update",
    "orders_user_count_delete",
    "orders_user_count_insert",
    "orders_user_count_truncate",
    "orders_user_count_update",
  ],
  products: ["products_report_deleting", "products_report_update"],
  running_total_changes: ["running_total_changes_apply"],
  user_wallets: ["user_wallets_opening"],
  users: [
    "users_pv_opening",
    "users_report_delete",
    "users_report_deleting",
    "users_report_insert",
    "users_report_truncate",
    "users_report_update",
    "users_username_skeleton",
  ],
  wallet_ledger: [
    "wallet_ledger_chain",
    "wallet_ledger_no_truncate",
    "wallet_ledger_no_update_delete",
    "wallet_ledger_report_insert",
  ],
  withdraw_requests: [
    "withdraw_requests_report_delete",
    "withdraw_requests_report_insert",
    "withdraw_requests_report_truncate",
    "withdraw_requests_report_update",
  ],
};

/** A SQL string literal. */
export const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The version trigger of every table with a `version` column. An update raises
 * the version unless it changed only `updated_at` and the columns the table
 * declares as kept by the system (`keptBySystem`: counts of other records).
 */
export function versionTriggers(
  tables: readonly PgTable[],
  keptBySystem: Readonly<Record<string, readonly PgColumn[]>>,
): TriggerSql[] {
  return tables.flatMap((table) => {
    const { name, columns } = getTableConfig(table);
    if (!columns.some((column) => column.name === "version")) return [];
    const unversioned = [
      "version",
      ...(columns.some((column) => column.name === "updated_at") ? ["updated_at"] : []),
      ...(keptBySystem[name] ?? []).map((column) => column.name),
    ];
    return [
      {
        table: name,
        name: `${name}_version`,
        sql: `CREATE TRIGGER ${name}_version BEFORE UPDATE ON ${name} FOR EACH ROW EXECUTE FUNCTION bump_version(${unversioned.map(literal).join(", ")})`,
      },
    ];
  });
}

/** The trigger that restarts an image's 24 hours when its record stops naming it. */
export function imageTriggers(columns: readonly { table: PgTable; column: PgColumn }[]) {
  return columns.map(({ table, column }): TriggerSql => {
    const name = getTableConfig(table).name;
    return {
      table: name,
      name: `${name}_uploads_unnamed`,
      sql: `CREATE TRIGGER ${name}_uploads_unnamed AFTER DELETE OR UPDATE OF ${column.name} ON ${name} FOR EACH ROW EXECUTE FUNCTION uploads_touch_unnamed(${literal(column.name)})`,
    };
  });
}

/**
 * The trigger of each balance the wallet ledger proves: a change to the
 * column must be its account's latest entry (migration 0047).
 */
export function ledgerBalanceTriggers(
  balances: readonly { column: PgColumn; account: string }[],
): TriggerSql[] {
  return balances.map(({ column, account }) => {
    const table = getTableConfig(column.table).name;
    const name = `${table}_${column.name}_matches_ledger`;
    return {
      table,
      name,
      sql: `CREATE TRIGGER ${name} AFTER UPDATE OF ${column.name} ON ${table} FOR EACH ROW WHEN ((old.${column.name} IS DISTINCT FROM new.${column.name})) EXECUTE FUNCTION ledger_balance_matches(${literal(account)}, ${literal(column.name)})`,
    };
  });
}

/** A trigger definition as pg_get_triggerdef and this module both write it, compared without quotes or schema. */
export const normalTrigger = (definition: string) =>
  definition.replaceAll('"', "").replaceAll("public.", "").replace(/\s+/g, " ").trim();

type FoundTrigger = {
  table: string;
  name: string;
  definition: string;
  derived: boolean;
};

/** The triggers of the schema; `derived` when their function is one of this module's or a declared one. */
async function triggersIn(db: Tx, functions: readonly FunctionSql[]): Promise<FoundTrigger[]> {
  const names = [...DERIVED_FUNCTIONS, ...functions.map((fn) => fn.name)];
  const found = await db.execute<FoundTrigger>(
    sql`select c.relname as "table", t.tgname as name, pg_get_triggerdef(t.oid) as definition,
        p.proname = any(${sql.raw(`array[${names.map(literal).join(", ")}]`)}) as derived
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      join pg_namespace s on s.oid = c.relnamespace
      where not t.tgisinternal and s.nspname = current_schema()
      order by 1, 2`,
  );
  return found.rows;
}

/**
 * What the database holds otherwise than declared, one line each by table and
 * name: a derived trigger missing, changed or not declared, a hand-written one
 * missing or unknown.
 */
export async function derivedProblems(
  db: Tx,
  wanted: readonly TriggerSql[],
  functions: readonly FunctionSql[] = [],
): Promise<string[]> {
  const found = await triggersIn(db, functions);
  const byKey = new Map(found.map((row) => [`${row.table}.${row.name}`, row]));
  const wantedKeys = new Set(wanted.map((trigger) => `${trigger.table}.${trigger.name}`));
  const handWritten = new Set(
    Object.entries(HAND_WRITTEN_TRIGGERS).flatMap(([table, names]) =>
      names.map((name) => `${table}.${name}`),
    ),
  );
  const problems: string[] = [];
  for (const trigger of wanted) {
    const row = byKey.get(`${trigger.table}.${trigger.name}`);
    if (!row) problems.push(`${trigger.table}: ${trigger.name} is missing`);
    else if (normalTrigger(row.definition) !== normalTrigger(trigger.sql))
      problems.push(`${trigger.table}: ${trigger.name} differs from its declaration`);
  }
  for (const key of handWritten) {
    if (!byKey.has(key)) problems.push(`${key.replace(".", ": ")} is missing`);
  }
  for (const row of found) {
    const key = `${row.table}.${row.name}`;
    if (!wantedKeys.has(key) && !handWritten.has(key))
      problems.push(`${row.table}: ${row.name} is not declared`);
  }
  for (const fn of functions) {
    const body = await functionBody(db, fn.name);
    if (body === undefined) problems.push(`function ${fn.name} is missing`);
    else if (body !== fn.body) problems.push(`function ${fn.name} differs from its declaration`);
  }
  return problems;
}

/**
 * Brings the derived triggers to what is declared, in one transaction: a
 * missing one created, a changed one created again, one no longer declared
 * dropped; a table whose running totals' triggers changed has its totals
 * counted again. Nothing is written when the database already matches, so a
 * start costs one read of pg_trigger. Run under the migrations' lock
 * (Database.exclusive).
 */
export async function applyDerived(
  db: Tx,
  wanted: readonly TriggerSql[],
  functions: readonly FunctionSql[] = [],
): Promise<string[]> {
  const found = await triggersIn(db, functions);
  const byKey = new Map(
    found.filter((row) => row.derived).map((row) => [`${row.table}.${row.name}`, row]),
  );
  const statements: string[] = [];
  const changed: string[] = [];
  const recount = new Map<string, string[]>();
  for (const trigger of wanted) {
    const key = `${trigger.table}.${trigger.name}`;
    const row = byKey.get(key);
    byKey.delete(key);
    if (row && normalTrigger(row.definition) === normalTrigger(trigger.sql)) continue;
    if (row) statements.push(`DROP TRIGGER ${trigger.name} ON ${trigger.table}`);
    statements.push(trigger.sql);
    changed.push(key);
    if (trigger.recount) recount.set(trigger.table, trigger.recount);
  }
  for (const row of byKey.values()) {
    statements.push(`DROP TRIGGER ${row.name} ON ${row.table}`);
    changed.push(`${row.table}.${row.name} (dropped)`);
  }
  for (const fn of functions) {
    if ((await functionBody(db, fn.name)) === fn.body) continue;
    statements.unshift(createFunction(fn));
    changed.unshift(`function ${fn.name}`);
  }
  if (statements.length === 0) return [];
  const run = async (tx: Tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement));
    for (const counting of recount.values())
      for (const statement of counting) await tx.execute(sql.raw(statement));
  };
  if ("transaction" in db) await db.transaction(run);
  else await run(db);
  return changed;
}
