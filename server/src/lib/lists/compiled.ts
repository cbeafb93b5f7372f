import { is, Param, Placeholder, SQL, StringChunk } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { clientOf, type Tx } from "../../db/client";

/**
 * Statements built once per shape (docs/decisions/list-pages-by-key.md): Drizzle builds a statement by walking its parts
 * (an entity check per part), which cost more CPU per page than the rest of
 * the request's own code. An unfiltered page's keys keep their SQL text per
 * list, sort and path, with the page's numbers as parameters (rows.ts
 * prepares a page's rows by key).
 */
export const dialect = new PgDialect();

/** A transaction's session ends with it: only the database itself keeps prepared statements. */
export const inTransaction = (db: Tx) => "rollback" in db;

export interface Compiled {
  /** The SQL text, with $1… for its parameters. */
  text: string;
  /** The SQL text split at its parameters. */
  parts: string[];
  /** Each parameter: its fixed value, or the name of the page number it takes. */
  params: unknown[];
}
const compiledKeys = new WeakMap<object, Map<string, Compiled>>();

/** Compiles `query` (with sql.placeholder for the values that change) once per spec and shape. */
export function compiledFor(spec: object, shape: string, build: () => SQL): Compiled {
  let bySpec = compiledKeys.get(spec);
  if (!bySpec) {
    bySpec = new Map();
    compiledKeys.set(spec, bySpec);
  }
  let found = bySpec.get(shape);
  if (!found) {
    const query = dialect.sqlToQuery(build());
    const parts = query.sql.split(/\$\d+/);
    if (parts.length !== query.params.length + 1) {
      throw new Error("a compiled list statement has a $ of its own");
    }
    found = { text: query.sql, parts, params: query.params };
    bySpec.set(shape, found);
  }
  return found;
}

/** What the database itself (not a transaction) answers a text with parameters with: pg's Pool and PGlite alike. */
interface Client {
  query(text: string, params: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a compiled statement with this request's values: straight through
 * the database's client (the text is already built), or inside a
 * transaction through Drizzle as any statement.
 */
export function runCompiled<R>(
  db: Tx,
  compiled: Compiled,
  values: Record<string, unknown>,
): Promise<{ rows: R[] }> {
  const client = clientOf(db) as Client | undefined;
  if (inTransaction(db) || typeof client?.query !== "function") {
    return db.execute(withValues(compiled, values)) as Promise<{ rows: R[] }>;
  }
  const params = compiled.params.map((param) =>
    is(param, Placeholder) ? values[param.name] : param,
  );
  return client.query(compiled.text, params) as Promise<{ rows: R[] }>;
}

/** The compiled statement with this request's values, as SQL Drizzle passes on as it is. */
function withValues(compiled: Compiled, values: Record<string, unknown>): SQL {
  const chunks: unknown[] = [new StringChunk(compiled.parts[0] ?? "")];
  compiled.params.forEach((param, i) => {
    const value = is(param, Placeholder) ? values[param.name] : param;
    chunks.push(new Param(value), new StringChunk(compiled.parts[i + 1] ?? ""));
  });
  return new SQL(chunks as SQL["queryChunks"]);
}
