import * as contract from "@store/contract";
import {
  errorBody,
  forbiddenBody,
  SESSION_COOKIE,
  statusErrorBody,
  validationErrorBody,
  versionConflict,
} from "@store/contract";
import { z } from "zod";
import type { Json } from "./openapiLists";

/**
 * The API document's named schemas and the answers' headers
 * (docs/decisions/api-document.md), used by openapi.ts's transform.
 */

/** A record's version as an entity tag ("3"). */
export const ETAG = { type: "string", pattern: '^"[1-9]\\d*"$' };

/** Each error answer's description by status: the answers are named schemas ($ref). */
export type Answers = Record<string, string>;

/**
 * The error answers every route can give, as lib/errors.ts sends them: a
 * refusal may carry details beside its code (the balances a member still
 * holds), and a 412 says what changed (lib/versions.ts) with its code.
 */
const named = <T extends z.ZodType>(schema: T, id: string): T => {
  z.globalRegistry.add(schema, { id });
  return schema;
};
export const ERRORS = {
  error: named(errorBody.loose(), "Error"),
  validation: named(validationErrorBody.loose(), "ValidationError"),
  status: named(statusErrorBody.loose(), "StatusError"),
  forbidden: named(forbiddenBody.loose(), "Forbidden"),
  stale: named(errorBody.extend(versionConflict.shape), "StaleVersion"),
};

/**
 * The contract's exported schemas by identity: an answer that is one of them
 * is documented as a named schema (components/schemas, PascalCase of its
 * export: `brand` → Brand), so records added later are named too.
 */
const exportedNames = new Map<z.ZodType, string>();
for (const [name, value] of Object.entries(contract)) {
  if (value instanceof z.ZodObject && !exportedNames.has(value)) {
    exportedNames.set(value, capitalise(name));
  }
}

/**
 * Names every exported schema an answer is made of (zod's global registry,
 * which fastify-type-provider-zod reads): a list's `brand.array()` answers
 * `Brand` items, a record's fields of exported shapes are named too.
 */
export function nameRecords(schemas: unknown[]): void {
  for (const schema of schemas) {
    if (schema instanceof z.ZodArray) nameRecords([schema.element]);
    else if (schema instanceof z.ZodNullable || schema instanceof z.ZodOptional) {
      nameRecords([schema.unwrap()]);
    } else if (schema instanceof z.ZodObject) {
      const id = exportedNames.get(schema);
      const registry = z.globalRegistry;
      if (id && !registry.get(schema)?.id) {
        registry.add(schema, { ...registry.get(schema), id });
      }
      nameRecords(Object.values(schema.shape));
    }
  }
}

/**
 * The answers' descriptions and headers beyond what the route says: an error
 * answer's description beside its named schema, Retry-After on a 429, the
 * session cookie on login and logout.
 */
export function declareAnswers(url: string, schema: Json, answers: Answers): void {
  const response = (schema.response ?? {}) as Record<string, Json>;
  for (const [code, description] of Object.entries(answers)) {
    const body = response[code];
    if (body) response[code] = { description, content: { "application/json": { schema: body } } };
  }
  const stale = response["412"];
  if (stale) stale.headers = { ETag: { ...ETAG, description: "The record's current version." } };
  const limited = response["429"];
  if (limited) {
    limited.headers = {
      ...((limited.headers as object) ?? {}),
      "Retry-After": {
        type: "integer",
        minimum: 1,
        description: "Seconds to wait before trying again.",
      },
    };
  }
  // auth/routes.ts: logging in sets the session cookie, logging out clears it.
  if (/^\/api\/(login|logout)/i.test(url)) {
    for (const code of ["200", "201", "204"]) {
      const ok = response[code];
      if (!ok) continue;
      ok.headers = {
        ...((ok.headers as object) ?? {}),
        "Set-Cookie": {
          type: "string",
          description: `The session cookie \`${SESSION_COOKIE}\` (HttpOnly): set on login, cleared on logout.`,
        },
      };
    }
  }
}

/** What lib/lists' sendPage sends with a page of JSON rows. */
export const TOTAL_HEADERS = {
  "X-Total-Count": {
    type: "integer",
    minimum: 0,
    description:
      "JSON: how many rows matched (every page). A lower bound when X-Total-Count-Capped says so.",
  },
  "X-Total-Count-Capped": {
    type: "string",
    enum: ["true"],
    description:
      "Present when more rows matched a filter or search than were counted: the total is the cap.",
  },
};

/** A read answering an array (a genealogy's page too) may be a page: its total. */
export function declareTotals(method: string, zod: Record<string, unknown>, schema: Json): void {
  const ok = ((zod.response ?? {}) as Record<string, unknown>)[200];
  const json = ((schema.response ?? {}) as Record<string, Json>)["200"];
  if (method !== "GET" || !(ok instanceof z.ZodArray) || !json || "content" in json) return;
  json.headers = { ...((json.headers as object) ?? {}), ...TOTAL_HEADERS };
}

/**
 * Only the named schemas the document refers to: zod's registry names each
 * for requests and answers alike (`BrandInput` beside `Brand`), and a schema
 * named for one app's routes need not be another's.
 */
export function withUsedSchemas<T extends { paths?: unknown; components?: unknown }>(doc: T): T {
  const components = (doc.components ?? {}) as { schemas?: Record<string, unknown> };
  const schemas = components.schemas ?? {};
  const used = new Set<string>();
  const refsOf = (value: unknown): string[] =>
    [...JSON.stringify(value).matchAll(/"#\/components\/schemas\/([^"]+)"/g)].map(
      (m) => m[1] ?? "",
    );
  let next = refsOf(doc.paths);
  while (next.length > 0) {
    const fresh = next.filter((name) => !used.has(name));
    for (const name of fresh) used.add(name);
    next = fresh.flatMap((name) => refsOf(schemas[name]));
  }
  const kept = Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name)));
  return { ...doc, components: { ...components, schemas: kept } };
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
