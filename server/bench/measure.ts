/**
 * Latency and throughput of one API call over HTTP, from outside the server:
 * a keep-alive client per run, N connections each sending its next request as
 * soon as the last answer has fully arrived (a closed loop, as admins do).
 */
import http from "node:http";
import { performance } from "node:perf_hooks";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config";

export interface CallSpec {
  name: string;
  /** The path and query; a function draws a fresh one per request. */
  path: string | (() => string);
  /** Fewer requests for the calls that answer a whole table. */
  heavy?: boolean;
  /** The floor answers this call with the same SQL and bytes (bench/floor.ts: order pages). */
  floor?: boolean;
}

export interface Figures {
  requests: number;
  p50: number;
  p99: number;
  /** Answers per second over the whole run. */
  throughput: number;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

export interface Budget {
  /** At most this many requests per run (warm-up not counted). */
  requests: number;
  /** And at most this long, once `minRequests` have been answered. */
  seconds: number;
  minRequests: number;
}

const WARM_UP = 5;

/** One request on the agent's kept-alive sockets; the time is to the last byte. */
export function send(
  agent: http.Agent,
  base: URL,
  path: string,
  options: { method?: string; cookie?: string; body?: unknown } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: http.OutgoingHttpHeaders = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (payload !== undefined) {
    headers["content-type"] = "application/json";
    headers["content-length"] = Buffer.byteLength(payload);
  }
  return new Promise((resolve, reject) => {
    const start = performance.now();
    const request = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path,
        method: options.method ?? "GET",
        headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - start,
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** The demo administrator's session cookie on `base`, as the login screen gets it. */
export async function login(base: URL): Promise<string> {
  const agent = new http.Agent();
  const answer = await send(agent, base, "/api/login", {
    method: "POST",
    body: { email: DEMO_ADMIN_EMAIL, password: DEMO_ADMIN_PASSWORD },
  });
  agent.destroy();
  const sid = [answer.headers["set-cookie"] ?? []]
    .flat()
    .map((c) => /^sid=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (answer.status !== 200 || !sid) throw new Error(`login answered ${answer.status}`);
  return `sid=${sid}`;
}

export function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

const pathOf = (call: CallSpec) => (typeof call.path === "string" ? call.path : call.path());

/**
 * Runs one call with `connections` loops in parallel until the budget is
 * spent. Throws on an answer other than 200: a figure for an error is no figure.
 */
export async function measure(
  base: URL,
  cookie: string,
  call: CallSpec,
  connections: number,
  budget: Budget,
): Promise<Figures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  try {
    const check = (answer: Answer, path: string) => {
      if (answer.status !== 200) {
        throw new Error(`${call.name}: ${path} answered ${answer.status} ${answer.body}`);
      }
    };
    // Warm-up opens the sockets and fills the caches; not counted.
    await Promise.all(
      Array.from({ length: connections }, async () => {
        for (let i = 0; i < (call.heavy ? 1 : WARM_UP); i++) {
          const path = pathOf(call);
          check(await send(agent, base, path, { cookie }), path);
        }
      }),
    );
    const times: number[] = [];
    const started = performance.now();
    const deadline = started + budget.seconds * 1000;
    let sent = 0;
    const more = () =>
      sent < budget.requests && (sent < budget.minRequests || performance.now() < deadline);
    await Promise.all(
      Array.from({ length: connections }, async () => {
        while (more()) {
          sent++;
          const path = pathOf(call);
          const answer = await send(agent, base, path, { cookie });
          check(answer, path);
          times.push(answer.ms);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    times.sort((a, b) => a - b);
    return {
      requests: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      throughput: times.length / seconds,
    };
  } finally {
    agent.destroy();
  }
}
