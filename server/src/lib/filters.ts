import { FILTER_RANGE_SUFFIXES, isSafeText, LIST_PARAMS, MAX_FILTER_VALUES } from "@store/contract";
import { and, Column, is, or, SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { fromWireTimestamp } from "../db/columns";
import { badRequest } from "./errors";

type Expr = PgColumn | SQL;

/**
 * What a list field holds, for reading a filter's value and writing a CSV
 * cell: whole numbers, exact decimals (money), text, instants (timestamptz,
 * wire "yyyy-MM-dd HH:mm:ss"), calendar dates, and JSON (exported only:
 * neither sorted nor filtered).
 */
export type FieldType = "int" | "number" | "text" | "timestamp" | "date" | "json";

/** A field the list answers, as SQL (`by`) and what it holds. */
export interface Field {
  by: Expr;
  type: FieldType;
}
export type Fields = Record<string, Field>;

/** The field type of a column, from its SQL type. */
function columnType(column: PgColumn): FieldType | null {
  const type = column.getSQLType().toLowerCase();
  if (/^(small|big)?(int|serial)|^integer/.test(type)) return "int";
  if (type.startsWith("numeric")) return "number";
  if (type.startsWith("timestamp")) return "timestamp";
  if (type === "date") return "date";
  if (type === "text" || type.startsWith("varchar")) return "text";
  if (type.startsWith("json")) return "json";
  return null;
}

/**
 * The fields of a list from what its select answers (the same object the
 * select is built from): columns carry their type, SQL expressions take the
 * one given in `types` (text otherwise).
 */
export function fieldsOf(
  select: Record<string, unknown>,
  types: Record<string, FieldType> = {},
): Fields {
  const fields: Fields = {};
  for (const [name, value] of Object.entries(select)) {
    let by: Expr | undefined;
    let type: FieldType | null = types[name] ?? null;
    if (is(value, Column)) {
      by = value as PgColumn;
      type ??= columnType(value as PgColumn);
    } else if (is(value, SQL)) {
      by = value;
      type ??= "text";
    } else if (is(value, SQL.Aliased)) {
      by = value.sql;
      type ??= "text";
    }
    if (by && type) fields[name] = { by, type };
  }
  return fields;
}

const RESERVED = new Set<string>(LIST_PARAMS);
const INT = /^-?\d{1,18}$/;
const NUMBER = /^-?\d{1,15}(\.\d{1,6})?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2})(:\d{2})?$/;

/** A time filter's value: a whole day, or a time with or without seconds (literal below). */
const DAY_OR_INSTANT = new RegExp(`${DAY.source}|${INSTANT.source}`);
/** The longest filter value (valuesOf). */
const MAX_VALUE_LENGTH = 200;

/** One query parameter a list reads as a filter, for the API document (lib/openapi.ts). */
export interface FilterParameter {
  name: string;
  type: Exclude<FieldType, "json">;
  /** The form its value must have (what `literal` reads); text: any readable text. */
  pattern?: RegExp;
  maxLength: number;
  /** `field=v` may be repeated (any of them, at most MAX_FILTER_VALUES); a range takes one value. */
  repeatable: boolean;
  range?: (typeof FILTER_RANGE_SUFFIXES)[number];
}

/**
 * Every filter parameter filterCondition accepts for these fields: `field`
 * for each field but JSON ones, `field_gte` / `field_lte` for numbers, money
 * and dates; not the parameters the list reads itself (`own`).
 */
export function filterParameters(fields: Fields, own: readonly string[] = []): FilterParameter[] {
  const patterns: Record<FilterParameter["type"], RegExp | undefined> = {
    int: INT,
    number: NUMBER,
    date: DAY,
    timestamp: DAY_OR_INSTANT,
    text: undefined,
  };
  return Object.entries(fields).flatMap(([name, { type }]): FilterParameter[] => {
    if (type === "json" || own.includes(name) || RESERVED.has(name)) return [];
    const pattern = patterns[type];
    const one = { type, maxLength: MAX_VALUE_LENGTH, ...(pattern ? { pattern } : {}) };
    const ranges =
      type === "text"
        ? []
        : FILTER_RANGE_SUFFIXES.map((range) => ({
            ...one,
            name: `${name}${range}`,
            repeatable: false,
            range,
          }));
    return [{ ...one, name, repeatable: true }, ...ranges];
  });
}

/** A parameter name as quoted in a message: short, whatever was sent. */
const quoted = (name: string) => `"${name.length > 60 ? `${name.slice(0, 60)}…` : name}"`;

/** The values of one parameter: a string, or strings when repeated. */
function valuesOf(param: string, raw: unknown): string[] {
  const values = Array.isArray(raw) ? raw : [raw];
  if (values.length > MAX_FILTER_VALUES) {
    throw badRequest(
      param,
      "filter_too_many_values",
      { field: param.slice(0, 60), max: MAX_FILTER_VALUES },
      `${quoted(param)} takes at most ${MAX_FILTER_VALUES} values.`,
    );
  }
  return values.map((value) => {
    if (typeof value !== "string" || !isSafeText(value) || value.length > MAX_VALUE_LENGTH) {
      throw badRequest(
        param,
        "filter_unreadable",
        { field: param.slice(0, 60) },
        `${quoted(param)} has a value that cannot be read.`,
      );
    }
    return value;
  });
}

