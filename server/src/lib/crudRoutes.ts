import { idParams, listQuery } from "@store/contract";
import type { PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { App } from "../app";
import type { CrudService } from "./crud";
import { sendPage } from "./paging";

export interface CrudRoutesOptions<T extends PgTable, I extends z.ZodType, R extends z.ZodType> {
  service: CrudService<T>;
  /** The request body schema for create and update. */
  input: I;
  /** The record as answered. */
  record: R;
  /** OpenAPI tag. */
  tag: string;
  /** SPEC.md section 7 paths: the collection and the item (":id"). */
  collection: string;
  item: string;
  /** A different path for reading one record, when SPEC.md says so (vouchersId/{id}). */
  read?: string;
  /** Maps a validated body onto the table's columns, when they differ. */
  toValues?: (input: z.output<I>) => T["$inferInsert"];
}

/** The five HTTP calls of a simple record: they parse, call the service, answer. */
export function registerCrudRoutes<T extends PgTable, I extends z.ZodType, R extends z.ZodType>(
  app: App,
  options: CrudRoutesOptions<T, I, R>,
): void {
  const { service, tag } = options;
  // Widened to ZodType: Fastify's reply types cannot resolve a generic schema.
  const input: z.ZodType = options.input;
  const record: z.ZodType = options.record;
  const toValues = options.toValues ?? ((body: z.output<I>) => body as T["$inferInsert"]);
  const tags = [tag];

  app.get(
    options.collection,
    { schema: { tags, querystring: listQuery, response: { 200: record.array() } } },
    async (request, reply) => sendPage(reply, await service.list(app.db, request.query)),
  );
  app.get(
    options.read ?? options.item,
    { schema: { tags, params: idParams, response: { 200: record } } },
    async (request) => service.get(app.db, request.params.id),
  );
  app.post(
    options.collection,
    { schema: { tags, body: input, response: { 201: record } } },
    async (request, reply) => {
      const row = await service.create(
        app.db,
        request.admin,
        toValues(request.body as z.output<I>),
      );
      return reply.code(201).send(row);
    },
  );
  app.put(
    options.item,
    { schema: { tags, params: idParams, body: input, response: { 200: record } } },
    async (request) =>
      service.update(
        app.db,
        request.admin,
        request.params.id,
        toValues(request.body as z.output<I>),
      ),
  );
  app.delete(
    options.item,
    { schema: { tags, params: idParams, response: { 200: record } } },
    async (request) => service.remove(app.db, request.admin, request.params.id),
  );
}
