/**
 * npm run bench:edge -w server: the limits at the edge under attack
 * (docs/decisions/edge-limits.md). Starts the real server (PGlite,
 * base seed, default limits) as a child process and measures `/api/health`
 * and a logged-in list call (`/api/users`), each on its own keep-alive
 * connection, first alone, then while two hostile clients send 1 MB bodies
 * nested 500,000 deep (to /api/login, /api/nope and /nope), hold stalled
 * bodies open (50 each) and call with a foreign Host. Prints the figures and
 * the ratios for docs/BENCHMARKS.md. Figures only: nothing passes or fails on time.
 *
 * Flags: --seconds s (per phase, default 10).
 */
import http from "node:http";
import net from "node:net";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config";
import { percentile, send } from "./measure";
import { killAll, startServer } from "./serverProcess";

const { values: flags } = parseArgs({
  args: process.argv.slice(2),
  options: { seconds: { type: "string" } },
  strict: true,
});
const seconds = Number(flags.seconds ?? process.env.npm_config_seconds ?? 10);
const dataDir = await import("node:fs").then((fs) =>
  fs.mkdtempSync(`${os.tmpdir()}/store-bench-edge-`),
);

const server = await startServer({ DATA_DIR: dataDir, SEED_DEMO: "0", NODE_ENV: "" }, 180);
const base = server.base;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const login = await send(agent, base, "/api/login", {
  method: "POST",
  body: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
});
const cookie = String(login.headers["set-cookie"]?.[0] ?? "").split(";", 1)[0] ?? "";
if (login.status !== 200 || !cookie) throw new Error(`login answered ${login.status}`);
agent.destroy();

interface Loop {
  p50: number;
  p99: number;
  requests: number;
}

/** One closed loop on its own kept-alive connection until `until`. */
async function loop(path: string, until: number, withCookie: boolean): Promise<Loop> {
  const own = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  try {
    for (let i = 0; i < 20; i++) await send(own, base, path, withCookie ? { cookie } : {});
    while (performance.now() < until) {
      const answer = await send(own, base, path, withCookie ? { cookie } : {});
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}`);
      times.push(answer.ms);
    }
  } finally {
    own.destroy();
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), requests: times.length };
}

const DEPTH = 500_000;
const deepBody = Buffer.from(`{"email":${"[".repeat(DEPTH)}${"]".repeat(DEPTH)}}`);

/** One raw request on a fresh connection; resolves when the server closes or answers. */
function raw(head: string, body: Buffer | undefined, waitForClose: boolean): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: base.hostname, port: Number(base.port) });
    let text = "";
    socket.on("error", () => resolve(text));
    socket.on("data", (chunk) => {
      text += chunk.toString("latin1");
      if (!waitForClose && text.includes("\r\n\r\n")) socket.destroy();
    });
    socket.on("close", () => resolve(text));
    socket.on("connect", () => {
      socket.write(head);
      if (body) socket.write(body);
    });
  });
}

const statuses = new Map<string, number>();
const count = (kind: string, answer: string) => {
  const key = `${kind} → ${/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? "closed"}`;
  statuses.set(key, (statuses.get(key) ?? 0) + 1);
};

/** A hostile client: deep 1 MB bodies, foreign hosts, and 50 stalled bodies kept open. */
async function hostile(until: number): Promise<void> {
  const host = `Host: ${base.host}`;
  const stalled = async () => {
    while (performance.now() < until) {
      const answer = await raw(
        `POST /api/login HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n{`,
        undefined,
        true,
      );
      count("stalled body", answer);
    }
  };
  const bodies = async () => {
    let i = 0;
    while (performance.now() < until) {
      const path = ["/api/login", "/api/nope", "/nope"][i++ % 3];
      const answer = await raw(
        `POST ${path} HTTP/1.1\r\n${host}\r\nContent-Type: application/json\r\nContent-Length: ${deepBody.length}\r\nConnection: close\r\n\r\n`,
        deepBody,
        false,
      );
      count(`1 MB deep to ${path}`, answer);
      const foreign = await raw(
        `GET /api/users HTTP/1.1\r\nHost: rebind.attacker.example:${base.port}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`,
        undefined,
        false,
      );
      count("foreign Host", foreign);
    }
  };
  // Stalled ones are answered 408 after 30 s; a short phase holds them to its end.
  await Promise.all([bodies(), ...Array.from({ length: 50 }, stalled)]);
}

async function phase(attacked: boolean) {
  const until = performance.now() + seconds * 1000;
  const attackers = attacked ? [hostile(until), hostile(until)] : [];
  const [health, users] = await Promise.all([
    loop("/api/health", until, false),
    loop("/api/users?_page=1&_limit=10", until, true),
  ]);
  // The stalled sockets wait for 408 (up to 30 s); the figures are already taken.
  void Promise.all(attackers);
  return { health, users };
}

const alone = await phase(false);
const attacked = await phase(true);
const ms = (n: number) => n.toFixed(1);
const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}x`;
const lines = [
  `| call | alone p50 / p99 (ms) | under attack p50 / p99 (ms) | p99 ratio | requests alone / attacked |`,
  `|---|---|---|---|---|`,
  ...(["health", "users"] as const).map((name) => {
    const a = alone[name];
    const b = attacked[name];
    const label = name === "health" ? "`GET /api/health`" : "`GET /api/users` (logged in)";
    return `| ${label} | ${ms(a.p50)} / ${ms(a.p99)} | ${ms(b.p50)} / ${ms(b.p99)} | ${ratio(b.p99, a.p99)} | ${a.requests} / ${b.requests} |`;
  }),
];
console.log(
  `\n${seconds} s per phase, ${os.cpus().length} cores (${os.cpus()[0]?.model ?? "?"}), load ${os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(" ")}\n`,
);
console.log(lines.join("\n"));
console.log("\nWhat the hostile clients were answered:");
for (const [key, n] of [...statuses].sort()) console.log(`- ${key}: ${n}`);
await server.stop();
killAll();
process.exit(0);
