import { type AnyRecordDeclaration, DECLARED_RECORDS } from "@store/contract";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { type PgColumn, PgTable } from "drizzle-orm/pg-core";
import * as schema from "../../db/schema";
import type { AuditEntity } from "../../lib/auditLabels";
import { crudService } from "../../lib/crud";

/** The schema's tables by their SQL name. */
const tables = new Map(
  Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table), table]),
);

/** A declared record's table and its columns by field name; a declaration naming neither fails at start. */
export function tableOf(record: AnyRecordDeclaration) {
  const table = tables.get(record.table);
  if (!table) throw new Error(`${record.name}: no table ${record.table} in db/schema.ts`);
  const columns: Record<string, PgColumn> = getTableColumns(table);
  const column = (field: string) => {
    const found = columns[field];
    if (!found) throw new Error(`${record.name}: ${record.table} has no column ${field}`);
    return found;
  };
  return { table, column };
}

/** The five calls of a declared record, from its declaration (lib/crud.ts). */
function recordService(record: AnyRecordDeclaration) {
  const { table, column } = tableOf(record);
  return crudService({
    table,
    id: column(record.key),
    entity: record.entity as AuditEntity,
    list: {
      search: record.list.search.map(column),
      defaultOrder: { by: column(record.list.order.by), order: record.list.order.order },
    },
  });
}

/** Every declared record with its service; made as this file loads, so its list is defined. */
export const DECLARED_SERVICES = DECLARED_RECORDS.map((record) => ({
  record,
  service: recordService(record),
}));
