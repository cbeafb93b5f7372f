/**
 * Closing a commission period at a store's size (issue 38;
 * docs/decisions/commission-plans.md), over HTTP on PostgreSQL:
 *
 *   node --import tsx bench/periodClose.ts postgres://…/store
 *   node --import tsx bench/periodClose.ts --pglite 300000
 *
 * PostgreSQL: the store named (a demo store seeded at a million orders by `npm
 * run bench -- --orders 1000000 --pg`, kept with BENCH_KEEP, or any copy) is
 * copied to a throw-away database first; nothing of it changes. PGlite: a demo
 * store of that many orders seeded by the server's own start in a throw-away
 * data folder (the embedded store's stated limit: 300,000). On the copy: a three-level
 * plan (10/5/2 % for every tier), every complete order's commission held in
 * one period as the plan would have held it at completion (its sponsor line's
 * three levels and the buyer's PV, each a held ledger entry), set-based in
 * SQL. Then the real server (src/main.ts) on the copy, and the screens' calls:
 * POST calculate, its job to the end; POST approve; POST release, its job to
 * the end. Printed: each step's seconds beside the period's orders, members
 * and entries, and a bare floor: the same rows summed and moved by one
 * INSERT … SELECT and one UPDATE each, in one transaction.
 */
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { clientOf, openDatabase } from "../src/db/client";
import { login, send } from "./measure";
import { startServer } from "./serverProcess";

const [source, pgliteOrders] = process.argv.slice(2);
if (!source)
  throw new Error("usage: bench/periodClose.ts postgres://…/<store> | --pglite <orders>");
const TZ = "Asia/Kuala_Lumpur";

const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1);

/** The period's orders as the plan would have held them: lines, held entries, balances. */
const PREPARE = `
update settings set commission_status = 1, payout_second_approval_above = null where setting_id = 1;
update commission_plan set hold_days = 0, levels = (
  select jsonb_agg(jsonb_build_object('level', l.level, 'rates', r.rates, 'min_personal_pv', '0.00',
    'when_unqualified', 'skip') order by l.level)
  from (values (1, '10.00'), (2, '5.00'), (3, '2.00')) l(level, rate)
  cross join lateral (select jsonb_object_agg(member_id::text, l.rate) as rates from memberships) r);
insert into commission_periods (starts_on, ends_on) values ('2000-01-01', '2000-01-31');
-- On this copy only: the decisions are otherwise never updated (migration 0013).
alter table order_commissions disable trigger order_commissions_no_update;
update order_commissions c set period_id = (select max(period_id) from commission_periods),
  held = true, buyer_id = o.user_id
from orders o where o.orders_id = c.orders_id;
alter table order_commissions enable trigger order_commissions_no_update;
insert into commission_lines (orders_id, depth, user_id, username, level, outcome, percent, base_amount, amount, held, period_id)
select o.orders_id, u.depth, u.user_id, u.username, u.depth, 'paid', u.rate, o.total_price,
  round(o.total_price * u.rate / 100, 2), true, c.period_id
from orders o join order_commissions c on c.orders_id = o.orders_id
join users b on b.user_id = o.user_id
cross join lateral (
  select u1.user_id, u1.username, 1 as depth, 10.00 as rate from users u1 where u1.user_id = b.referral_of
  union all select u2.user_id, u2.username, 2, 5.00 from users u1 join users u2 on u2.user_id = u1.referral_of
    where u1.user_id = b.referral_of
  union all select u3.user_id, u3.username, 3, 2.00 from users u1 join users u2 on u2.user_id = u1.referral_of
    join users u3 on u3.user_id = u2.referral_of where u1.user_id = b.referral_of) u
where o.order_status = 6 and round(o.total_price * u.rate / 100, 2) > 0;
insert into wallet_ledger (user_id, account, amount, balance_after, reason, ref_type, ref_id, note, level)
select user_id, account, amount,
  coalesce(opening, 0) + sum(amount) over (partition by user_id, account order by orders_id, level rows unbounded preceding),
  reason, 'order', orders_id, '', level
from (
  select l.user_id, 'held' as account, l.amount, 'commission_held' as reason, l.orders_id, l.level,
    (select held_amt from user_wallets w where w.user_id = l.user_id) as opening
  from commission_lines l where l.period_id = (select max(period_id) from commission_periods)
  union all
  select o.user_id, 'held_pv', o.points_earned, 'pv_order', o.orders_id, null, u.held_pv
  from orders o join users u on u.user_id = o.user_id where o.order_status = 6 and o.points_earned > 0
) e
order by user_id, account, orders_id, level;
update user_wallets w set held_amt = s.total from (
  select user_id, sum(amount) as total from wallet_ledger where account = 'held' group by user_id) s
where s.user_id = w.user_id;
update users u set held_pv = s.total from (
  select user_id, sum(amount) as total from wallet_ledger where account = 'held_pv' group by user_id) s
where s.user_id = u.user_id;
analyze;`;

/** The floor: the release's rows summed and moved by plain statements, no jobs, triggers as they are. */
const FLOOR = `
begin;
create temp table floor_members as
  select user_id, sum(amount) filter (where account = 'held') as held,
    sum(amount) filter (where account = 'held_pv') as held_pv
  from wallet_ledger where ref_type = 'order' and account in ('held', 'held_pv') group by user_id;
rollback;`;

async function call(base: URL, cookie: string, path: string, method = "GET") {
  const agent = new http.Agent();
  try {
    const answer = await send(agent, base, path, { method, cookie });
    return { status: answer.status, json: JSON.parse(answer.body.toString() || "null") };
  } finally {
    agent.destroy();
  }
}

