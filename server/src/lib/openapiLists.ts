import { MAX_FILTER_VALUES, PERMISSIONS } from "@store/contract";
import type { FastifyReply, FastifyRequest, RouteOptions } from "fastify";
import type { App } from "../appType";
import { type FilterParameter, filterParameters } from "./filters";
import { type ListSpec, listSpecOf, sortNames } from "./lists";

/**
 * What the API document says of each list (docs/decisions/api-document.md),
 * from the same specs the server enforces (lib/lists, lib/filters.ts): the
 * `_sort` names, every filter parameter with the form of its value, `q` only
 * where the list searches, and a bulk call's body. Found by route, so lists
 * added later are described alike.
 */
export type Json = Record<string, unknown>;

/** The list routes' specs by path, found once the routes are registered (listSpecOf). */
export function listSpecsOf(app: App): Map<string, ListSpec> {
  const routes: RouteOptions[] = [];
  const specs = new Map<string, ListSpec>();
  app.addHook("onRoute", (route) => {
    const query = route.schema?.querystring as { shape?: Record<string, unknown> } | undefined;
    if ([route.method].flat().includes("GET") && query?.shape && "_format" in query.shape) {
      routes.push(route);
    }
  });
  app.addHook("onReady", async () => {
    // An empty query from an Admin: every list handler reaches listClauses with it.
    const request = {
      query: {},
      params: {},
      headers: {},
      admin: { role: "Admin", permissions: [...PERMISSIONS], group_names: [] },
      log: app.log,
    } as unknown as FastifyRequest;
    const reply = {
      header: () => reply,
      code: () => reply,
      send: () => reply,
    } as unknown as FastifyReply;
    for (const route of routes) {
      const spec = await listSpecOf(() => route.handler.call(app, request, reply));
      if (spec) specs.set(route.url, spec);
    }
  });
  return specs;
}

/** The JSON Schema of one filter value; `loose`: a bulk body's filter, where numbers may be numbers. */
function valueSchema(parameter: FilterParameter, loose: boolean): Json {
  const text: Json = {
    type: "string",
    maxLength: parameter.maxLength,
    ...(parameter.pattern ? { pattern: parameter.pattern.source } : {}),
  };
  if (parameter.type === "int") {
    return loose ? { anyOf: [{ type: "integer" }, text] } : { type: "integer" };
  }
  if (parameter.type === "number" && loose) return { anyOf: [{ type: "number" }, text] };
  return text;
}

function filterSchema(parameter: FilterParameter, loose = false): Json {
  const one = valueSchema(parameter, loose);
  const field = parameter.range ? parameter.name.slice(0, -parameter.range.length) : parameter.name;
  const description = parameter.range
    ? `Rows whose ${field} is ${parameter.range === "_gte" ? "at least" : "at most"} this${
        parameter.type === "date" || parameter.type === "timestamp"
          ? parameter.range === "_lte"
            ? " (a date alone: to the end of that day)"
            : " (a date alone: from its start)"
          : ""
      }.`
    : `Rows whose ${field} equals this${
        parameter.type === "timestamp" ? " (a date alone: any time that day)" : ""
      }; repeat the parameter for any of several values.`;
  if (!parameter.repeatable) return { ...one, description };
  return {
    description,
    anyOf: [one, { type: "array", items: one, minItems: 1, maxItems: MAX_FILTER_VALUES }],
  };
}

/**
 * A list's query string as the server reads it: `_sort` one of its fields,
 * `q` only when it searches, and every filter parameter it accepts.
 */
export function describeListQuery(querystring: Json, spec: ListSpec): void {
  const properties = { ...((querystring.properties as Record<string, Json>) ?? {}) };
  const sort = properties._sort;
  if (sort) {
    properties._sort = {
      type: "string",
      enum: sortNames(spec).sort(),
      description: "The field to sort by (with _order); default: the list's own order.",
    };
  }
  if (spec.search.length === 0) delete properties.q;
  for (const parameter of filterParameters(spec.fields ?? {}, spec.params)) {
    if (!(parameter.name in properties)) properties[parameter.name] = filterSchema(parameter);
  }
  querystring.properties = properties;
}

/**
 * POST <list>/bulk's body: one of the list's actions on `ids` or on what
 * `filter` (the list's own filters and `q`) matches, never both.
 */
export function describeBulkBody(
  body: Json,
  actions: readonly string[],
  spec: ListSpec | undefined,
): Json {
  const { ids, filter, ...common } = (body.properties as Record<string, Json>) ?? {};
  const shared: Record<string, Json> = {
    ...common,
    action: { type: "string", enum: [...actions], description: "What to do to each record." },
  };
  let filterBody: Json = filter ?? { type: "object" };
  if (spec) {
    const properties: Record<string, Json> = {};
    if (spec.search.length > 0) properties.q = { type: "string", maxLength: 200 };
    for (const parameter of filterParameters(spec.fields ?? {}, spec.params)) {
      properties[parameter.name] = filterSchema(parameter, true);
    }
    // Parameters the list reads itself (products' category_id): as its query string says.
    for (const own of spec.params ?? []) properties[own] = { description: "As the list's query." };
    filterBody = {
      type: "object",
      description: "The list's filters, as its query string takes them: every record matching.",
      properties,
      additionalProperties: false,
    };
  }
  // `not: {}` matches nothing: the other key may not be sent.
  const branch = (key: "ids" | "filter", schema: Json, other: string): Json => ({
    type: "object",
    properties: { ...shared, [key]: schema, [other]: { not: {}, description: `Not with ${key}.` } },
    required: ["action", key],
  });
  // anyOf: the branches cannot both match (each refuses the other's key).
  return {
    anyOf: [branch("ids", ids ?? { type: "array" }, "filter"), branch("filter", filterBody, "ids")],
  };
}
