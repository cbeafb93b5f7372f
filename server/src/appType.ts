import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { SessionCaller } from "./auth/service";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { RoutePermission } from "./lib/routeConfig";
import type { JobSchedule } from "./modules/jobs/schedules";
import type { UploadStorage } from "./modules/uploads/storage";

/**
 * The app as routes see it: its own file, so a module that registers routes
 * imports its type without importing app.ts, which imports every module
 * (test/import-cycles.test.ts fails on any import cycle).
 */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Where images' bytes live: the database or a bucket (modules/uploads/storage.ts). */
    uploadStorage: UploadStorage;
    /** The job runner of this process (modules/jobs/runner.ts): woken after an enqueue commits. */
    jobs: {
      wake(): void;
      /** The work on a clock this server enqueues (modules/index.ts, jobSchedules). */
      schedules: readonly JobSchedule[];
    };
    /** Every registered route, for the guard's walk-every-route test and the docs. */
    routeList: { method: string; url: string; public: boolean; permission?: RoutePermission }[];
  }
  interface FastifyRequest {
    /** The Admin or Staff member of the session; set by the guard on every private call. */
    admin: SessionCaller;
  }
}
