import fs from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import type { App } from "./appType";
import { assertRouteDeclaresPermission, registerGuard } from "./auth/guard";
import { registerAuthRoutes } from "./auth/routes";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { edgeServerOptions, registerEdge, registerNotFoundBeforeBody } from "./lib/edge";
import { registerErrorHandler } from "./lib/errors";
import { registerMetrics } from "./lib/metrics";
import { registerOpenApi } from "./lib/openapi";
import { registerReadiness } from "./lib/readiness";
import { REQUEST_ID_HEADER, requestIdMaker } from "./lib/requestIds";
import { tagVersions } from "./lib/versions";
import { jobSchedules, modules } from "./modules";
import { registerUploadServing } from "./modules/uploads/serve";
import { openUploadStorage, type UploadStorage } from "./modules/uploads/storage";

export type { App };

export interface BuildOptions {
  db: Db;
  config: Config;
  /** Where images' bytes live; unset, what the configuration names (modules/uploads/storage.ts). */
  uploadStorage?: UploadStorage;
  /** pino options, or false for silence (tests). */
  logger?: boolean | object;
}

/** Builds the HTTP app without listening, so tests drive it in-process. */
export async function buildApp({
  db,
  config,
  uploadStorage,
  logger = false,
}: BuildOptions): Promise<App> {
  const app = Fastify({
    logger: logger && {
      level: "info",
      redact: LOG_REDACTED,
      ...(logger === true ? { stream: batchedStdout() } : logger),
    },
    trustProxy: config.trustProxy,
    // X-Request-Id from a trusted proxy, or a new one (lib/requestIds.ts).
    requestIdHeader: false,
    genReqId: requestIdMaker(config.trustProxy),
    // Body limit, request timeout and client-error answers (lib/edge.ts).
    ...edgeServerOptions(config),
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", db);
  app.decorate("config", config);
  app.decorate("lifecycle", { stopping: false });
  // main.ts starts the runner after listening; until then (and in tests without one) nothing wakes.
  app.decorate("jobs", { wake: () => {}, schedules: jobSchedules(config) });
  app.decorate("uploadStorage", uploadStorage ?? (await openUploadStorage(db, config)));
  const routeList: App["routeList"] = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    // The API document's own pages are for every signed-in person (a plugin's routes take no options).
    if (route.url.startsWith("/api/docs"))
      route.config = { permission: "signed_in", ...route.config };
    assertRouteDeclaresPermission(route);
    const { public: open = false, permission } = route.config ?? {};
    for (const method of [route.method].flat())
      routeList.push({ method, url: route.url, public: open, permission });
  });

  // First, so that every route below (the docs' too) answers errors alike.
  registerErrorHandler(app);
  // Before every other hook, so that even a refused request answers its id.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });
  // While stopping (main.ts), each answer closes its connection, so none lingers idle.
  app.addHook("onSend", (_request, reply, payload, done) => {
    if (app.lifecycle.stopping) reply.header("connection", "close");
    done(null, payload);
  });
  // The first refusal: a Host not served is refused before anything else runs (lib/edge.ts).
  registerEdge(app);
  // Built once: @fastify/helmet builds helmet's middleware (and parses the CSP)
  // again on every request (docs/decisions/lean-per-request.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", "data:", "blob:"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, (error?: unknown) =>
      done(error === undefined || error instanceof Error ? error : new Error(String(error))),
    );
  });
  await app.register(cookie);
  // After the cookie parser, before any route: the docs are guarded like the rest.
  registerGuard(app);
  // After the guard's 400 and 403: an unknown path answers 404 before its body is read.
  registerNotFoundBeforeBody(app);
  await app.register(multipart, { limits: { files: 1, fileSize: 5_242_880, fields: 5 } });
  // The API document at /api/docs (lib/openapi.ts): it documents every route below.
  await registerOpenApi(app);

  // GET /metrics and the request counters (lib/metrics.ts); before the routes, whose answers it counts.
  registerMetrics(app);

  await app.register(
    async (api) => {
      const typed = api as App;
      tagVersions(typed);
      registerReadiness(typed);
      registerAuthRoutes(typed);
      for (const register of modules) await register(typed);
    },
    { prefix: "/api" },
  );

  await app.register(async (files) => {
    // Images and the web app's files are public; every other route is private (auth/guard.ts).
    files.addHook("onRoute", (route) => {
      route.config = { ...route.config, public: true };
    });
    registerUploadServing(files as App);
    await serveWebApp(files as App, config.webDist);
  });
  return app;
}

/**
 * One log line per request at info (docs/decisions/lean-per-request.md):
 * Fastify's "incoming request" is dropped and "request completed" is this short
 * line; errors keep their own lines.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    // The path only: a query string may carry what an admin searched for.
    const path = request.url.split("?", 1)[0];
    const line = {
      method: request.method,
      path,
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request");
  }
}

/**
 * stdout for the log: the lines of a few milliseconds leave in one write(2)
 * instead of one each (a tenth of a request's CPU under load); what is pending
 * is written at exit, and a quiet server's line is out within 50 ms.
 */
function batchedStdout(): { write(line: string): void } {
  let pending = "";
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending === "") return;
    const text = pending;
    pending = "";
    process.stdout.write(text);
  };
  process.once("exit", flush);
  return {
    write(line) {
      pending += line;
      if (pending.length > 65_536) flush();
      else if (!scheduled) {
        scheduled = true;
        setTimeout(flush, 50).unref();
      }
    },
  };
}

/** Never in a log line: session cookies, credentials, request bodies (passwords, keys). */
const LOG_REDACTED = [
  "req.headers.cookie",
  "req.headers.authorization",
  'res.headers["set-cookie"]',
  "req.body",
];

/**
 * The built web app at `/`, with index.html for every client-side route; any
 * other unknown path answers 404 JSON.
 */
async function serveWebApp(files: App, webDist: string): Promise<void> {
  const indexHtml = path.join(webDist, "index.html");
  const html = fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml) : undefined;
  if (html) {
    const assets = path.join(webDist, "assets") + path.sep;
    await files.register(fastifyStatic, {
      root: webDist,
      prefix: "/",
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (web/vite.config.ts).
      preCompressed: true,
      setHeaders: (reply, filePath) => {
        // Hashed file names change with their content: cache them for good.
        reply.header(
          "cache-control",
          filePath.startsWith(assets) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    });
  }
  // Reached only by plainly spelled paths (auth/guard.ts refuses the rest).
  files.setNotFoundHandler((request, reply) => {
    const isPage = request.method === "GET" && !/^\/(api|uploads)(\/|$)/i.test(request.url);
    if (html && isPage)
      return reply.header("cache-control", "no-cache").type("text/html").send(html);
    return reply
      .code(404)
      .send({ message: "Not found.", code: "not_found", params: {}, request_id: request.id });
  });
}
