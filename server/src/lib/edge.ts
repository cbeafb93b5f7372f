/**
 * Limits at the edge (docs/SECURITY.md, docs/decisions/edge-limits.md):
 * time limits on every connection, a cap on connections per client address,
 * the served host names, and bodies sized for what each call needs, read by a
 * JSON parser that refuses deep nesting before parsing.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import type { Socket } from "node:net";
import os from "node:os";
import type { FastifyRequest } from "fastify";
import type { App } from "../appType";
import type { Config } from "../config";
import { HttpError } from "./errors";

/** Every JSON body unless its route says more (docs/decisions/edge-limits.md). */
export const DEFAULT_BODY_LIMIT = 65_536;
/** The public login calls: an e-mail and a password. */
export const LOGIN_BODY_LIMIT = 4_096;
/** Deeper JSON is refused before it is parsed; the deepest valid body is 3 levels. */
export const MAX_JSON_DEPTH = 32;
/** Keys in one JSON object; a bulk call's `versions` holds up to 1,000. */
export const MAX_JSON_KEYS = 1_000;

export const HOST_REFUSED = "This server does not answer for that host name.";
// Written on the socket before Fastify has a request: the same answer shape, code and params included.
const TIMEOUT_BODY = {
  message: "The request took too long to arrive.",
  code: "request_timeout",
  params: {},
};
const BAD_REQUEST_BODY = {
  message: "The request could not be read.",
  code: "unreadable_request",
  params: {},
  issues: [],
};
const HEADERS_TOO_LARGE_BODY = {
  message: "The request headers are too large.",
  code: "headers_too_large",
  params: {},
};
/**
 * Asked by load balancers and scrapers by the server's own address, not the
 * store's name: not refused for their Host. They answer no store data
 * (docs/decisions/readiness-and-shutdown.md; /metrics keeps its own address check).
 */
const ANY_HOST_ROUTES = new Set(["/api/health", "/api/ready", "/metrics"]);

declare module "fastify" {
  interface FastifyInstance {
    /** The origins and Host values this server answers for (PUBLIC_URL). */
    served: ServedNames;
  }
}

export interface ServedNames {
  /** `scheme://host[:port]`, as a browser's Origin header spells it. */
  origins: Set<string>;
  /** Host header values, lower case, with and without a default port. */
  hosts: Set<string>;
}

/**
 * The Fastify options of the edge: Node's requestTimeout answers 408 and closes
 * a request whose body has not arrived in full in time, however slowly it
 * trickles. Node checks on an interval (30 s by default) and, in Node 20, only
 * once headersTimeout has passed too, so both are set from the one setting.
 */
export function edgeServerOptions(config: Pick<Config, "requestTimeoutMs">) {
  const timeout = config.requestTimeoutMs;
  return {
    bodyLimit: DEFAULT_BODY_LIMIT,
    requestTimeout: timeout,
    http: {
      headersTimeout: Math.min(60_000, timeout),
      connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.round(timeout / 10))),
    },
    clientErrorHandler: answerClientError,
  };
}

/** Fastify's own answer, in the project's error shape (lib/errors.ts), then the socket closes. */
function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === "ECONNRESET" || socket.destroyed) return;
  const [status, answer] =
    error.code === "ERR_HTTP_REQUEST_TIMEOUT"
      ? [408, TIMEOUT_BODY]
      : error.code === "HPE_HEADER_OVERFLOW"
        ? [431, HEADERS_TOO_LARGE_BODY]
        : [400, BAD_REQUEST_BODY];
  // No request was read, so no id was given: a new one (lib/requestIds.ts).
  const id = randomUUID();
  const body = JSON.stringify({ ...answer, request_id: id });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nConnection: close\r\nX-Request-Id: ${id}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** The names served: PUBLIC_URL's origins, or the loopback names (and HOST's address) at `port`. */
export function servedNames(config: Pick<Config, "publicOrigins" | "host" | "port">): ServedNames {
  const names: ServedNames = { origins: new Set(), hosts: new Set() };
  if (config.publicOrigins) for (const origin of config.publicOrigins) addOrigin(names, origin);
  else addDefaults(names, config.host, config.port);
  return names;
}

