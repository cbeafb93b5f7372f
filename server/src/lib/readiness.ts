/**
 * Liveness and readiness (docs/decisions/readiness-and-shutdown.md):
 * `/api/health` answers while the process runs; `/api/ready` answers 200 only
 * when the database answers and holds every migration this build knows, and
 * 503 from the moment the server begins to stop (main.ts), so a load balancer
 * sends new requests elsewhere.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { App } from "../appType";
import { SERVER_ROOT } from "../serverRoot";

declare module "fastify" {
  interface FastifyInstance {
    /** `stopping` is set when the server begins to stop (main.ts): /api/ready answers 503 from then on. */
    lifecycle: { stopping: boolean };
  }
}

/** The database must answer within this, or the server is not ready. */
const READY_TIMEOUT_MS = 3_000;

/** The newest migration of this build: drizzle records each applied one by its journal time. */
function newestMigration(): number {
  const journal = JSON.parse(
    fs.readFileSync(path.join(SERVER_ROOT, "drizzle", "meta", "_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** Why the server is not ready, or null when it is. */
async function notReady(
  app: App,
  newest: number,
): Promise<"stopping" | "database" | "migrations" | null> {
  if (app.lifecycle.stopping) return "stopping";
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), READY_TIMEOUT_MS);
  });
  try {
    const answer = await Promise.race([
      app.db.execute<{ applied: string | number | null }>(
        sql`select max(created_at) as applied from drizzle.__drizzle_migrations`,
      ),
      timeout,
    ]);
    if (answer === "timeout") return "database";
    const applied = Number(answer.rows[0]?.applied ?? 0);
    return applied >= newest ? null : "migrations";
  } catch {
    return "database";
  } finally {
    clearTimeout(timer);
  }
}

export function registerReadiness(app: App): void {
  const newest = newestMigration();
  app.get(
    "/health",
    {
      config: { public: true },
      schema: {
        summary: "Whether the server answers (liveness)",
        response: { 200: z.object({ status: z.literal("ok") }) },
      },
    },
    async () => ({ status: "ok" as const }),
  );
  app.get(
    "/ready",
    {
      config: { public: true },
      schema: {
        summary: "Whether the server should get requests (readiness)",
        description:
          "200 when the database answers and holds every migration of this build; 503 while " +
          "it does not, and from the moment the server begins to stop.",
        response: {
          200: z.object({ status: z.literal("ready") }),
          503: z.object({
            status: z.literal("not_ready"),
            reason: z.enum(["stopping", "database", "migrations"]),
          }),
        },
      },
    },
    async (_request, reply) => {
      const reason = await notReady(app, newest);
      if (reason) return reply.code(503).send({ status: "not_ready" as const, reason });
      return { status: "ready" as const };
    },
  );
}