/** A value of the field's kind as a typed SQL literal; a 400 naming the parameter otherwise. */
function literal(param: string, field: Field, value: string): { value: SQL; day: boolean } {
  const expected = {
    filter_not_whole_number: "a whole number",
    filter_not_number: "a number such as 12.50",
    filter_not_date: "a date yyyy-MM-dd",
    filter_not_date_time: "a date yyyy-MM-dd or a time yyyy-MM-dd HH:mm:ss",
  } as const;
  const bad = (code: keyof typeof expected) =>
    badRequest(
      param,
      code,
      { field: param.slice(0, 60) },
      `${quoted(param)} must be ${expected[code]}.`,
    );
  switch (field.type) {
    case "int":
      if (!INT.test(value)) throw bad("filter_not_whole_number");
      return { value: sql`${value}::bigint`, day: false };
    case "number":
      if (!NUMBER.test(value)) throw bad("filter_not_number");
      return { value: sql`${value}::numeric`, day: false };
    case "date":
      if (!DAY.test(value) || Number.isNaN(fromWireTimestamp(`${value} 00:00:00`).getTime())) {
        throw bad("filter_not_date");
      }
      return { value: sql`${value}::date`, day: true };
    case "timestamp": {
      if (DAY.test(value)) {
        if (Number.isNaN(fromWireTimestamp(`${value} 00:00:00`).getTime())) {
          throw bad("filter_not_date_time");
        }
        // The store's midnight: every connection speaks the store's zone (db/client.ts).
        return { value: sql`${value}::date`, day: true };
      }
      const parts = INSTANT.exec(value);
      const wire = parts ? `${parts[1]} ${parts[2]}${parts[3] ?? ":00"}` : "";
      if (!parts || Number.isNaN(fromWireTimestamp(wire).getTime())) {
        throw bad("filter_not_date_time");
      }
      return { value: sql`${wire}::timestamp::timestamptz`, day: false };
    }
    default:
      return { value: sql`${value}`, day: false };
  }
}

/** `field=value`: equal to the value (a whole day, for a date given to a time field). */
function equals(param: string, field: Field, value: string): SQL {
  const { value: v, day } = literal(param, field, value);
  if (day && field.type === "timestamp") {
    return sql`(${field.by} >= ${v}::timestamptz and ${field.by} < (${v} + 1)::timestamptz)`;
  }
  return sql`${field.by} = ${v}`;
}

function bound(param: string, field: Field, value: string, upper: boolean): SQL {
  const { value: v, day } = literal(param, field, value);
  if (field.type === "timestamp" && day) {
    // A date alone as the upper bound takes in that whole day.
    return upper
      ? sql`${field.by} < (${v} + 1)::timestamptz`
      : sql`${field.by} >= ${v}::timestamptz`;
  }
  return upper ? sql`${field.by} <= ${v}` : sql`${field.by} >= ${v}`;
}

/**
 * The caller's filters (json-server style, docs/decisions/list-sort-filter.md): every parameter that is not paging, sort,
 * search or format, nor one the list reads itself (`own`), must name a field
 * (`field=v`, repeatable: any of them) or a range on one (`field_gte`,
 * `field_lte`, numbers, money and dates only). Anything else is a 400 naming it.
 */
export function filterCondition(
  query: Record<string, unknown>,
  fields: Fields,
  own: readonly string[] = [],
): SQL | undefined {
  const conditions: SQL[] = [];
  for (const param of Object.keys(query)) {
    if (RESERVED.has(param) || own.includes(param) || query[param] === undefined) continue;
    const field = Object.hasOwn(fields, param) ? fields[param] : undefined;
    if (field?.type === "json") {
      throw badRequest(
        param,
        "not_filterable",
        { field: param.slice(0, 60) },
        `${quoted(param)} cannot be filtered on.`,
      );
    }
    if (field) {
      const values = valuesOf(param, query[param]);
      const literals = values.map((value) => literal(param, field, value));
      // Any of several values: one `in` list (a single index condition), unless a
      // time field was given whole days.
      conditions.push(
        values.length === 1
          ? equals(param, field, values[0] as string)
          : field.type === "timestamp" && literals.some((l) => l.day)
            ? (or(...values.map((value) => equals(param, field, value))) as SQL)
            : sql`${field.by} in (${sql.join(
                literals.map((l) => l.value),
                sql`, `,
              )})`,
      );
      continue;
    }
    const suffix = FILTER_RANGE_SUFFIXES.find((s) => param.endsWith(s));
    const name = suffix ? param.slice(0, -suffix.length) : "";
    const ranged = suffix && Object.hasOwn(fields, name) ? fields[name] : undefined;
    if (!ranged) {
      throw badRequest(
        param,
        "unknown_filter",
        { field: param.slice(0, 60) },
        `${quoted(param)} is not a field this list can be filtered by.`,
      );
    }
    if (ranged.type === "text" || ranged.type === "json") {
      throw badRequest(
        param,
        "range_not_allowed",
        { field: param.slice(0, 60) },
        `${quoted(param)}: only numbers, money and dates take a range.`,
      );
    }
    const values = valuesOf(param, query[param]);
    if (values.length !== 1)
      throw badRequest(
        param,
        "one_value",
        { field: param.slice(0, 60) },
        `${quoted(param)} takes one value.`,
      );
    conditions.push(bound(param, ranged, values[0] as string, suffix === "_lte"));
  }
  return and(...conditions);
}
