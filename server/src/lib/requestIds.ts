/**
 * Every request's id (docs/decisions/request-ids.md): a proxy's X-Request-Id
 * when the proxy is one TRUST_PROXY names and the id is well-formed, a new
 * random one otherwise. It is answered in X-Request-Id, logged on the
 * request's lines (`reqId`) and carried in every error answer's body.
 */
import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";
import type { TrustProxy } from "../config";

export const REQUEST_ID_HEADER = "x-request-id";
/** Short and of safe characters: it is written into logs and headers as it came. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,64}$/;

/** Whether the socket peer is a proxy TRUST_PROXY names (the hop nearest the server), as Fastify judges it. */
export function trustsPeer(trustProxy: TrustProxy): (address: string | undefined) => boolean {
  if (trustProxy === false) return () => false;
  const trust = typeof trustProxy === "function" ? trustProxy : proxyAddr.compile(trustProxy);
  return (address) => address !== undefined && trust(address, 0);
}

/** Fastify's genReqId: the trusted proxy's id, or a new one. */
export function requestIdMaker(trustProxy: TrustProxy): (raw: IncomingMessage) => string {
  const trusted = trustsPeer(trustProxy);
  return (raw) => {
    const given = raw.headers[REQUEST_ID_HEADER];
    if (
      typeof given === "string" &&
      REQUEST_ID_PATTERN.test(given) &&
      trusted(raw.socket?.remoteAddress)
    )
      return given;
    return randomUUID();
  };
}
