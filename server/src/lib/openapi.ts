import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import { SESSION_COOKIE, XLSX_MEDIA_TYPE } from "@store/contract";
import type { RouteOptions } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { z } from "zod";
import type { App } from "../appType";
import {
  type Answers,
  declareAnswers,
  declareTotals,
  ERRORS,
  ETAG,
  nameRecords,
  TOTAL_HEADERS,
  withUsedSchemas,
} from "./openapiAnswers";
import { describeBulkBody, describeListQuery, type Json, listSpecsOf } from "./openapiLists";
import type { RoutePermission } from "./routeConfig";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The form field of a file upload (multipart), for the API document. */
    multipartFile?: string;
    /** POST <list>/bulk's actions (lib/bulk.ts), for the API document. */
    bulkActions?: readonly string[];
    /** The media type of a file the route answers (a PDF), for the API document. */
    fileAnswer?: string;
  }
}

/**
 * The API document at /api/docs/json (docs/decisions/api-document.md).
 * Routes declare only what is theirs (tags, body, answers); this fills the rest
 * for every route, including routes added later, when the document is made:
 * a summary and an operationId from the method and path, a tag from the path,
 * the error answers every route can give (docs/REQUIREMENTS.md, errors), and
 * the session cookie as the security scheme (routes with `config.public`
 * need none). What a route declares itself is kept.
 */
export async function registerOpenApi(app: App): Promise<void> {
  const listSpecs = listSpecsOf(app);
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Store back-office API",
        version: "1.0.0",
        description:
          "The administrator back-office's HTTP API. Every call but login and health needs " +
          "the session cookie that POST /api/login sets.",
        license: { name: "UNLICENSED", identifier: "UNLICENSED" },
      },
      servers: [{ url: "/" }],
      components: {
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "The session cookie set by POST /api/login (HttpOnly).",
          },
        },
      },
      security: [{ session: [] }],
    },
    transform: (input) => {
      const route = input.route as RouteOptions;
      const url = input.url;
      const method = [route.method].flat()[0] ?? "GET";
      const filled = { ...(input.schema ?? {}) } as Record<string, unknown>;
      const answers: Answers = {};
      if (!filled.hide) {
        const isPublic = route.config?.public === true;
        const permission = route.config?.permission;
        const hasBody = filled.body !== undefined || route.config?.multipartFile !== undefined;
        const facts = { method, url, isPublic, permission, hasBody, ...collectionOf(app, url) };
        fillDefaults(filled, facts, answers);
        nameRecords(Object.values((filled.response as object) ?? {}));
      }
      const { schema } = jsonSchemaTransform({ ...input, schema: filled } as Parameters<
        typeof jsonSchemaTransform
      >[0]);
      const json = schema as Json;
      if (!filled.hide && answersVersionedRecord(filled)) declareVersionHeaders(method, json);
      const spec = listSpecs.get(url);
      if (!filled.hide) declareTotals(method, filled, json);
      if (!filled.hide && exportsList(filled)) {
        declareExports(json);
        if (spec && json.querystring) describeListQuery(json.querystring as Json, spec);
      }
      const bulkActions = route.config?.bulkActions;
      if (bulkActions && json.body) {
        json.body = describeBulkBody(
          json.body as Json,
          bulkActions,
          listSpecs.get(url.replace(/\/bulk$/, "")),
        );
      }
      if (!filled.hide) declareAnswers(url, json, answers);
      const fileType = route.config?.fileAnswer;
      if (fileType) declareFileAnswer(json, fileType);
      // A file upload's body is read by @fastify/multipart, not validated by a
      // schema: the document still says what to send (docs only).
      const fileField = route.config?.multipartFile;
      if (fileField) {
        Object.assign(schema, {
          consumes: ["multipart/form-data"],
          body: {
            type: "object",
            properties: { [fileField]: { type: "string", format: "binary" } },
            required: [fileField],
          },
        });
      }
      return { schema, url: canonicalPath(app, url, schema as Record<string, unknown>) };
    },
    transformObject: (document) =>
      withTagList(withUsedSchemas(jsonSchemaTransformObject(document) as OpenApiObject)),
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });
}

interface RouteFacts {
  method: string;
  url: string;
  isPublic: boolean;
  /** Who may call it (auth/permissions.ts): named in the description and the 403. */
  permission?: RoutePermission;
  /** The path is a collection: it answers GET with a list. */
  listed: boolean;
  /** The path is one record of a collection (/brands/:id beside GET /brands). */
  member: boolean;
  /** It takes a body (JSON or a file), which can be too large or of another type. */
  hasBody: boolean;
}

/** Whether a path is a list (GET on it and on a record under it) or a record of one. */
function collectionOf(app: App, url: string): { listed: boolean; member: boolean } {
  const gets = new Set(app.routeList.filter((r) => r.method === "GET").map((r) => r.url));
  const isRecordOf = (list: string, record: string) =>
    record.startsWith(`${list}/:`) && !record.slice(list.length + 2).includes("/");
  const listed = gets.has(url) && [...gets].some((other) => isRecordOf(url, other));
  const parent = url.replace(/\/:\w+$/, "");
  const member = parent !== url && gets.has(parent);
  return { listed, member };
}

