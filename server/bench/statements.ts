/**
 * Prints the statements the real server sends to PostgreSQL for one call, as
 * node-postgres receives them (text and parameters), so bench/floor.ts's
 * FLOOR_SQL can be kept to what the product runs.
 *
 *     npx tsx bench/statements.ts "/api/orders?_page=1&_limit=10" "/api/orders?_page=7&_limit=10"
 *
 * PostgreSQL: TEST_DATABASE_URL (a new database on it, dropped after), else a
 * throw-away server (scripts/postgres.mjs). The store holds the base seed and
 * 100 orders over a few days, so a later page starts at its day.
 */
import { sql } from "drizzle-orm";
import pg from "pg";
// @ts-expect-error: a plain ES module without types
import { startPostgres } from "../../scripts/postgres.mjs";
import { createTestContext } from "../test/helpers";
import { withLines } from "../test/orders.fixtures";

const paths = process.argv.slice(2);
if (paths.length === 0)
  paths.push("/api/orders?_page=1&_limit=10", "/api/orders?_page=7&_limit=10");
const given = process.env.TEST_DATABASE_URL;
const server: { url: string; stop(): void } | undefined = given
  ? { url: given, stop() {} }
  : await startPostgres();
if (!server) throw new Error("no PostgreSQL server");
process.env.TEST_DATABASE_URL = server.url;

const seen: { text: string; name?: string; values: unknown }[] = [];
let recording = false;
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
  if (recording) {
    const [first, second] = args;
    const text = typeof first === "string" ? first : (first as { text?: string })?.text;
    const values =
      typeof first === "object" && first && "values" in first
        ? (first as { values: unknown }).values
        : second;
    const name = typeof first === "object" ? (first as { name?: string })?.name : undefined;
    if (text)
      seen.push({
        text,
        values: Array.isArray(values) ? values : undefined,
        ...(name ? { name } : {}),
      });
  }
  return query.apply(this, args);
} as typeof pg.Client.prototype.query;

const ctx = await createTestContext();
try {
  await ctx.db.execute(
    withLines(sql`insert into orders (order_number, username, total_price, subtotal, order_status, created_at)
    select 'ST-' || g, 'statements', 10 + g, 10 + g, 1, now() - make_interval(hours => g) from generate_series(1, 100) g`),
  );
  for (const path of paths) {
    await ctx.call("GET", path);
    seen.length = 0;
    recording = true;
    const res = await ctx.call("GET", path);
    recording = false;
    console.log(`# ${path} → ${res.statusCode}, X-Total-Count ${res.headers["x-total-count"]}`);
    for (const { text, name, values } of seen) {
      console.log(
        `${name ? `-- prepared as ${name}\n` : ""}${text}\n  -- ${JSON.stringify(values)}`,
      );
    }
  }
} finally {
  await ctx.close();
  server.stop();
}