function addDefaults(names: ServedNames, host: string, port: number): void {
  const addresses = ["localhost", "127.0.0.1", "::1"];
  if (host === "0.0.0.0" || host === "::") {
    for (const list of Object.values(os.networkInterfaces())) {
      for (const entry of list ?? []) addresses.push(entry.address);
    }
  } else addresses.push(host);
  for (const address of addresses) {
    const name = address.includes(":") ? `[${address.split("%", 1)[0]}]` : address;
    try {
      addOrigin(names, new URL(`http://${name}:${port}`).origin);
    } catch {
      // An address no URL can hold (a zone id) is not a name a browser sends.
    }
  }
}

function addOrigin(names: ServedNames, origin: string): void {
  const url = new URL(origin);
  names.origins.add(url.origin);
  names.hosts.add(url.host);
  if (url.port === "") names.hosts.add(`${url.host}:${url.protocol === "https:" ? 443 : 80}`);
}

/**
 * The edge hooks; registered before every other hook and route (app.ts).
 * Refuses a Host not served with 421 before anything else runs, so a
 * rebound DNS name reaches nothing (docs/SECURITY.md).
 */
export function registerEdge(app: App): void {
  const { config } = app;
  const served = servedNames(config);
  app.decorate("served", served);
  if (!config.publicOrigins) {
    // The defaults name the port actually bound (tests and `PORT=0` listen on a free one).
    app.server.on("listening", () => {
      const address = app.server.address();
      if (address && typeof address === "object") addDefaults(served, config.host, address.port);
    });
  }
  capConnectionsPerAddress(app, config.maxConnectionsPerAddress);

  app.addHook("onRequest", async (request, reply) => {
    // request.host is X-Forwarded-Host only from a proxy TRUST_PROXY names.
    if (served.hosts.has(request.host.toLowerCase())) return;
    if (!request.is404 && ANY_HOST_ROUTES.has(request.routeOptions.url ?? "")) return;
    reply.header("connection", "close");
    throw new HttpError(421, "host_refused", {}, HOST_REFUSED);
  });

  registerJsonParser(app);
}

/**
 * One address may hold `max` open connections; the next is destroyed at once,
 * before a byte is read, so one client cannot take every file descriptor.
 */
function capConnectionsPerAddress(app: App, max: number): void {
  const open = new Map<string, number>();
  app.server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * An unknown path answers 404 before its body is read: Fastify's not-found
 * route runs the content-type parser like any other. Registered after the
 * guard, so a refused spelling still answers 400 and a foreign origin 403.
 */
export function registerNotFoundBeforeBody(app: App): void {
  app.addHook("onRequest", async (request, reply) => {
    if (!request.is404 || !hasBody(request)) return;
    reply.header("connection", "close");
    throw new HttpError(404, "not_found", {}, "Not found.");
  });
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers["content-length"];
  return (length !== undefined && length !== "0") || "transfer-encoding" in request.headers;
}

/**
 * `application/json` through Fastify's own parser (prototype-poisoning
 * checks kept) after one scan of the text that refuses deep nesting and huge
 * objects, which would otherwise cost a full parse first.
 */
function registerJsonParser(app: App): void {
  const parse = app.getDefaultJsonParser("error", "ignore");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = typeof body === "string" ? body : body.toString("utf8");
    const problem = jsonShapeProblem(text);
    if (problem) {
      done(
        new HttpError(400, "json_shape", {}, problem, {
          issues: [{ path: "", message: problem, code: "json_shape", params: {} }],
        }),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}

/**
 * What makes this JSON text too deep or too wide, or null. Brackets inside
 * strings do not count; the text's validity is JSON.parse's to judge.
 */
export function jsonShapeProblem(
  text: string,
  maxDepth = MAX_JSON_DEPTH,
  maxKeys = MAX_JSON_KEYS,
): string | null {
  // Per open level: its commas, and whether it is an object (only objects' keys count).
  const commas = new Uint32Array(maxDepth + 1);
  const isObject = new Uint8Array(maxDepth + 1);
  let depth = 0;
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      // Skip the string: to the next quote not escaped by a backslash.
      for (i++; i < length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x7b || c === 0x5b) {
      depth++;
      if (depth > maxDepth) return `The request nests deeper than ${maxDepth} levels.`;
      commas[depth] = 0;
      isObject[depth] = c === 0x7b ? 1 : 0;
    } else if (c === 0x7d || c === 0x5d) {
      if (depth > 0) depth--;
    } else if (c === 0x2c && depth > 0 && isObject[depth] === 1) {
      commas[depth] = (commas[depth] ?? 0) + 1;
      if ((commas[depth] ?? 0) >= maxKeys) {
        return `An object in the request has more than ${maxKeys} keys.`;
      }
    }
  }
  return null;
}
