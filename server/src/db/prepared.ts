import { createHash } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import { dialect } from "../lib/lists/compiled";
import { clientOf, type Db, reportPoolOf } from "./client";

/**
 * Runs a read prepared by name (the hash of its text) and planned once,
 * generic (docs/decisions/reports-rollups.md, "Prepared"): a report's text
 * repeats for every range of one shape, its plan does not depend on the
 * values, and planning a union of pieces costs as much as running it; the
 * dashboard, polled on every screen, is parsed once per connection. On
 * PostgreSQL on the report pool's connections (db/client.ts), on PGlite once
 * per store (db/pglite.ts); in a transaction, as it comes.
 */
export async function readPrepared<R extends pg.QueryResultRow>(
  db: Db,
  query: SQL,
): Promise<{ rows: R[] }> {
  const client = clientOf(db);
  const { sql: text, params } = dialect.sqlToQuery(query);
  const name = `prepared_${createHash("sha1").update(text).digest("base64url").slice(0, 24)}`;
  if (client instanceof pg.Pool)
    return (reportPoolOf(client) ?? client).query<R>({ name, text, values: params });
  if (isPglite(client)) {
    const { queryPrepared } = await import("./pglite");
    return queryPrepared<R>(client, name, text, params);
  }
  const { rows } = await db.execute<R>(query);
  return { rows: rows as R[] };
}

function isPglite(client: unknown): client is PGlite {
  return typeof (client as Partial<PGlite> | undefined)?.execProtocol === "function";
}
