import { Readable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import type { FastifyReply } from "fastify";

/** Rows per read: a few milliseconds of database and CPU, ~100 kB of JSON. */
export const STREAM_BATCH = 5000;

export interface KeysetList<Row> {
  /** The next rows after the key `after` (all from the start when null), in key order. */
  read(after: number | null, limit: number): Promise<Row[]>;
  /** The key of a row: strictly increasing along the list. */
  key(row: Row): number;
  /** The row as JSON text, byte for byte what JSON.stringify of the record would give. */
  json(row: Row): string;
  batch?: number;
}

/**
 * A whole list as one JSON array, read in keyset batches and written as they
 * come (docs/DECISIONS.md, "Whole-list calls stream"). The next batch is read only
 * when the client has taken the previous one (backpressure), no connection or
 * transaction is held in between, and each batch gives the event loop a turn, so
 * other calls (and PGlite's one connection) interleave with a long list.
 */
export async function keysetJsonArray<Row>(list: KeysetList<Row>): Promise<Readable> {
  const limit = list.batch ?? STREAM_BATCH;
  // The first batch before the status line: a failing query is still a plain 500.
  let rows = await list.read(null, limit);
  async function* chunks(): AsyncGenerator<string> {
    let text = "[";
    let separator = "";
    for (;;) {
      for (const row of rows) {
        text += separator + list.json(row);
        separator = ",";
      }
      const last = rows.at(-1);
      if (last === undefined || rows.length < limit) break;
      yield text;
      text = "";
      // A turn for whatever else waits (other calls, PGlite's next query) before reading on.
      await nextTurn();
      rows = await list.read(list.key(last), limit);
    }
    yield `${text}]`;
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** Answers a streamed JSON body: the serializer is skipped, the type stays as before. */
export function sendJsonStream(reply: FastifyReply, body: Readable): FastifyReply {
  return reply.type("application/json; charset=utf-8").send(body);
}
