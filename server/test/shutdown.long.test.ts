/**
 * A clean stop (docs/decisions/readiness-and-shutdown.md): the built server on
 * PostgreSQL takes a burst of writes, gets SIGTERM in the middle of it, and
 * exits 0; every write it acknowledged is in the database, and no answer was
 * cut after its headers (each request got a whole answer or no connection).
 * PostgreSQL only: a process test (the embedded store's stop is the same code).
 */
import http from "node:http";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildServer,
  createDatabase,
  loginOn,
  type ServerProcess,
  startServer,
  stopServer,
} from "./processes.fixtures";

const skipped = !process.env.TEST_DATABASE_URL;

type Outcome =
  | { kind: "answered"; status: number; id: number | undefined }
  /** No answer; `afterHeaders` when the connection broke once the headers had come. */
  | { kind: "failed"; code: string; afterHeaders: boolean };

/** One POST on a connection of its own, told apart by how it ended. */
function post(base: string, cookie: string, path: string, body: unknown): Promise<Outcome> {
  const text = JSON.stringify(body);
  return new Promise((resolve) => {
    let headers = false;
    const request = http.request(
      `${base}${path}`,
      {
        method: "POST",
        agent: false,
        headers: {
          cookie,
          origin: base,
          "content-type": "application/json",
          "content-length": Buffer.byteLength(text),
        },
      },
      (response) => {
        headers = true;
        let received = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          received += chunk;
        });
        response.on("error", (error: NodeJS.ErrnoException) =>
          resolve({ kind: "failed", code: error.code ?? "error", afterHeaders: true }),
        );
        response.on("end", () => {
          if (!response.complete) {
            resolve({ kind: "failed", code: "incomplete", afterHeaders: true });
            return;
          }
          let id: number | undefined;
          try {
            id = (JSON.parse(received) as { brand_id?: number }).brand_id;
          } catch {
            resolve({ kind: "failed", code: "unreadable body", afterHeaders: true });
            return;
          }
          resolve({ kind: "answered", status: response.statusCode ?? 0, id });
        });
      },
    );
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (!headers) resolve({ kind: "failed", code: error.code ?? "error", afterHeaders: false });
    });
    request.end(text);
  });
}

describe.skipIf(skipped)("SIGTERM in the middle of a burst of writes", () => {
  let build: ReturnType<typeof buildServer> | undefined;
  let database: Awaited<ReturnType<typeof createDatabase>> | undefined;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    build = buildServer();
    database = await createDatabase();
    server = await startServer(build.main, database.url, { SHUTDOWN_GRACE_SECONDS: "10" });
  }, 120_000);

  afterAll(async () => {
    await stopServer(server);
    await database?.drop();
    build?.remove();
  });

  it("keeps every acknowledged write, cuts no answer, and exits 0", async () => {
    if (!server || !database) throw new Error("not started");
    const { base } = server;
    const cookie = await loginOn(base);
    const total = 240;
    const width = 24;
    const outcomes: Outcome[] = [];
    let next = 0;
    let signalled = false;
    let afterSignal = 0;
    const worker = async () => {
      while (next < total) {
        const i = next++;
        const outcome = await post(base, cookie, "/api/brands", { brand_name: `Burst ${i}` });
        outcomes.push(outcome);
        if (signalled) afterSignal++;
        // SIGTERM once a fifth is acknowledged: the rest are in flight or not yet sent.
        if (!signalled && outcomes.filter((o) => o.kind === "answered").length >= total / 5) {
          signalled = true;
          server?.child.kill("SIGTERM");
        }
      }
    };
    await Promise.all(Array.from({ length: width }, worker));
    const code = await server.exited;
    const output = server.output();
    expect(code, output).toBe(0);
    expect(signalled).toBe(true);
    expect(afterSignal).toBeGreaterThan(0);

    const cut = outcomes.filter((o) => o.kind === "failed" && o.afterHeaders);
    expect(cut, output).toEqual([]);
    const acknowledged = outcomes.flatMap((o) =>
      o.kind === "answered" && o.status === 201 && o.id !== undefined ? [o.id] : [],
    );
    // Every other answer is a whole one: the 503 of a server that is closing.
    const others = outcomes.filter((o) => o.kind === "answered" && o.status !== 201);
    expect(others.every((o) => o.kind === "answered" && o.status === 503)).toBe(true);
    // The stop refused some: the burst outlived the server.
    expect(acknowledged.length).toBeLessThan(total);
    expect(acknowledged.length).toBeGreaterThanOrEqual(total / 5);

    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const kept = await client.query<{ brand_id: number }>(
        "select brand_id from brands where brand_id = any($1::int[])",
        [acknowledged],
      );
      expect(kept.rows.map((r) => r.brand_id).sort((a, b) => a - b)).toEqual(
        [...acknowledged].sort((a, b) => a - b),
      );
    } finally {
      await client.end();
    }
    expect(output).toContain("stopping: finishing requests in flight");
    expect(output).toContain('"msg":"stopped"');
  }, 60_000);
});
