import { idParams, type ListQuery, listQuery, type PermissionArea } from "@store/contract";
import type { z } from "zod";
import type { App } from "../appType";
import type { Db } from "../db/client";
import type { Actor } from "./audit";
import { type BulkRun, deleteAction, registerBulkRoute, statusActions } from "./bulk";
import { type Page, sendPage } from "./lists";
import { ifMatchOf } from "./versions";

/** The five calls of a record as its service answers them (crudService, or a domain's own). */
export interface RecordService<Query, Input, Row> {
  list(db: Db, query: Query): Promise<Page<Row>>;
  get(db: Db, id: number): Promise<Row>;
  create(db: Db, actor: Actor | null, input: Input): Promise<Row>;
  /** `expected`: the version of If-Match (lib/versions.ts); undefined writes over any. */
  update(db: Db, actor: Actor | null, id: number, input: Input, expected?: number): Promise<Row>;
  remove(db: Db, actor: Actor | null, id: number, expected?: number): Promise<Row>;
}

export interface CrudRoutesOptions<Q extends z.ZodType, I extends z.ZodType, R extends z.ZodType> {
  service: RecordService<z.output<Q>, z.output<I>, z.output<R>>;
  /** The request body schema for create and update. */
  input: I;
  /** The record as answered. */
  record: R;
  /** The list's query string, when it has filters beyond paging and search. */
  query?: Q;
  /** OpenAPI tag. */
  tag: string;
  /** Who may call: `<area>:view` reads, `<area>:manage` writes (auth/permissions.ts). */
  area: PermissionArea;
  /** docs/REQUIREMENTS.md section 7 paths: the collection and the item (":id"). */
  collection: string;
  item: string;
  /** A different path for reading one record, when docs/REQUIREMENTS.md says so (vouchersId/{id}). */
  read?: string;
  /**
   * POST <collection>/bulk (lib/bulk.ts): delete, and activate/deactivate
   * when the record has a status field. `key`: the record's key field.
   */
  bulk?: { key: string; status?: string; actions?: Record<string, BulkRun> };
  /** Create and update take bodies above the default limit (lib/edge.ts): the route's measured need. */
  bodyLimit?: number;
}

/** The five HTTP calls of a record: they parse, call the service, answer. */
export function registerCrudRoutes<
  I extends z.ZodType,
  R extends z.ZodType,
  Q extends z.ZodType = z.ZodType<ListQuery>,
>(app: App, options: CrudRoutesOptions<Q, I, R>): void {
  const { service, tag } = options;
  // Widened to ZodType: Fastify's request types cannot resolve a generic schema,
  // so the handlers restore the parsed types below.
  const input: z.ZodType = options.input;
  const record: z.ZodType = options.record;
  const querystring: z.ZodType = options.query ?? listQuery;
  const tags = [tag];
  const view = { permission: `${options.area}:view` } as const;
  const manage = { permission: `${options.area}:manage` } as const;

  app.get(
    options.collection,
    { config: view, schema: { tags, querystring, response: { 200: record.array() } } },
    async (request, reply) =>
      sendPage(reply, await service.list(app.db, request.query as z.output<Q>)),
  );
  app.get(
    options.read ?? options.item,
    { config: view, schema: { tags, params: idParams, response: { 200: record } } },
    async (request) => service.get(app.db, request.params.id),
  );
  app.post(
    options.collection,
    {
      config: manage,
      bodyLimit: options.bodyLimit,
      schema: { tags, body: input, response: { 201: record } },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await service.create(app.db, request.admin, request.body as z.output<I>)),
  );
  app.put(
    options.item,
    {
      config: manage,
      bodyLimit: options.bodyLimit,
      schema: { tags, params: idParams, body: input, response: { 200: record } },
    },
    async (request) =>
      service.update(
        app.db,
        request.admin,
        request.params.id,
        request.body as z.output<I>,
        ifMatchOf(request),
      ),
  );
  app.delete(
    options.item,
    { config: manage, schema: { tags, params: idParams, response: { 200: record } } },
    async (request) => service.remove(app.db, request.admin, request.params.id, ifMatchOf(request)),
  );
  if (options.bulk) {
    const { key, status, actions } = options.bulk;
    registerBulkRoute(app, {
      collection: options.collection,
      tag,
      permission: manage.permission,
      key,
      list: (db, query: z.output<Q>) => service.list(db, query),
      query: querystring as z.ZodType<z.output<Q>>,
      actions: {
        delete: deleteAction(service),
        ...(status ? statusActions(service, options.input as z.ZodType<z.output<I>>, status) : {}),
        ...actions,
      },
    });
  }
}
