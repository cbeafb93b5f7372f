import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { FastifyReply } from "fastify";
import type { Tx } from "../db/client";

/** Rows per read: about a millisecond of the event loop and 50-100 kB of JSON. */
export const STREAM_BATCH = 4000;

/** One batch: its rows as JSON objects joined by commas, and the key of its last row. */
export interface JsonBatch {
  json: string;
  rows: number;
  last: number | null;
}

/** Reads the batch after key `after` (from the start when null), in key order. */
export type ReadBatch = (after: number | null, limit: number) => Promise<JsonBatch>;

/**
 * A whole list as one JSON array, read in keyset batches and written as they
 * come (docs/decisions/whole-list-calls-stream.md). The next batch is read only
 * when the client has taken the previous one (backpressure), no connection or
 * transaction is held in between, and each batch gives the event loop a turn, so
 * other calls (and PGlite's one connection) interleave with a long list.
 */
export async function keysetJsonArray(read: ReadBatch, limit = STREAM_BATCH): Promise<Readable> {
  // The first batch before the status line: a failing query is still a plain 500.
  let batch = await read(null, limit);
  async function* chunks(): AsyncGenerator<string> {
    let text = `[${batch.json}`;
    while (batch.rows === limit && batch.last !== null) {
      yield text;
      // A turn for whatever else waits (other calls, PGlite's next query) before reading on.
      await nextTurn();
      batch = await read(batch.last, limit);
      text = batch.rows ? `,${batch.json}` : "";
    }
    yield `${text}]`;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/**
 * Batches of one table by its integer key, the JSON of each row written by
 * PostgreSQL (`row` is a text expression): the event loop only passes one string
 * per batch on, instead of parsing, mapping and serialising every row.
 */
export function tableBatches(
  db: Tx,
  spec: { table: PgTable; key: PgColumn; row: SQL; where?: SQL },
): ReadBatch {
  return async (after, limit) => {
    const from = after === null ? sql`true` : sql`${spec.key} > ${after}`;
    const where = spec.where ? sql`${from} and ${spec.where}` : from;
    const result = await db.execute<{ json: string | null; rows: number; last: number | null }>(sql`
      select coalesce(string_agg(row, ',' order by key), '') as json,
        count(*)::int as rows, max(key) as last
      from (
        select ${spec.key} as key, ${spec.row} as row from ${spec.table}
        where ${where} order by ${spec.key} limit ${limit}
      ) batch`);
    const [first] = result.rows;
    return {
      json: first?.json ?? "",
      rows: Number(first?.rows ?? 0),
      last: first?.last == null ? null : Number(first.last),
    };
  };
}

/** Answers a streamed JSON body: the serializer is skipped, the type stays as before. */
export function sendJsonStream(reply: FastifyReply, body: Readable): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(body);
}
