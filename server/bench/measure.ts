/** Latency and throughput of one API call, through app.inject. */
import { performance } from "node:perf_hooks";
import type { App } from "../src/app";

export interface CallSpec {
  name: string;
  method?: "GET" | "POST";
  /** A fresh URL per request (different pages, searches). */
  url: () => string;
  payload?: object;
  iterations?: number;
  /** Sent without the session cookie (login). */
  noSession?: boolean;
}

export interface Result {
  name: string;
  count: number;
  p50: number;
  p95: number;
  max: number;
  /** Requests per second with CONCURRENCY calls in flight. */
  throughput: number;
  /** Rows the first answer said matched (X-Total-Count), when it said. */
  total?: string;
  /** Why there are no figures (route missing, error status). */
  note?: string;
}

const WARM_UP = 5;
const CONCURRENCY = 8;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

export async function measure(
  app: App,
  cookie: string,
  call: CallSpec,
  iterations: number,
): Promise<Result> {
  const send = () =>
    app.inject({
      method: call.method ?? "GET",
      url: call.url(),
      headers: call.noSession ? {} : { cookie },
      ...(call.payload ? { payload: call.payload } : {}),
    });
  const first = await send();
  const empty = { name: call.name, count: 0, p50: 0, p95: 0, max: 0, throughput: 0 };
  if (first.statusCode === 404) return { ...empty, note: "not available (404)" };
  if (first.statusCode !== 200) return { ...empty, note: `answered ${first.statusCode}` };
  const total = first.headers["x-total-count"];

  for (let i = 1; i < WARM_UP; i++) await send();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    const response = await send();
    times.push(performance.now() - start);
    if (response.statusCode !== 200) {
      return { ...empty, note: `answered ${response.statusCode} on call ${i + 1}` };
    }
  }
  times.sort((a, b) => a - b);

  // Throughput: CONCURRENCY loops sharing one budget of requests.
  let left = iterations;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) await send();
    }),
  );
  const seconds = (performance.now() - start) / 1000;

  return {
    name: call.name,
    count: iterations,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    max: times.at(-1) ?? 0,
    throughput: iterations / seconds,
    ...(typeof total === "string" ? { total } : {}),
  };
}

/** A Markdown table of the results. */
export function formatTable(results: Result[]): string {
  const lines = [
    "| call | calls | matched rows | p50 ms | p95 ms | max ms | calls/s |",
    "|---|---:|---:|---:|---:|---:|---:|",
  ];
  for (const r of results) {
    if (r.note) {
      lines.push(`| ${r.name} | - | - | - | - | - | ${r.note} |`);
      continue;
    }
    const total = r.total ? Number(r.total).toLocaleString("en") : "-";
    lines.push(
      `| ${r.name} | ${r.count} | ${total} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${r.throughput.toFixed(0)} |`,
    );
  }
  return lines.join("\n");
}
