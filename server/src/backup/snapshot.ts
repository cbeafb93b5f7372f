import crypto from "node:crypto";
import fs from "node:fs";
import { type SQL, sql } from "drizzle-orm";
import type { Tx } from "../db/client";

/**
 * What a backup reads and a restore checks, the same on both engines
 * (docs/decisions/backups.md): every table of the public schema as JSON rows
 * (row_to_json, read back by json_populate_recordset on the server, so a
 * numeric, a timestamp or a bytea never passes through a JavaScript number),
 * the sequences' positions, each table's row count and the money sums.
 */

/** The tables that hold money or its history: their sums are in the manifest and checked after a restore. */
export const MONEY_SUMS = {
  "user_wallets.wallet_amt": sql`select coalesce(sum(wallet_amt), 0)::text as v from user_wallets`,
  "user_wallets.c_wallet_amt": sql`select coalesce(sum(c_wallet_amt), 0)::text as v from user_wallets`,
  "users.ttl_pv": sql`select coalesce(sum(ttl_pv), 0)::text as v from users`,
  "wallet_ledger.amount": sql`select coalesce(sum(amount), 0)::text as v from wallet_ledger`,
  "withdraw_requests.withdraw_amt": sql`select coalesce(sum(withdraw_amt), 0)::text as v from withdraw_requests`,
  "orders.total_price": sql`select coalesce(sum(total_price), 0)::text as v from orders`,
  "order_commissions.amount": sql`select coalesce(sum(amount), 0)::text as v from order_commissions`,
  "ledger_owed.amount": sql`select coalesce(sum(amount), 0)::text as v from ledger_owed`,
} as const;

export type MoneySums = Record<keyof typeof MONEY_SUMS, string>;

/** The tables of the store, by name (drizzle's own bookkeeping is in its own schema). */
export async function storeTables(db: Tx): Promise<string[]> {
  const { rows } = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.map((row) => row.name);
}

export async function rowCounts(db: Tx, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(table)}`,
    );
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

export async function moneySums(db: Tx): Promise<MoneySums> {
  const sums = {} as MoneySums;
  for (const [name, query] of Object.entries(MONEY_SUMS) as [keyof MoneySums, SQL][]) {
    const { rows } = await db.execute<{ v: string }>(query);
    sums[name] = String(rows[0]?.v ?? "0");
  }
  return sums;
}

export interface SequencePosition {
  name: string;
  /** null: the sequence was never used (its next value is its start). */
  last_value: string | null;
}

export async function sequencePositions(db: Tx): Promise<SequencePosition[]> {
  const { rows } = await db.execute<{ name: string; last_value: string | null }>(
    sql`select sequencename as name, last_value::text as last_value from pg_sequences
      where schemaname = 'public' order by sequencename`,
  );
  return rows.map((row) => ({ name: row.name, last_value: row.last_value }));
}

/** Rows fetched from the cursor at a time: bounded memory on a large table. */
const FETCH = 2000;

/**
 * Writes a table's rows, one JSON object a line, to `file`. Inside the
 * caller's repeatable-read transaction: every table is read from one snapshot.
 */
export async function dumpTable(db: Tx, table: string, file: string): Promise<Dumped> {
  // Written synchronously: the transaction holds the embedded store's one
  // connection, so nothing else could run meanwhile anyway, and the dump never
  // waits for the event loop behind a queue of requests.
  const out = fs.openSync(file, "w", 0o600);
  const hash = crypto.createHash("sha256");
  let rows = 0;
  let bytes = 0;
  try {
    await db.execute(
      sql`declare store_backup no scroll cursor for select row_to_json(t)::text as j from ${sql.identifier(table)} t`,
    );
    for (;;) {
      const batch = await db.execute<{ j: string }>(sql.raw(`fetch ${FETCH} from store_backup`));
      if (batch.rows.length === 0) break;
      rows += batch.rows.length;
      const text = Buffer.from(`${batch.rows.map((row) => row.j).join("\n")}\n`);
      fs.writeSync(out, text);
      hash.update(text);
      bytes += text.length;
    }
    await db.execute(sql`close store_backup`);
  } finally {
    fs.closeSync(out);
  }
  return { rows, bytes, sha256: hash.digest("hex") };
}

/** What a member holds: its rows (a table's), size and sha-256. */
export interface Dumped {
  rows: number;
  bytes: number;
  sha256: string;
}

/** Writes `content` to `file` and answers its size and sha-256. */
export function writeMember(file: string, content: Buffer | string): Omit<Dumped, "rows"> {
  const bytes = Buffer.from(content);
  fs.writeFileSync(file, bytes, { mode: 0o600 });
  return { bytes: bytes.length, sha256: crypto.createHash("sha256").update(bytes).digest("hex") };
}

/** Rows loaded in one statement. */
const LOAD_BATCH = 500;

/**
 * Loads a table's JSON lines. Generated columns are left to the database;
 * identity columns keep the archive's values (OVERRIDING SYSTEM VALUE).
 */
export async function loadTable(db: Tx, table: string, file: string): Promise<number> {
  const { rows: columnRows } = await db.execute<{ name: string }>(
    sql`select a.attname as name from pg_attribute a
      where a.attrelid = ${`public.${quoteIdent(table)}`}::regclass and a.attnum > 0
        and not a.attisdropped and a.attgenerated = '' order by a.attnum`,
  );
  const columns = sql.join(
    columnRows.map((row) => sql.identifier(row.name)),
    sql`, `,
  );
  let loaded = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const json = `[${batch.join(",")}]`;
    await db.execute(
      sql`insert into ${sql.identifier(table)} (${columns}) overriding system value
        select ${columns} from json_populate_recordset(null::${sql.identifier(table)}, ${json}::json)`,
    );
    loaded += batch.length;
    batch = [];
  };
  const text = fs.createReadStream(file, { encoding: "utf8" });
  let rest = "";
  for await (const chunk of text) {
    const lines = (rest + (chunk as string)).split("\n");
    rest = lines.pop() ?? "";
    for (const line of lines) {
      if (!line) continue;
      batch.push(line);
      if (batch.length >= LOAD_BATCH) await flush();
    }
  }
  if (rest) batch.push(rest);
  await flush();
  return loaded;
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
