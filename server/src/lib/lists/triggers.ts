import { Column, is, SQL } from "drizzle-orm";
import { literal, type TriggerSql } from "../../db/derived";
import type { LargeListSpec, ListSpec } from "./spec";
import { tableName, tablesIn } from "./sqlParts";

/**
 * The triggers a list's tables need, written from its spec: one declaration
 * (docs/ARCHITECTURE.md, "How to add a list and form").
 *
 * - Running totals (migration 0005): statement triggers on the list's own
 *   table add each changed row's sign (+1 as it is now, -1 as it was) to
 *   running_totals `spec.total` (its unfiltered X-Total-Count), to the
 *   directory's buckets, and to the KeptTotals below; without them a page
 *   answers rows with `X-Total-Count: 0`.
 * - Write counters (migration 0007): every statement that writes a table a
 *   searched list reads adds 1 to running_totals `<table>.writes`; the search
 *   cache (searchCache.ts) keeps a count while they stand still, so without
 *   one a search keeps answering what it counted before a write.
 *
 * What a large list's spec declares: `total`, `directory` and `totals`
 * (spec.ts, LargeListSpec); the tables it reads come from its columns. The functions the
 * triggers call (keep_running_totals, running_totals_truncated, count_writes)
 * are migrations 0005 and 0007's. They are applied at every start with the
 * other derived triggers (db/derived.ts): a new list needs no migration of
 * triggers; test/derived-triggers.engine.test.ts fails while the database's
 * triggers differ.
 */

/** The list's own table (its key's). */
export const ownTable = (spec: ListSpec) => tableName(spec.key.table);

/** Every table a list can read: its own, and those of its search, fields and sorts. */
export function tablesRead(spec: ListSpec): string[] {
  const sorts = Object.values(spec.sort ?? {}).map((key) =>
    is(key, Column) || is(key, SQL) ? key : "parent" in key ? [key.by, key.parent.table] : key,
  );
  const exprs = [
    spec.key,
    spec.search,
    spec.searchKeys?.("abc"),
    Object.values(spec.fields ?? {}).map((field) => field.by),
    sorts,
    spec.defaultOrder.by,
  ];
  return [...tablesIn(exprs)].sort();
}

/** The (name, delta) pairs keep_running_totals adds per changed row `c`. */
function pairs(spec: LargeListSpec): string {
  const kept = spec.totals ?? {};
  const sign = kept.counted ? `CASE WHEN ${kept.counted} THEN c.sign END` : "c.sign";
  const list = [`(${literal(spec.total)}, ${sign})`];
  if (spec.directory) {
    list.push(`(${literal(spec.directory.prefix)} || ${spec.directory.bucket}, ${sign})`);
  }
  for (const more of kept.more ?? []) {
    list.push(
      "sum" in more
        ? `(${literal(more.name)}, ${sign} * ${more.sum})`
        : `(${literal(more.prefix)} || ${more.bucket}, ${sign})`,
    );
  }
  return list.join(", ");
}

/**
 * A list's running totals counted afresh from its table's rows, as the
 * triggers would have kept them (a trigger created on a table with rows).
 */
export function recountTotals(spec: LargeListSpec): string[] {
  const total = spec.total;
  return [
    `DELETE FROM running_totals WHERE name = ${literal(total)} OR left(name, ${total.length + 1}) = ${literal(`${total}.`)}`,
    `INSERT INTO running_totals (name, value) SELECT v.name, sum(v.delta) FROM (SELECT 1 AS sign, * FROM ${ownTable(spec)}) AS c CROSS JOIN LATERAL (VALUES ${pairs(spec)}) AS v(name, delta) WHERE v.name IS NOT NULL GROUP BY v.name HAVING sum(v.delta) <> 0`,
  ];
}

/** The running-total triggers of a list's own table. */
export function totalsTriggers(spec: LargeListSpec): TriggerSql[] {
  const table = ownTable(spec);
  const kept = spec.totals ?? {};
  const call = `keep_running_totals(${literal(pairs(spec))})`;
  const recount = recountTotals(spec);
  const on = (event: string, transitions: string): TriggerSql => ({
    table,
    name: `${table}_totals_${event.toLowerCase()}`,
    recount,
    sql: `CREATE TRIGGER ${table}_totals_${event.toLowerCase()} AFTER ${event} ON ${table} REFERENCING ${transitions} FOR EACH STATEMENT EXECUTE FUNCTION ${call}`,
  });
  const triggers = [on("INSERT", "NEW TABLE AS new_rows")];
  if (kept.appendOnly) return triggers;
  // An update moves a total only when it can change a row's bucket, sum or counting.
  if (kept.counted || kept.more?.length || spec.directory) {
    triggers.push(on("UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"));
  }
  triggers.push(on("DELETE", "OLD TABLE AS old_rows"), {
    table,
    name: `${table}_totals_truncate`,
    recount,
    sql: `CREATE TRIGGER ${table}_totals_truncate AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION running_totals_truncated(${literal(spec.total)})`,
  });
  return triggers;
}

/** The write counter of a table. */
export function writesTrigger(table: string): TriggerSql {
  return {
    table,
    name: `${table}_writes`,
    sql: `CREATE TRIGGER ${table}_writes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION count_writes(${literal(table)})`,
  };
}

/**
 * Every trigger these lists need: each large list's running totals, and a
 * write counter on every table a searched large list reads (a list without
 * `q` keeps no search cache; a simple list reads without either). By table
 * and name, each once.
 */
export function listTriggers(specs: readonly ListSpec[]): TriggerSql[] {
  const byName = new Map<string, TriggerSql>();
  for (const spec of specs) {
    if (spec.scale !== "large") continue;
    for (const trigger of totalsTriggers(spec)) byName.set(trigger.name, trigger);
    if (spec.search.length === 0) continue;
    for (const table of tablesRead(spec)) byName.set(`${table}_writes`, writesTrigger(table));
  }
  return [...byName.values()].sort(
    (a, b) => a.table.localeCompare(b.table) || a.name.localeCompare(b.name),
  );
}
