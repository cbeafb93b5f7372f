/**
 * What durable commits cost the embedded database: N single-row write
 * transactions on a PGlite data folder with durability on (the default: fsync of
 * the WAL at every commit) and off (PGlite's own default, fsync off), plus the
 * in-memory database of the tests for reference. Prints a table and writes it into
 * docs/benchmarks/durability.md ("Durable commits"). Figures only: nothing passes or fails.
 *
 *   npx tsx bench/durability.ts                      (in server/)
 *   BENCH_COMMITS=200 BENCH_WRITE=0 npx tsx bench/durability.ts
 *   BENCH_DIR=/mnt/disk npx tsx bench/durability.ts  the folder's disk is what is measured
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { openDatabase } from "../src/db/client";
import { brands } from "../src/db/schema";

const commits = Number(process.env.BENCH_COMMITS || 500);
const rounds = 2;
const warmUp = 20;
const writeDocs = process.env.BENCH_WRITE !== "0";
const parent = path.resolve(process.env.BENCH_DIR || os.tmpdir());
const timeZone = "Asia/Kuala_Lumpur";

type Mode = "durable" | "not durable" | "in memory";
interface Sample {
  commitMs: number[];
  openMs: number[];
  closeMs: number[];
  reopenMs: number[];
}

const modes: Mode[] = ["durable", "not durable", "in memory"];
const samples = new Map<Mode, Sample>(
  modes.map((mode) => [mode, { commitMs: [], openMs: [], closeMs: [], reopenMs: [] }]),
);

/** One fresh database per round; the modes take turns so machine load hits each alike. */
async function runRound(mode: Mode, round: number): Promise<void> {
  const sample = samples.get(mode);
  if (!sample) return;
  const folder = fs.mkdtempSync(path.join(parent, "store-durability-"));
  try {
    const opened = performance.now();
    const database = await openDatabase({
      dataDir: mode === "in memory" ? undefined : folder,
      durable: mode === "durable",
      timeZone,
    });
    sample.openMs.push(performance.now() - opened);
    const write = (i: number) =>
      database.db.transaction(async (tx) => {
        await tx.insert(brands).values({ brand_name: `Brand ${round}-${i}`, brand_status: 1 });
      });
    for (let i = 0; i < warmUp; i++) await write(-i);
    for (let i = 0; i < commits; i++) {
      const start = performance.now();
      await write(i);
      sample.commitMs.push(performance.now() - start);
    }
    const closing = performance.now();
    await database.close();
    sample.closeMs.push(performance.now() - closing);
    if (mode !== "in memory") {
      const reopening = performance.now();
      const again = await openDatabase({ dataDir: folder, durable: mode === "durable", timeZone });
      sample.reopenMs.push(performance.now() - reopening);
      await again.close();
    }
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const loadBefore = os.loadavg()[0] ?? 0;
for (let round = 0; round < rounds; round++) {
  for (const mode of modes) {
    console.log(`round ${round + 1}/${rounds}: ${commits} commits, ${mode}…`);
    await runRound(mode, round);
  }
}
const loadAfter = os.loadavg()[0] ?? 0;

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / (values.length || 1);

const rows = modes.map((mode) => {
  const sample = samples.get(mode) ?? { commitMs: [], openMs: [], closeMs: [], reopenMs: [] };
  const sorted = [...sample.commitMs].sort((a, b) => a - b);
  const perSecond = 1000 / mean(sorted);
  return `| ${mode} | ${sorted.length} | ${percentile(sorted, 50).toFixed(2)} | ${percentile(sorted, 95).toFixed(2)} | ${percentile(sorted, 100).toFixed(1)} | ${Math.round(perSecond)} | ${(mean(sample.openMs) / 1000).toFixed(1)} | ${mean(sample.closeMs).toFixed(0)} | ${sample.reopenMs.length ? (mean(sample.reopenMs) / 1000).toFixed(1) : "-"} |`;
});

const cpus = os.cpus();
const machine = `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${os.type()} ${os.release()}, Node ${process.version}`;
const summary = [
  `Run ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC on ${machine}; data folder under ${parent}. Load average ${loadBefore.toFixed(1)} at the start and ${loadAfter.toFixed(1)} at the end.`,
  "",
  `Each commit is one transaction inserting one brand row through Drizzle (${commits} per round after ${warmUp} warm-up, ${rounds} rounds, the modes taking turns). Open: create the database and migrate (a first start); close: PGlite's shutdown checkpoint; reopen: open that folder again (a restart).`,
  "",
  "| mode | commits | p50 ms | p95 ms | max ms | commits/s (one at a time) | open s | close ms | reopen s |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...rows,
].join("\n");
console.log(`\n${summary}`);

if (writeDocs) {
  const file = path.resolve(import.meta.dirname, "../../docs/benchmarks/durability.md");
  const start = "<!-- bench:durability:start -->";
  const end = "<!-- bench:durability:end -->";
  let current = fs.readFileSync(file, "utf8");
  if (!current.includes(start)) current = `${current.trimEnd()}\n\n${start}\n${end}\n`;
  const before = current.split(start)[0] ?? "";
  const after = current.split(end)[1] ?? "\n";
  fs.writeFileSync(file, `${before}${start}\n${summary}\n${end}${after}`);
  console.log(`\nWrote the figures to ${path.relative(process.cwd(), file)}.`);
}
