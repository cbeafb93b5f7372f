import { type AnyRecordDeclaration, DECLARED_RECORDS } from "@store/contract";
import type { App } from "../../appType";
import { type RecordService, registerCrudRoutes } from "../../lib/crudRoutes";
import { declaredServices } from "./service";

/**
 * The calls of a declared record (contract/src/records.ts): GET and POST
 * /<name>, GET, PUT and DELETE /<name>/:id, POST /<name>/bulk, under its
 * permission area.
 */
export function registerRecordRoutes(
  app: App,
  record: AnyRecordDeclaration,
  // biome-ignore lint/suspicious/noExplicitAny: the five calls of any record; the schemas check what goes in and out.
  service: RecordService<any, any, any>,
): void {
  registerCrudRoutes(app, {
    area: record.area,
    service,
    input: record.input,
    record: record.record,
    tag: record.area,
    collection: `/${record.name}`,
    item: `/${record.name}/:id`,
    bulk: { key: record.key, ...(record.status ? { status: record.status } : {}) },
  });
}

/** Every declared record's calls, on its derived service. */
export function registerDeclaredRecordRoutes(app: App): void {
  for (const record of DECLARED_RECORDS) {
    const service = declaredServices.get(record.name);
    if (service) registerRecordRoutes(app, record, service);
  }
}
