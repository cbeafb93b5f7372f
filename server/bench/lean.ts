/**
 * Figures for docs/benchmarks/lean.md ("Lean per request", "Whole-list calls"), measured
 * from outside: the real server runs as its own process (`node --import tsx
 * src/main.ts`, as `npm start`), this process is the client.
 *
 *     npx tsx bench/lean.ts memory [pglite|postgres]   # RSS 10 s after start
 *     npx tsx bench/lean.ts floor             # orders page 1: real server vs bench/floor.ts
 *     npx tsx bench/lean.ts count [orders]    # orderStatus latency while ordersCount is pulled
 *     npx tsx bench/lean.ts profile [path]    # the server's CPU profile under load on a page
 *                                             # (node --cpu-prof), self time by package/file
 *                                             # (LEAN_ENGINE=pglite: on the embedded database)
 *
 * PostgreSQL: DATABASE_URL, else a throw-away server (scripts/postgres.mjs).
 * LEAN_SECONDS (per turn, default 5), LEAN_ROUNDS (turns, default 7), LEAN_CONNECTIONS (default 8).
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";

const serverDir = path.resolve(import.meta.dirname, "..");
const SECONDS = Number(process.env.LEAN_SECONDS ?? 5);
const ROUNDS = Number(process.env.LEAN_ROUNDS ?? 7);
const CONNECTIONS = Number(process.env.LEAN_CONNECTIONS ?? 8);
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface Proc {
  url: string;
  child: ChildProcess;
  output: string[];
  stop(): Promise<void>;
}

/** Starts a process and waits for a line matching `ready`; answers the URL it names. */
function startProcess(
  args: string[],
  env: Record<string, string>,
  readyPattern: RegExp,
  timeoutMs = 30 * 60_000,
): Promise<Proc> {
  const child = spawn(process.execPath, ["--import", "tsx", ...args], {
    cwd: serverDir,
    // DATABASE_URL names this run's PostgreSQL server, not a store: each start says its own.
    env: { ...process.env, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const output: string[] = [];
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no start: ${output.join("")}`)), timeoutMs);
    let ready = false;
    const read = (chunk: Buffer) => {
      // Once listening, only the start of what it prints is kept (not its request log).
      if (ready) return;
      output.push(String(chunk));
      const match = readyPattern.exec(output.join(""));
      if (match) {
        ready = true;
        clearTimeout(timer);
        resolve({ url: match[1] ?? "", child, output, stop });
      }
    };
    child.stdout?.on("data", read);
    child.stderr?.on("data", read);
    child.once("exit", (code) => reject(new Error(`exited ${code}: ${output.join("")}`)));
  });
}

let port = 4100 + Math.floor(Math.random() * 800);
function startServer(env: Record<string, string>, nodeArgs: string[] = []): Promise<Proc> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lean-"));
  const listen = String(port++);
  return startProcess(
    [...nodeArgs, "src/main.ts"],
    { HOST: "127.0.0.1", PORT: listen, DATA_DIR: dataDir, SEED_DEMO: "1", ...env },
    /Store back-office at (http:\/\/[^/\s]+)/,
  ).then((proc) => ({
    ...proc,
    url: `http://127.0.0.1:${listen}`,
    stop: async () => {
      await proc.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  }));
}

function memory(pid: number | undefined): { rss: number; peak: number } {
  const text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) =>
    Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(text)?.[1]) / 1024;
  return { rss: Math.round(field("VmRSS")), peak: Math.round(field("VmHWM")) };
}

