import type { AddressInfo } from "node:net";
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { createTestContext, type TestContext } from "./helpers";

// Time limits and the per-address cap on a real listening server (lib/edge.ts),
// shortened: 1 s for a request, 3 connections per address. Several client
// addresses are played by binding loopback source addresses (127.0.0.x).
const TIMEOUT_MS = 1_000;
const CAP = 3;

let ctx: TestContext;
let app: App;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  app = await buildApp({
    db: ctx.db,
    config: { ...ctx.app.config, requestTimeoutMs: TIMEOUT_MS, maxConnectionsPerAddress: CAP },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  port = (app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await app?.close();
  await ctx?.close();
});

interface Connection {
  socket: net.Socket;
  /** Everything the server wrote. */
  received: () => string;
  /** Resolves with the milliseconds from connect to close. */
  closed: Promise<number>;
}

function connect(from: string): Promise<Connection> {
  return new Promise((resolve, reject) => {
    const start = performance.now();
    let text = "";
    const socket = net.connect({ host: "127.0.0.1", port, localAddress: from });
    socket.on("data", (chunk) => {
      text += chunk.toString("utf8");
    });
    socket.on("error", () => {});
    const closed = new Promise<number>((done) =>
      socket.on("close", () => done(performance.now() - start)),
    );
    socket.once("connect", () => resolve({ socket, received: () => text, closed }));
    socket.once("error", reject);
  });
}

const stalledHead = (path: string) =>
  `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: 4096\r\n\r\n{`;

describe("time limits on every connection", () => {
  it("answers 408 and closes a request whose body never arrives", async () => {
    const conn = await connect("127.0.0.1");
    conn.socket.write(stalledHead("/api/login"));
    const ms = await conn.closed;
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(conn.received()).toContain(
      '{"message":"The request took too long to arrive.","code":"request_timeout"',
    );
    expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(TIMEOUT_MS * 3);
  });

  it("is not extended by a body that trickles in", async () => {
    const conn = await connect("127.0.0.1");
    conn.socket.write(stalledHead("/api/login"));
    const trickle = setInterval(() => conn.socket.writable && conn.socket.write(" "), 100);
    const ms = await conn.closed;
    clearInterval(trickle);
    expect(conn.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(ms).toBeLessThan(TIMEOUT_MS * 3);
  });

  it("answers an unknown path 404 and closes without waiting for its body", async () => {
    const conn = await connect("127.0.0.1");
    conn.socket.write(stalledHead("/api/nope"));
    const ms = await conn.closed;
    expect(conn.received()).toMatch(/^HTTP\/1\.1 404 /);
    expect(ms).toBeLessThan(TIMEOUT_MS / 2);
  });
});

describe("open connections per address", () => {
  it("closes the connections over the cap from one address; another address is served", async () => {
    const held = await Promise.all(Array.from({ length: CAP }, () => connect("127.0.0.2")));
    const extra = await connect("127.0.0.2");
    const extraClosedMs = await Promise.race([
      extra.closed,
      new Promise<number>((resolve) => setTimeout(() => resolve(Number.POSITIVE_INFINITY), 500)),
    ]);
    // Closed at once, before any timeout could have done it, and without an answer.
    expect(extraClosedMs).toBeLessThan(500);
    expect(extra.received()).toBe("");
    for (const conn of held) expect(conn.socket.destroyed).toBe(false);

    const other = await connect("127.0.0.3");
    other.socket.write(
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    await other.closed;
    expect(other.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(other.received()).toContain('{"status":"ok"}');

    // A closed connection frees its place.
    held[0]?.socket.destroy();
    await held[0]?.closed;
    await new Promise((resolve) => setTimeout(resolve, 50));
    const again = await connect("127.0.0.2");
    again.socket.write(
      `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`,
    );
    await again.closed;
    expect(again.received()).toMatch(/^HTTP\/1\.1 200 /);
    for (const conn of held) conn.socket.destroy();
  });
});
