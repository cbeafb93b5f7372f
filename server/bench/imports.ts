/**
 * The members import at a store's size (issue 43; docs/decisions/imports-members.md),
 * over HTTP on PostgreSQL: `npm run bench -- --pg --only imports`.
 *
 * A throw-away database on the benchmark's PostgreSQL server, migrated and
 * seeded with the base lookups, then the real server (src/main.ts) on it. A
 * CSV of BENCH_IMPORT_MEMBERS (50,000) members, written referrals first (each
 * member's referrer on a later row, a tree three wide), every tenth with
 * opening wallet, cash-wallet and PV balances, every fifth with an NRIC, is
 * sent to POST imports?kind=members, once as a dry run and once applied (a
 * file that large is applied by the job `import.apply`): the seconds from
 * sending it to the dry run's answer, and to GET imports/{id} saying done.
 * Issue 43 asks for at most 60 s applied.
 */
import http from "node:http";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD } from "../src/config";
import { openDatabase } from "../src/db/client";
import { ensureAdmin, seedBase } from "../src/db/seed/base";
import { applyDerivedTriggers } from "../src/derivedObjects";
import type { JobRow } from "./jobs";
import { login, send } from "./measure";
import { startServer } from "./serverProcess";

const MEMBERS = Number(process.env.BENCH_IMPORT_MEMBERS || 50_000);
const DATABASE = "bench_imports";
const HEADER = "email,username,name,contact,referrer,membership,nric,wallet,cash_wallet,pv,status";

/** Member i (from 0) refers to (i - 1) / 3; the file lists them last first, so every referrer comes later. */
export function membersCsv(count: number): string {
  const lines = [HEADER];
  for (let i = count - 1; i >= 0; i--) {
    const referrer = i === 0 ? "" : `member${Math.floor((i - 1) / 3)}`;
    const money = i % 10 === 0 ? `${(i % 997) + 1}.50,${(i % 89) + 1}.25,${i % 50}` : ",,";
    const day = String((i % 28) + 1).padStart(2, "0");
    const nric = i % 5 === 0 ? `9001${day}-14-${String(i % 10_000).padStart(4, "0")}` : "";
    const tier = i % 7 === 0 ? "Silver" : "";
    lines.push(
      `member${i}@example.my,member${i},Member ${i},01${String(i).padStart(8, "0")},${referrer},${tier},${nric},${money},1`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** POST imports?kind=members with the file as multipart/form-data; answers the status and body. */
function postFile(
  base: URL,
  cookie: string,
  csv: string,
  dryRun: boolean,
): Promise<{ status: number; body: string }> {
  const boundary = "----benchimport";
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="members.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: base.hostname,
        port: base.port,
        path: `/api/imports?kind=members${dryRun ? "&dry_run=1" : ""}`,
        method: "POST",
        headers: {
          cookie,
          origin: base.origin,
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": body.length,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

const once = (name: string, seconds: number, rows: number): JobRow => ({
  name,
  total: String(rows),
  figures: {
    1: { requests: 1, p50: seconds * 1000, p99: seconds * 1000, throughput: rows / seconds },
  },
});

export async function benchImports(options: {
  postgresUrl: string | undefined;
  workDir: string;
  timeZone: string;
}): Promise<JobRow[]> {
  if (!options.postgresUrl) {
    console.log("imports: PostgreSQL only (--pg); skipped.");
    return [];
  }
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: options.postgresUrl });
    await client.connect();
    await client.query(text).finally(() => client.end());
  };
  const url = new URL(options.postgresUrl);
  url.pathname = `/${DATABASE}`;
  await admin(`drop database if exists ${DATABASE}`);
  await admin(`create database ${DATABASE}`);
  const store = await openDatabase({ databaseUrl: url.toString(), timeZone: options.timeZone });
  await applyDerivedTriggers(store.db);
  await seedBase(store.db);
  await ensureAdmin(store.db, DEMO_ADMIN_EMAIL, DEMO_ADMIN_PASSWORD);
  await store.close();
  const server = await startServer(
    {
      TZ: options.timeZone,
      DATABASE_URL: url.toString(),
      DATA_DIR: path.join(options.workDir, DATABASE),
      WEB_DIST: path.join(options.workDir, "no-web"),
    },
    600,
  );
  try {
    const cookie = await login(server.base);
    const csv = membersCsv(MEMBERS);
    console.log(`imports: ${MEMBERS} members, ${(csv.length / 2 ** 20).toFixed(1)} MB of CSV`);
    let start = performance.now();
    const checked = await postFile(server.base, cookie, csv, true);
    const dryRunSeconds = (performance.now() - start) / 1000;
    if (checked.status !== 200)
      throw new Error(`dry run answered ${checked.status}: ${checked.body.slice(0, 500)}`);
    const errors = (JSON.parse(checked.body) as { errors: unknown[] }).errors;
    if (errors.length)
      throw new Error(
        `dry run found ${errors.length} bad rows: ${JSON.stringify(errors.slice(0, 3))}`,
      );

    start = performance.now();
    const applied = await postFile(server.base, cookie, csv, false);
    if (applied.status !== 201 && applied.status !== 202)
      throw new Error(`apply answered ${applied.status}: ${applied.body.slice(0, 500)}`);
    let record = JSON.parse(applied.body) as { import_id: number; status: string; created: number };
    const agent = new http.Agent({ keepAlive: true });
    while (record.status === "running") {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const answer = await send(agent, server.base, `/api/imports/${record.import_id}`, { cookie });
      record = JSON.parse(answer.body.toString("utf8")) as typeof record;
    }
    agent.destroy();
    const applySeconds = (performance.now() - start) / 1000;
    if (record.status !== "done" || record.created !== MEMBERS)
      throw new Error(`the import ended ${record.status} with ${record.created} created`);
    console.log(
      `imports: dry run ${dryRunSeconds.toFixed(1)} s, applied in ${applySeconds.toFixed(1)} s (issue 43: at most 60 s)`,
    );
    return [
      once(`import: ${MEMBERS} members, dry run`, dryRunSeconds, MEMBERS),
      once(`import: ${MEMBERS} members, applied (job, to done)`, applySeconds, MEMBERS),
    ];
  } finally {
    await server.stop();
    await admin(`drop database if exists ${DATABASE} with (force)`);
  }
}