/** Summary, operationId, tag, security and the error answers a route leaves out. */
function fillDefaults(schema: Record<string, unknown>, route: RouteFacts, answers: Answers): void {
  const { method, url, isPublic } = route;
  const words = pathWords(url);
  const params = [...url.matchAll(/:(\w+)/g)].map((m) => splitWords(m[1] ?? ""));
  const creates =
    method === "POST" && (route.listed || "201" in ((schema.response as object) ?? {}));
  const facts = { ...route, listed: route.listed || creates };
  // "/brands/:id" reads one of brands; other parameters are named.
  const plainId = route.member && params.length === 1 && params[0]?.join(" ") === "id";
  const by =
    params.length > 0 && !plainId ? ` by ${params.map((p) => p.join(" ")).join(" and ")}` : "";
  schema.summary ??= `${summaryVerb(facts)} ${words.join(" ")}${by}`;
  schema.operationId ??= camelCase([
    method.toLowerCase(),
    ...words,
    ...(params.length ? ["by", ...params.flat()] : []),
  ]);
  schema.tags ??= [words[0] ?? "api"];
  if (isPublic) schema.security ??= [];
  const who = whoMayCall(route.permission);
  if (who) schema.description = [who, schema.description].filter(Boolean).join("\n\n");

  const response = { ...((schema.response as Record<string, unknown> | undefined) ?? {}) };
  const add = (code: number, body: unknown, description: string) => {
    if (!(code in response) && !(String(code) in response)) {
      response[code] = body;
      answers[code] = description;
    }
  };
  add(400, ERRORS.validation, "The request is not valid: the message and each field.");
  if (!isPublic) add(401, ERRORS.status, "No live session: log in first.");
  const refusals = [
    ...(who && route.permission !== "signed_in"
      ? ["the caller lacks the permission (`forbidden`, naming it)"]
      : []),
    ...(exportsList(schema) ? ["a CSV or Excel file without `export` (`forbidden`)"] : []),
    ...(SAFE_METHODS.has(method) ? [] : ["a call from another site (`foreign_origin`)"]),
  ];
  if (!isPublic && refusals.length > 0)
    add(403, ERRORS.forbidden, `Refused, nothing changed: ${refusals.join("; ")}.`);
  if (params.length > 0) add(404, ERRORS.error, "No record with that id.");
  // A record's writes can meet a unique value in use or a record linked elsewhere.
  const writesRecord = creates || method === "PUT" || method === "DELETE";
  if (writesRecord && !isPublic) {
    add(409, ERRORS.error, "The change conflicts with other records (a value in use).");
  }
  if ((method === "PUT" || method === "DELETE") && answersVersionedRecord(schema)) {
    add(
      412,
      ERRORS.stale,
      "If-Match named an older version: the record was changed since; nothing was written.",
    );
  }
  // lib/edge.ts and the content-type parsers: before the route's own checks.
  if (route.hasBody) {
    add(413, ERRORS.error, "The body is larger than this call takes.");
    add(415, ERRORS.error, "The body is not of a content type this call takes.");
  }
  schema.response = response;
}

