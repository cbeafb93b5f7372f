import { is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Tx } from "./db/client";
import {
  applyDerived,
  imageTriggers,
  ledgerBalanceTriggers,
  type TriggerSql,
  versionTriggers,
} from "./db/derived";
import * as schema from "./db/schema";
import { auditLabelFunction } from "./lib/auditLabels";
import { definedLists } from "./lib/lists";
import { listTriggers } from "./lib/lists/triggers";
import { RETURN_ROLLUP_FUNCTIONS, RETURN_ROLLUP_TRIGGERS } from "./modules/reports/returnRollups";
import { IMAGE_COLUMNS } from "./modules/uploads/references";
// Every module's lists are defined as its files load.
import "./modules";

/**
 * Every derived trigger the declarations ask for (db/derived.ts): the lists'
 * running totals and write counters, every versioned table's version, every
 * image column's reference, every balance the ledger proves, the returns' report
 * roll-ups (modules/reports/returnRollups.ts). Sorted by table and name.
 */
export function derivedTriggers(): TriggerSql[] {
  const tables = Object.values(schema as Record<string, unknown>).filter(
    (value): value is PgTable => is(value, PgTable),
  );
  return [
    ...listTriggers(definedLists()),
    ...versionTriggers(tables, schema.KEPT_BY_SYSTEM),
    ...imageTriggers(IMAGE_COLUMNS),
    ...ledgerBalanceTriggers(schema.LEDGER_BALANCES),
    ...RETURN_ROLLUP_TRIGGERS,
  ].sort((a, b) => a.table.localeCompare(b.table) || a.name.localeCompare(b.name));
}

/** The functions written from declarations: the audit label, the returns' roll-up rows and triggers. */
export const derivedFunctions = () => [auditLabelFunction(), ...RETURN_ROLLUP_FUNCTIONS];

/** Brings the database's derived triggers and functions to the declarations; the changes made, if any. */
export const applyDerivedTriggers = (db: Tx) =>
  applyDerived(db, derivedTriggers(), derivedFunctions());