interface Reply {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

function request(url: string, options: { method?: string; cookie?: string; body?: object } = {}) {
  return new Promise<Reply>((resolve, reject) => {
    const payload = options.body ? JSON.stringify(options.body) : undefined;
    const req = http.request(
      url,
      {
        agent,
        method: options.method ?? "GET",
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(payload ? { "content-type": "application/json" } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks),
            headers: res.headers,
          }),
        );
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

async function login(base: string): Promise<string> {
  const res = await request(`${base}/api/login`, {
    method: "POST",
    body: { email: "admin@store.my", password: "Admin@12345" },
  });
  const cookie = [res.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("sid="));
  if (res.status !== 200 || !cookie) throw new Error(`login: ${res.status}`);
  return cookie.split(";")[0] ?? "";
}

/** CPU time the process has used, user and system, in ms (Linux). */
function cpuMs(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Load {
  answers: number;
  /** The server's CPU per answer, ms: steadier than throughput on a shared machine. */
  cpu: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
}

/** `connections` loops of one call after another, for `seconds`. */
async function load(
  url: string,
  cookie: string,
  connections: number,
  seconds: number,
  pid?: number,
) {
  const cpuBefore = pid ? cpuMs(pid) : 0;
  const times: number[] = [];
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const start = performance.now();
      const res = await request(url, { cookie });
      if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
      times.push(performance.now() - start);
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const at = (p: number) =>
    round(times[Math.min(times.length - 1, Math.floor(p * times.length))] ?? 0);
  return {
    answers: times.length,
    cpu: pid ? Number(((cpuMs(pid) - cpuBefore) / times.length).toFixed(3)) : 0,
    perSecond: Math.round(times.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
    max: round(times.at(-1) ?? 0),
  } satisfies Load;
}

const round = (n: number) => Math.round(n * 10) / 10;

async function postgresUrl(): Promise<{ url: string; stop: () => Promise<void> }> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {} };
  const { startPostgres } = await import(path.resolve(serverDir, "../scripts/postgres.mjs"));
  const server = await startPostgres();
  if (!server) throw new Error("no PostgreSQL binaries");
  return server;
}

/** A new database on the server for one run. */
async function freshDatabase(
  serverUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lean_${Date.now()}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(text);
    await client.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function memoryMode(engines: string[]) {
  const pgServer = await postgresUrl();
  for (const engine of engines) {
    const database = engine === "postgres" ? await freshDatabase(pgServer.url) : undefined;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lean-mem-"));
    const env: Record<string, string> = {
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "1",
      ...(database ? { DATABASE_URL: database.url } : {}),
    };
    // The first start seeds the demo store; the restart opens it as it is.
    for (const start of ["first start (seeds the demo store)", "restart"]) {
      const server = await startProcess(
        ["src/main.ts"],
        { ...env, PORT: String(port++) },
        /Store back-office at (\S+)/,
      );
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      const figures = memory(server.child.pid);
      console.log(
        `${engine}, ${start}: RSS ${figures.rss} MiB 10 s after listening, peak ${figures.peak} MiB`,
      );
      await server.stop();
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    await database?.drop();
  }
  await pgServer.stop();
}

async function floorMode() {
  const pgServer = await postgresUrl();
  const database = await freshDatabase(pgServer.url);
  const server = await startServer({ DATABASE_URL: database.url });
  const floor = await startProcess(["bench/floor.ts", database.url], {}, /^(http:\S+)/m);
  const cookie = await login(server.url);
  const pagePath = "/api/orders?_page=1&_limit=10";
  const [ours, bare] = [
    await request(server.url + pagePath, { cookie }),
    await request(floor.url + pagePath, { cookie }),
  ];
  const same =
    ours.body.equals(bare.body) && ours.headers["x-total-count"] === bare.headers["x-total-count"];
  console.log(
    `bodies identical: ${same} (${ours.body.length} bytes, X-Total-Count ${ours.headers["x-total-count"]})`,
  );
  if (!same) throw new Error("the floor does not answer the same bytes");
  // A later page too: the floor runs the day-directory statement the product runs for it.
  const later = "/api/orders?_page=3&_limit=10";
  const [ours3, bare3] = [
    await request(server.url + later, { cookie }),
    await request(floor.url + later, { cookie }),
  ];
  if (!ours3.body.equals(bare3.body) || ours3.body.length < 10) {
    throw new Error("the floor does not answer page 3 with the same bytes");
  }
  for (const connections of [1, CONNECTIONS]) {
    await load(server.url + pagePath, cookie, connections, 2);
    await load(floor.url + pagePath, cookie, connections, 2);
    const product: Load[] = [];
    const floorRuns: Load[] = [];
    // Short turns, so a burst of other work on the machine falls on both.
    for (let round = 0; round < ROUNDS; round++) {
      product.push(
        await load(server.url + pagePath, cookie, connections, SECONDS, server.child.pid),
      );
      floorRuns.push(
        await load(floor.url + pagePath, cookie, connections, SECONDS, floor.child.pid),
      );
    }
    const median = (runs: Load[], key: "perSecond" | "cpu" | "p50" | "p99") =>
      [...runs.map((run) => run[key])].sort((x, y) => x - y)[runs.length >> 1] ?? 0;
    const line = (runs: Load[]) =>
      `${median(runs, "perSecond")}/s (p50 ${median(runs, "p50")} ms, p99 ${median(runs, "p99")} ms, ` +
      `CPU ${median(runs, "cpu")} ms an answer; runs ${runs.map((r) => r.perSecond).join(", ")})`;
    const ratio = Math.round((100 * median(product, "perSecond")) / median(floorRuns, "perSecond"));
    const cpuRatio = Math.round((100 * median(floorRuns, "cpu")) / median(product, "cpu"));
    console.log(
      `${connections} connection(s), medians of ${ROUNDS} turns of ${SECONDS} s: product ${line(product)}; ` +
        `floor ${line(floorRuns)}. Throughput ${ratio}% of the floor; CPU an answer: floor/product ${cpuRatio}%`,
    );
  }
  console.log(`server RSS after the load: ${memory(server.child.pid).rss} MiB`);
  await floor.stop();
  await server.stop();
  await database.drop();
  await pgServer.stop();
}

async function countMode(orders: number) {
  // LEAN_ENGINE=pglite: the embedded database in the server's own process.
  const embedded = process.env.LEAN_ENGINE === "pglite";
  const pgServer = embedded ? { url: "", stop: async () => {} } : await postgresUrl();
  // LEAN_STORE_URL: a store built by an earlier run (LEAN_KEEP=1), to compare two builds on it.
  const kept = process.env.LEAN_STORE_URL;
  const database =
    kept || embedded
      ? { url: kept ?? "", drop: async () => {} }
      : await freshDatabase(pgServer.url);
  if (process.env.LEAN_KEEP) console.log(`store kept: LEAN_STORE_URL=${database.url}`);
  const started = performance.now();
  const server = await startServer({
    DATABASE_URL: database.url,
    SEED_DEMO_ORDERS: String(orders),
  });
  console.log(
    `store of ${orders} orders ready in ${Math.round((performance.now() - started) / 1000)} s`,
  );
  const cookie = await login(server.url);
  const small = `${server.url}/api/orderStatus`;
  const count = `${server.url}/api/ordersCount`;
  const one = await request(count, { cookie });
  console.log(`ordersCount: ${one.body.length} bytes, ${JSON.parse(String(one.body)).length} rows`);
  await load(small, cookie, 1, 2);
  const alone = await load(small, cookie, 1, SECONDS);
  console.log(
    `orderStatus alone: ${alone.answers} answers, p50 ${alone.p50} ms, p99 ${alone.p99} ms, max ${alone.max} ms`,
  );
  const before = memory(server.child.pid);
  let pulls = 0;
  let pulling = true;
  const pullTimes: number[] = [];
  const puller = (async () => {
    while (pulling) {
      const start = performance.now();
      const res = await request(count, { cookie });
      if (res.status !== 200) throw new Error(`ordersCount ${res.status}`);
      pullTimes.push(performance.now() - start);
      pulls++;
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 500));
  const during = await load(small, cookie, 1, SECONDS);
  pulling = false;
  await puller;
  const after = memory(server.child.pid);
  pullTimes.sort((a, b) => a - b);
  console.log(
    `orderStatus while ordersCount is pulled in a loop: ${during.answers} answers, p50 ${during.p50} ms, ` +
      `p99 ${during.p99} ms, max ${during.max} ms; ${pulls} ordersCount answers (median ${round(pullTimes[pullTimes.length >> 1] ?? 0)} ms)`,
  );
  console.log(
    `server RSS ${before.rss} MiB before the pulls, ${after.rss} MiB after; peak since start ${after.peak} MiB`,
  );
  await server.stop();
  if (!process.env.LEAN_KEEP) await database.drop();
  await pgServer.stop();
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}

/**
 * Loads one page on the real server started with --cpu-prof, then sums the
 * profile's self time by where the code lives: node_modules/<package>, a file
 * of ours, or node's own (what is ours to cut, docs/BENCHMARKS.md).
 */
async function profileMode(pagePath: string) {
  const pgServer = await postgresUrl();
  const database = await freshDatabase(pgServer.url);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "lean-prof-"));
  const server = await startServer({ DATABASE_URL: database.url }, [
    "--cpu-prof",
    `--cpu-prof-dir=${dir}`,
  ]);
  const cookie = await login(server.url);
  await load(server.url + pagePath, cookie, 1, 2);
  const run = await load(server.url + pagePath, cookie, 1, SECONDS * 2, server.child.pid);
  console.log(`${pagePath}: ${run.perSecond}/s, CPU ${run.cpu} ms an answer`);
  await server.stop();
  const file = fs.readdirSync(dir).find((name) => name.endsWith(".cpuprofile"));
  if (!file) throw new Error("no profile written");
  const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const where = new Map<string, number>();
  const functions = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const url = frame?.url ?? "";
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const place = pkg
      ? pkg
      : url.includes("/server/src/")
        ? url.slice(url.indexOf("/server/src/") + 1)
        : url.includes("/packages/")
          ? url.slice(url.indexOf("/packages/") + 1)
          : url
            ? "node:internal"
            : `(${frame?.functionName || "other"})`;
    const delta = profile.timeDeltas[i] ?? 0;
    where.set(place, (where.get(place) ?? 0) + delta);
    const fn = `${frame?.functionName || "(anonymous)"} ${place}:${frame?.lineNumber ?? 0}`;
    functions.set(fn, (functions.get(fn) ?? 0) + delta);
  });
  const all = [...where.values()].reduce((a, b) => a + b, 0);
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([name, us]) => `  ${((100 * us) / all).toFixed(1).padStart(5)}%  ${name}`)
      .join("\n");
  console.log(`self time by place (${Math.round(all / 1000)} ms sampled):\n${top(where, 25)}`);
  console.log(`top functions:\n${top(functions, 30)}`);
  console.log(`profile: ${path.join(dir, file)}`);
  await database.drop();
  await pgServer.stop();
}

const mode = process.argv[2];
if (mode === "memory")
  await memoryMode(process.argv.slice(3).length ? process.argv.slice(3) : ["pglite", "postgres"]);
else if (mode === "floor") await floorMode();
else if (mode === "count") await countMode(Number(process.argv[3] ?? 1_000_000));
else if (mode === "profile") await profileMode(process.argv[3] ?? "/api/orders?_page=1&_limit=10");
else console.log("usage: npx tsx bench/lean.ts memory | floor | count [orders] | profile [path]");
agent.destroy();
