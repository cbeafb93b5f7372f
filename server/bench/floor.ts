/**
 * The floor: a bare node:http + pg server answering `GET /api/orders?_page=&_limit=`
 * with the statements the real server runs for that page (session lookup, the
 * page, the total) and the same body bytes and X-Total-Count. What the product
 * reaches against it is the cost of everything else (framework, ORM, validation,
 * serialiser, log). docs/benchmarks/lean.md ("Lean per request").
 *
 *     npx tsx bench/floor.ts postgres://…     # prints the URL it listens on
 *
 * `startFloor` is exported for other harnesses (bench/run.ts may start it beside
 * the real server).
 */
import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";

export interface FloorOptions {
  databaseUrl: string;
  /** The store's time zone: the session speaks it, as the real server's does. */
  timeZone?: string;
  host?: string;
  port?: number;
  /** Pool size; the real server's is 10 (db/client.ts). */
  connections?: number;
}

export interface Floor {
  url: string;
  close(): Promise<void>;
}

/**
 * The statements the real server runs for a page of orders, as logged from
 * node-postgres by bench/statements.ts: the session, the page's keys with the
 * kept total (page 1 from the date index; a later page entered at its day,
 * server/src/lib/lists/directoryPage.ts), then the rows of those keys.
 */
export const FLOOR_SQL = {
  session:
    'select "users"."user_id", "users"."username", "users"."email", "users"."f_name", "users"."l_name", "users"."contact", "users"."DOB", "users"."gender", "users"."role", "users"."languages" from "sessions" inner join "users" on "users"."user_id" = "sessions"."user_id" where ("sessions"."token_hash" = $1 and "sessions"."expires_at" > now() and ("users"."role" = $2 and "users"."user_status" = $3)) limit $4',
  firstKeys:
    'select (select coalesce((select value from running_totals where name = $1), 0))::int as n, array(select "orders"."orders_id" from "orders" order by "orders"."created_at" desc, "orders"."orders_id" desc limit $2 offset $3) as keys',
  laterKeys: `with buckets as (
        select substr(name, $1)::bigint as bucket, value::bigint as n
        from running_totals
        where left(name, $2) = $3 and value <> 0),
      placed as (
        select bucket, sum(n) over (order by bucket desc) - n as before from buckets),
      start as (
        select bucket, before from placed where before <= $4 order by before desc limit 1)
      select (select coalesce(sum(n), 0) from buckets)::int as n,
        array(select k from start cross join lateral (
          select "orders"."orders_id" as k from "orders" where "orders"."created_at" < to_timestamp((start.bucket + 1) * 86400)
          order by "orders"."created_at" desc, "orders"."orders_id" desc offset $5 - start.before limit $6) as rows) as keys`,
  /** Prepared by name (the product prepares it once per list, server/src/lib/lists/rows.ts rowsByKey). */
  rows: 'select "orders_id", "order_number", "user_id", "username", "contact", "currency_symbol", "total_price", "points_earned", "coupon_code", "recipient_name", "recipient_contact", "address_1", "address_2", "postcode", "state", "country", "tracking_number", "order_status", "created_at", "paid_on", "ship_out_by", "completed_at", "refund_at", "updated_at" from "orders" where "orders"."orders_id" = any($1)',
};

const TIMESTAMPS = [
  "created_at",
  "paid_on",
  "ship_out_by",
  "completed_at",
  "refund_at",
  "updated_at",
];
const TIMESTAMPTZ = 1184;
const DATE = 1082;

export async function startFloor(options: FloorOptions): Promise<Floor> {
  const timeZone = options.timeZone ?? process.env.TZ ?? "Asia/Kuala_Lumpur";
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.connections ?? 10,
    options: `-c timezone=${timeZone}`,
    // Dates as PostgreSQL's text, as Drizzle asks for them.
    types: {
      getTypeParser: ((oid: number, format?: "text" | "binary") =>
        oid === TIMESTAMPTZ || oid === DATE
          ? (text: string) => text
          : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  pool.on("error", () => {});

  const server = http.createServer((request, response) => {
    answer(pool, request, response).catch((error: unknown) => {
      response.writeHead(500, { "content-type": "application/json; charset=utf-8" });
      response.end(JSON.stringify({ message: String(error) }));
    });
  });
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? "127.0.0.1", resolve),
  );
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}

async function answer(pool: pg.Pool, request: http.IncomingMessage, response: http.ServerResponse) {
  const url = new URL(request.url ?? "/", "http://floor");
  if (request.method !== "GET" || url.pathname !== "/api/orders") {
    response.writeHead(404, { "content-type": "application/json; charset=utf-8" });
    response.end('{"message":"Not found."}');
    return;
  }
  const token = /(?:^|;\s*)sid=([^;]+)/.exec(request.headers.cookie ?? "")?.[1];
  const hash = createHash("sha256")
    .update(decodeURIComponent(token ?? ""))
    .digest("hex");
  // Named, as the product's session lookup is (server/src/auth/service.ts).
  const session = await pool.query({
    name: "session",
    text: FLOOR_SQL.session,
    values: [hash, "Admin", 1, 1],
    rowMode: "array",
  });
  if (session.rowCount === 0) {
    response.writeHead(401, { "content-type": "application/json; charset=utf-8" });
    response.end('{"message":"Please log in."}');
    return;
  }
  const limit = Number(url.searchParams.get("_limit") ?? 10);
  const page = Number(url.searchParams.get("_page") ?? 1);
  const offset = (page - 1) * limit;
  const prefix = "orders.day:";
  const found = (
    offset === 0
      ? await pool.query({ text: FLOOR_SQL.firstKeys, values: ["orders", limit, offset] })
      : await pool.query({
          text: FLOOR_SQL.laterKeys,
          values: [prefix.length + 1, prefix.length, prefix, offset, offset, limit],
        })
  ).rows[0] as { n: number; keys: number[] | null };
  const keys = found.keys ?? [];
  const unordered = keys.length
    ? (await pool.query({ name: "list_rows", text: FLOOR_SQL.rows, values: [keys] })).rows
    : [];
  const byKey = new Map(unordered.map((row) => [row.orders_id as number, row]));
  const rows = keys.flatMap((key) => byKey.get(key) ?? []);
  const total = found.n;
  for (const row of rows) {
    for (const column of TIMESTAMPS) {
      const value = row[column];
      if (typeof value === "string") row[column] = value.slice(0, 19);
    }
  }
  response.writeHead(200, {
    "content-type": "application/json; charset=utf-8",
    "x-total-count": String(total),
  });
  response.end(JSON.stringify(rows));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const databaseUrl = process.argv[2] ?? process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("usage: npx tsx bench/floor.ts postgres://…");
  const floor = await startFloor({ databaseUrl, port: Number(process.env.PORT ?? 0) });
  console.log(floor.url);
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => floor.close().then(() => process.exit(0)));
  }
}