async function until(base: URL, cookie: string, id: number, status: string) {
  for (;;) {
    const { json } = await call(base, cookie, `/api/commissionPeriods/${id}`);
    if (json.status === status && json.job_id === null) return json;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A throw-away store of the engine asked: its server's environment, and raw SQL on it while no server runs. */
interface Store {
  env: Record<string, string>;
  query(text: string): Promise<Record<string, unknown>[]>;
  remove(): Promise<void>;
}

async function postgresStore(url: string): Promise<Store> {
  const copyName = `bench_close_${process.pid}`;
  const admin = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, "/postgres") });
  await admin.connect();
  const at = performance.now();
  await admin.query(`drop database if exists ${copyName}`);
  await admin.query(`create database ${copyName} template ${new URL(url).pathname.slice(1)}`);
  console.log(`copied the store in ${seconds(at)} s`);
  const copyUrl = url.replace(/\/[^/]*$/, `/${copyName}`);
  return {
    env: { DATABASE_URL: copyUrl, DATA_DIR: path.join(os.tmpdir(), copyName) },
    async query(text) {
      const client = new pg.Client({ connectionString: copyUrl });
      await client.connect();
      try {
        const results = await client.query(text);
        return (Array.isArray(results) ? results.at(-1) : results)?.rows ?? [];
      } finally {
        await client.end();
      }
    },
    async remove() {
      await admin.query(`drop database if exists ${copyName} with (force)`);
      await admin.end();
    },
  };
}

async function pgliteStore(orders: number): Promise<Store> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-close-"));
  const at = performance.now();
  const seeding = await startServer(
    { DATA_DIR: dataDir, SEED_DEMO: "1", SEED_DEMO_ORDERS: String(orders), TZ },
    3600,
  );
  await seeding.stop();
  console.log(`seeded ${orders} orders in ${seconds(at)} s`);
  return {
    env: { DATA_DIR: dataDir },
    async query(text) {
      const database = await openDatabase({ dataDir, timeZone: TZ });
      try {
        const results = await (clientOf(database.db) as PGlite).exec(text);
        return (results.at(-1)?.rows ?? []) as Record<string, unknown>[];
      } finally {
        await database.close();
      }
    },
    async remove() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const SIZE = `select (select count(*) from order_commissions where period_id is not null)::int as orders,
  (select count(distinct user_id) from commission_lines)::int as earners,
  (select count(*) from users)::int as members,
  (select count(*) from wallet_ledger where account in ('held', 'held_pv'))::int as entries`;

/** What the release must have done: every member released, the cash paid equal to the money held. */
const RELEASED = `select (select count(*) from commission_period_members where released_at is null)::int as unreleased,
  (select coalesce(sum(held), 0) from commission_period_members)::text as held,
  (select coalesce(sum(amount), 0) from wallet_ledger
    where reason = 'commission_release' and account = 'cash_wallet')::text as paid`;

const store =
  source === "--pglite" ? await pgliteStore(Number(pgliteOrders)) : await postgresStore(source);
try {
  // A start migrates the store; the period is prepared with no server on it (PGlite is one process's).
  const migrating = await startServer({ ...store.env, SEED_DEMO: "0", TZ }, 600);
  await migrating.stop();
  let at = performance.now();
  await store.query(PREPARE);
  console.log(`prepared in ${seconds(at)} s:`, (await store.query(SIZE))[0]);
  at = performance.now();
  await store.query(FLOOR);
  console.log(`floor (the held sums per member, one statement): ${seconds(at)} s`);
  const server = await startServer({ ...store.env, SEED_DEMO: "0", TZ }, 600);
  try {
    await measure(server.base);
  } finally {
    await server.stop();
  }
  const released = (await store.query(RELEASED))[0];
  console.log("released:", released);
  if (released?.unreleased !== 0 || released.held !== released.paid)
    throw new Error("the release paid other than what was held");
} finally {
  await store.remove();
}

async function measure(base: URL): Promise<void> {
  const session = await login(base);
  const [period] = (await call(base, session, "/api/commissionPeriods?_page=1&_limit=1")).json;
  const started = performance.now();
  let at = performance.now();
  const calculate = await call(
    base,
    session,
    `/api/commissionPeriods/${period.period_id}/calculate`,
    "POST",
  );
  if (calculate.status !== 202)
    throw new Error(`calculate answered ${calculate.status}: ${JSON.stringify(calculate.json)}`);
  const calculated = await until(base, session, period.period_id, "calculated");
  console.log(`calculate: ${seconds(at)} s`, {
    total: calculated.total,
    members: calculated.members,
    orders: calculated.orders,
  });
  at = performance.now();
  const approve = await call(
    base,
    session,
    `/api/commissionPeriods/${period.period_id}/approve`,
    "POST",
  );
  if (approve.status !== 200)
    throw new Error(`approve answered ${approve.status}: ${JSON.stringify(approve.json)}`);
  console.log(`approve: ${seconds(at)} s`);
  at = performance.now();
  const release = await call(
    base,
    session,
    `/api/commissionPeriods/${period.period_id}/release`,
    "POST",
  );
  if (release.status !== 202)
    throw new Error(`release answered ${release.status}: ${JSON.stringify(release.json)}`);
  await until(base, session, period.period_id, "released");
  console.log(`release: ${seconds(at)} s; the close, calculate to released: ${seconds(started)} s`);
}
