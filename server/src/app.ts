import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import cookie from "@fastify/cookie";
import helmet from "@fastify/helmet";
import multipart from "@fastify/multipart";
import fastifyStatic from "@fastify/static";
import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type RawServerDefault,
} from "fastify";
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { registerGuard } from "./auth/guard";
import { registerAuthRoutes } from "./auth/routes";
import type { SessionAdmin } from "./auth/service";
import type { Config } from "./config";
import type { Db } from "./db/client";
import { registerErrorHandler } from "./lib/errors";
import { modules } from "./modules";

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
    /** Every registered route, for the guard's walk-every-route test and the docs. */
    routeList: { method: string; url: string }[];
  }
  interface FastifyRequest {
    /** The administrator of the session; set by the guard on every private call. */
    admin: SessionAdmin;
  }
}

export interface BuildOptions {
  db: Db;
  config: Config;
  /** pino options, or false for silence (tests). */
  logger?: boolean | object;
}

/** Builds the HTTP app without listening, so tests drive it in-process. */
export async function buildApp({ db, config, logger = false }: BuildOptions): Promise<App> {
  const app = Fastify({
    logger:
      logger === true ? { level: "info", redact: ["req.headers.cookie", "req.body"] } : logger,
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("db", db);
  app.decorate("config", config);
  const routeList: { method: string; url: string }[] = [];
  app.decorate("routeList", routeList);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });

  await app.register(helmet, {
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
  await app.register(cookie);
  await app.register(multipart, { limits: { files: 1, fileSize: 5_242_880, fields: 5 } });
  await app.register(swagger, {
    openapi: {
      info: { title: "Store back-office API", version: "1.0.0" },
      servers: [{ url: "/" }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/api/docs" });

  registerErrorHandler(app);
  registerGuard(app);

  await app.register(
    async (api) => {
      const typed = api as App;
      typed.get("/health", async () => ({ status: "ok" }));
      registerAuthRoutes(typed);
      for (const register of modules) await register(typed);
    },
    { prefix: "/api" },
  );

  const uploadsDir = path.join(config.dataDir, "uploads");
  fs.mkdirSync(uploadsDir, { recursive: true });
  await app.register(fastifyStatic, {
    root: uploadsDir,
    prefix: "/uploads/",
    decorateReply: false,
    maxAge: "1d",
  });
  await serveWebApp(app, config.webDist);
  return app;
}

/**
 * The built web app at `/`, with index.html for every client-side route; any
 * other unknown path answers 404 JSON.
 */
async function serveWebApp(app: App, webDist: string): Promise<void> {
  const indexHtml = path.join(webDist, "index.html");
  const html = fs.existsSync(indexHtml) ? fs.readFileSync(indexHtml) : undefined;
  if (html) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: "/",
      wildcard: false,
      index: false,
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === "GET" &&
      !request.url.startsWith("/api/") &&
      !request.url.startsWith("/uploads/");
    if (html && isPage) return reply.type("text/html").send(html);
    return reply.code(404).send({ message: "Not found." });
  });
}