/** The permission line of a private route's description. */
function whoMayCall(permission: RoutePermission | undefined): string | undefined {
  if (permission === undefined) return undefined;
  if (permission === "signed_in") return "**Who may call:** every signed-in Admin or Staff member.";
  const codes = typeof permission === "string" ? [permission] : permission;
  return `**Who may call:** holders of ${codes.map((c) => `\`${c}\``).join(" or ")} (an Admin holds every permission).`;
}

/** Whether the route answers one record that has a version (lib/versions.ts). */
function answersVersionedRecord(schema: Record<string, unknown>): boolean {
  const response = (schema.response ?? {}) as Record<string, unknown>;
  const ok = response[200] ?? response[201] ?? response[202];
  return ok instanceof z.ZodObject && "version" in ok.shape;
}

/**
 * The ETag of an answered record, and If-Match on its writes (docs/decisions/record-versions.md), in the JSON schemas the document is made from.
 */
function declareVersionHeaders(method: string, schema: Record<string, unknown>): void {
  const etag = {
    ...ETAG,
    description: 'The record\'s version as an entity tag ("3"): send it back in If-Match.',
  };
  const response = (schema.response ?? {}) as Record<string, Record<string, unknown>>;
  for (const code of ["200", "201", "202"]) {
    const ok = response[code];
    if (ok) ok.headers = { ...((ok.headers as object) ?? {}), ETag: etag };
  }
  if (method === "PUT" || method === "DELETE") {
    schema.headers = {
      type: "object",
      properties: {
        "if-match": {
          type: "string",
          description:
            'The version the change was made from, as its ETag gave it ("3"). A record changed since ' +
            "is not written: 412. Without it the write applies to whatever is there (last write wins).",
        },
      },
    };
  }
}

/** Whether the route is a list call that answers `_format=csv|xlsx` (the contract's listQuery). */
function exportsList(schema: Record<string, unknown>): boolean {
  const query = schema.querystring;
  return query instanceof z.ZodObject && "_format" in query.shape;
}

/**
 * A list's 200 in its three forms: the JSON page, and with `_format` the
 * whole list as a CSV file (field names, for programs) or an Excel workbook
 * (labels, for people; docs/decisions/xlsx-export.md).
 */
function declareExports(schema: Record<string, unknown>): void {
  const response = (schema.response ?? {}) as Record<string, Record<string, unknown>>;
  const ok = response["200"];
  if (!ok || "content" in ok) return;
  const { description, headers, ...json } = ok;
  response["200"] = {
    description: typeof description === "string" ? description : "The list.",
    headers: {
      ...((headers as object) ?? {}),
      ...TOTAL_HEADERS,
      "Content-Disposition": {
        type: "string",
        description: "CSV and Excel: an attachment with the list's file name.",
      },
    },
    content: {
      "application/json": { schema: json },
      "text/csv": {
        schema: {
          type: "string",
          description:
            "_format=csv: every matching row, a header of field names, UTF-8 with a BOM.",
        },
      },
      [XLSX_MEDIA_TYPE]: {
        schema: {
          type: "string",
          format: "binary",
          description:
            "_format=xlsx: every matching row as an Excel workbook, the _columns given (else " +
            "the screen's) headed by their labels in _lang (else the admin's language).",
        },
      },
    },
  };
}

/** A 200 that is a file (an order's invoice as a PDF) rather than JSON, sent as an attachment. */
function declareFileAnswer(schema: Record<string, unknown>, mediaType: string): void {
  const response = (schema.response ?? {}) as Record<string, Record<string, unknown>>;
  const ok = response["200"];
  if (!ok) return;
  response["200"] = {
    description: typeof ok.description === "string" ? ok.description : "The file.",
    headers: {
      "Content-Disposition": {
        type: "string",
        description: "An attachment with the file's name.",
      },
    },
    content: { [mediaType]: { schema: { type: "string", format: "binary" } } },
  };
}

function summaryVerb({ method, listed, member }: RouteFacts): string {
  switch (method) {
    case "GET":
      return listed ? "List" : member ? "Read one of" : "Get";
    case "POST":
      return listed ? "Add to" : "Send";
    case "PUT":
      return member ? "Change one of" : "Update";
    case "DELETE":
      return member ? "Delete one of" : "Delete";
    default:
      return method.charAt(0) + method.slice(1).toLowerCase();
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The words of a path without /api and its parameters: /api/productsVariants/:id → products variants. */
function pathWords(url: string): string[] {
  return url
    .split("/")
    .filter((part) => part && part !== "api" && !part.startsWith(":"))
    .flatMap(splitWords);
}

function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[\s_.-]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
}

function camelCase(words: string[]): string {
  return words.map((w, i) => (i === 0 ? w : capitalise(w))).join("");
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/**
 * Two routes whose paths differ only in their parameters' names (the contract's
 * /productsVariants/:product_id and /productsVariants/:variant_id) are one path
 * to OpenAPI: both are documented under `{id}`, each parameter saying which id
 * it is.
 */
function canonicalPath(app: App, url: string, schema: Record<string, unknown>): string {
  const shape = (u: string) => u.replace(/:\w+/g, ":");
  const namesDiffer = app.routeList.some((r) => shape(r.url) === shape(url) && r.url !== url);
  if (!namesDiffer || !url.includes(":")) return url;
  const names = [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? "");
  const canonical = names.map((_, i) => (i === 0 ? "id" : `id${i + 1}`));
  const params = schema.params as JsonObjectSchema | undefined;
  if (params?.properties) {
    const properties: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(params.properties)) {
      const index = names.indexOf(key);
      properties[index >= 0 ? (canonical[index] ?? key) : key] =
        index >= 0
          ? { ...(value as object), description: `The ${splitWords(key).join(" ")}.` }
          : value;
    }
    params.properties = properties;
    params.required = params.required?.map((key) => {
      const index = names.indexOf(key);
      return index >= 0 ? (canonical[index] ?? key) : key;
    });
  }
  let index = 0;
  return url.replace(/:\w+/g, () => `:${canonical[index++]}`);
}

interface JsonObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

interface OpenApiObject {
  paths?: Record<string, Record<string, { tags?: string[] }>>;
  tags?: { name: string; description?: string }[];
  [key: string]: unknown;
}

/** Every tag the operations use, listed once at the top (sorted). */
function withTagList(doc: OpenApiObject): OpenApiObject {
  const names = new Set<string>();
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const tag of operation.tags ?? []) names.add(tag);
    }
  }
  const tags = [...names].sort().map((name) => ({ name, description: `Calls about ${name}.` }));
  return { ...doc, tags };
}
