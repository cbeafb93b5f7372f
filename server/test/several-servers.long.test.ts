/**
 * Two server processes (the built bundle) on one PostgreSQL database
 * (docs/OPERATIONS.md, "Several servers"): a session, an image, the login
 * limit and a settings change made through one are what the other answers, and
 * money actions raced across both post exactly once. PostgreSQL only: the
 * embedded store is one process per folder.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../src/db/client";
import { insertOrder, ledgerDrift, orderEntries, setCommission } from "./ledger.fixtures";
import { insertRequest, insertUser, readUser, readWallet } from "./people.fixtures";
import {
  buildServer,
  createDatabase,
  loginOn,
  type ServerProcess,
  startServer,
  stopServer,
} from "./processes.fixtures";
import { pngOf } from "./uploads.fixtures";

const skipped = !process.env.TEST_DATABASE_URL;

describe.skipIf(skipped)("two servers on one PostgreSQL", () => {
  let build: ReturnType<typeof buildServer> | undefined;
  let store: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let database: Database | undefined;
  let a: ServerProcess;
  let b: ServerProcess;
  let cookie = "";

  beforeAll(async () => {
    build = buildServer();
    // An empty database: both servers start at once, as a deployment starts them,
    // and migrate and seed it; the migrations wait on one advisory lock.
    store = await createDatabase({ empty: true });
    const main = build.main;
    const url = store.url;
    [a, b] = await Promise.all([startServer(main, url), startServer(main, url)]);
    database = await openDatabase({ databaseUrl: url, timeZone: "Asia/Kuala_Lumpur" });
    cookie = await loginOn(a.base);
  }, 120_000);

  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await database?.close();
    await store?.drop();
    build?.remove();
  });

  /** A JSON call on one server with the session (and the Origin a browser sends). */
  async function call(server: ServerProcess, method: string, path: string, body?: unknown) {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        cookie,
        origin: server.base,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text) as Record<string, unknown> };
  }

  it("a login on one is valid on the other, and a logout on one ends it on both", async () => {
    expect((await call(b, "GET", "/api/me")).status).toBe(200);
    const other = await loginOn(b.base);
    const logout = await fetch(`${a.base}/api/logoutAdmin`, {
      method: "POST",
      headers: { cookie: other, origin: a.base },
    });
    expect(logout.status).toBe(200);
    const ended = await fetch(`${b.base}/api/me`, { headers: { cookie: other } });
    expect(ended.status).toBe(401);
  });

  it("an image uploaded through one is served by the other", async () => {
    const png = pngOf(77);
    const boundary = "----severalservers";
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await fetch(`${a.base}/api/uploads?kind=product`, {
      method: "POST",
      headers: {
        cookie,
        origin: a.base,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      body,
    });
    expect(uploaded.status).toBe(201);
    const { file_name } = (await uploaded.json()) as { file_name: string };
    const served = await fetch(`${b.base}/uploads/${file_name}`);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it("the login limit counts failures made on both", async () => {
    const attempt = (server: ServerProcess) =>
      fetch(`${server.base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.base },
        body: JSON.stringify({ email: "nobody@several.my", password: "wrong password 1" }),
      }).then((res) => res.status);
    // Five failures, split 3 and 2: the limit for one e-mail from one address.
    const failures = [];
    for (const server of [a, b, a, b, a]) failures.push(await attempt(server));
    expect(failures).toEqual([401, 401, 401, 401, 401]);
    expect([await attempt(b), await attempt(a)]).toEqual([429, 429]);
  });

  it("a settings change made on one is what the other answers", async () => {
    const before = await call(b, "GET", "/api/settings/1");
    expect(before.status).toBe(200);
    const name = `Kedai ${Date.now()}`;
    const saved = await call(a, "PUT", "/api/settings/1", { ...before.json(), store_name: name });
    expect(saved.status).toBe(200);
    expect((await call(b, "GET", "/api/settings/1")).json().store_name).toBe(name);
  });

  it("money actions raced across both post exactly once", async () => {
    if (!database) throw new Error("not opened");
    const db = database.db;
    // A withdrawal approved on both at once: one debit.
    const owner = await insertUser(db, {}, { c_wallet_amt: "10.00" });
    const request = await insertRequest(db, owner, "4.00");
    const approvals = await Promise.all(
      [a, b, a, b].map((server) =>
        call(server, "PUT", `/api/withdrawRequest/${request}`, { withdraw_status: "completed" }),
      ),
    );
    expect(approvals.some((r) => r.status === 200)).toBe(true);
    for (const r of approvals) expect([200, 409, 412]).toContain(r.status);
    expect((await readWallet(db, owner))?.c_wallet_amt).toBe("6.00");

    // One order completed on both at once: its PV and commission once.
    await setCommission(db, 1);
    const referrer = await insertUser(db, { membership: 2 });
    const buyer = await insertUser(db, { membership: 3, referral_of: referrer });
    const order = await insertOrder(db, buyer, "200.00", "20.00");
    const completions = await Promise.all(
      [a, b, a, b, a, b].map((server) =>
        call(server, "PUT", `/api/orders/${order}`, { order_status: 6, tracking_number: "MY1" }),
      ),
    );
    for (const r of completions) expect(r.status).toBe(200);
    const entries = await orderEntries(db, order);
    expect(entries.map((e) => [e.reason, e.amount]).sort()).toEqual([
      ["commission", "6.00"],
      ["pv_order", "20.00"],
    ]);
    expect((await readUser(db, buyer))?.ttl_pv).toBe("20.00");
    expect(await ledgerDrift(db)).toEqual([]);
    const report = await call(b, "GET", "/api/walletLedger/reconcile");
    expect(report.json().mismatches).toEqual([]);
  });
});
