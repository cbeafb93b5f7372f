import type { App } from "../../appType";
import { type RecordService, registerCrudRoutes } from "../../lib/crudRoutes";
import { DECLARED_SERVICES } from "./service";

/**
 * The calls of every declared record (contract/src/records.ts): GET and POST
 * /<name>, GET, PUT and DELETE /<name>/:id, POST /<name>/bulk, under its
 * permission area, on its derived service.
 */
export function registerDeclaredRecordRoutes(app: App): void {
  for (const { record, service } of DECLARED_SERVICES) {
    registerCrudRoutes(app, {
      area: record.area,
      // biome-ignore lint/suspicious/noExplicitAny: a table's row types; the declared schemas check what goes in and out.
      service: service as RecordService<any, any, any>,
      input: record.input,
      record: record.record,
      tag: record.area,
      collection: `/${record.name}`,
      item: `/${record.name}/:id`,
      bulk: { key: record.key, ...(record.status ? { status: record.status } : {}) },
    });
  }
}
