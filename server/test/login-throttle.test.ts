// Login throttling (docs/decisions/login-throttling.md) driven over real
// sockets from several loopback source addresses: every 127.x.y.z is this
// machine, so each address is a distinct client as the server sees it.
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../src/app";
import { addressKey, LOGIN_LIMITS } from "../src/auth/throttle";
import { readConfig, readTrustProxy } from "../src/config";
import { auditLog, loginFailures } from "../src/db/schema";
import { ADMIN, createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
let port: number;
let proxied: App;
let proxiedPort: number;

beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as AddressInfo).port;
  // The same store behind a proxy at 127.0.0.1 (TRUST_PROXY=127.0.0.1).
  const config = { ...ctx.app.config, trustProxy: readTrustProxy("127.0.0.1") };
  proxied = await buildApp({ db: ctx.db, config });
  await proxied.listen({ port: 0, host: "127.0.0.1" });
  proxiedPort = (proxied.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await proxied?.close();
  await ctx?.close();
});

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
}

/** One POST from a chosen local source address, on a fresh connection. */
function post(
  path: string,
  payload: unknown,
  options: { from: string; headers?: Record<string, string>; to?: number; method?: string },
): Promise<Answer> {
  const body = JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port: options.to ?? port,
        path,
        method: options.method ?? "POST",
        localAddress: options.from,
        agent: false,
        headers: {
          "content-type": "application/json",
          "content-length": Buffer.byteLength(body),
          ...options.headers,
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: JSON.parse(text) }),
        );
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const login = (from: string, password: string, extra: Parameters<typeof post>[2] = { from }) =>
  post("/api/login", { email: ADMIN.email, password }, { ...extra, from });

async function wrongTimes(n: number, from: string): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) statuses.push((await login(from, `wrong-${i}`)).status);
  return statuses;
}

function expectRefused(answer: Answer, maxSeconds = LOGIN_LIMITS.windowMinutes * 60): number {
  expect(answer.status).toBe(429);
  expect(answer.body).toMatchObject({
    status: 429,
    message: "Too many failed attempts. Please wait a few minutes and try again.",
  });
  const retryAfter = Number(answer.headers["retry-after"]);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
  return retryAfter;
}

/** Failure rows put in place directly, `minutesAgo` old: the clock cannot be waited out in a test. */
async function agedFailures(email: string, address: string, count: number, minutesAgo: number) {
  for (let i = 0; i < count; i++) {
    await ctx.db.insert(loginFailures).values({
      email,
      address,
      failed_at: sql`now() - make_interval(mins => ${minutesAgo})` as unknown as string,
    });
  }
}

const failuresFrom = async (address: string) =>
  (await ctx.db.select().from(loginFailures).where(eq(loginFailures.address, address))).length;

describe("old failure rows", () => {
  // First in the file: the sweep reads from the oldest id, and these are the oldest rows.
  it("are removed once they are older than every window, and do not count after the window", async () => {
    await agedFailures(ADMIN.email, "10.9.9.9", 3, 3 * 60);
    await agedFailures(ADMIN.email, "127.0.0.16", 5, LOGIN_LIMITS.windowMinutes + 1);
    expect(await failuresFrom("10.9.9.9")).toBe(3);
    expect((await login("127.0.0.15", "wrong")).status).toBe(401);
    expect(await failuresFrom("10.9.9.9")).toBe(0);
    // Five failures just out of the window: that address may try again.
    expect(await failuresFrom("127.0.0.16")).toBe(5);
    expect((await login("127.0.0.16", ADMIN.password)).status).toBe(200);
  });

  it("answer Retry-After until the oldest counted failure leaves the window", async () => {
    await agedFailures(ADMIN.email, "127.0.0.17", 5, 10);
    const retryAfter = expectRefused(await login("127.0.0.17", ADMIN.password));
    expect(retryAfter).toBeGreaterThan(5 * 60 - 5);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60 + 1);
  });
});

describe("per (e-mail, address)", () => {
  it("refuses the sixth try from an address with 429 and Retry-After, even with the right password", async () => {
    expect(await wrongTimes(5, "127.0.0.2")).toEqual([401, 401, 401, 401, 401]);
    const retryAfter = expectRefused(await login("127.0.0.2", ADMIN.password));
    expect(retryAfter).toBeGreaterThan(LOGIN_LIMITS.windowMinutes * 60 - 10);
    // A refused try is not a failure: it neither counts nor pushes the window on.
    expect(await failuresFrom("127.0.0.2")).toBe(5);
  });

  it("does not lock the owner out: the right password from another address logs in", async () => {
    const answer = await login("127.0.0.3", ADMIN.password);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: 200, email: ADMIN.email });
    expect((await login("127.0.0.3", "wrong")).status).toBe(401);
  });

  it("forgives a pair's failures after the right password", async () => {
    expect(await wrongTimes(4, "127.0.0.4")).toEqual([401, 401, 401, 401]);
    expect((await login("127.0.0.4", ADMIN.password)).status).toBe(200);
    expect(await wrongTimes(6, "127.0.0.4")).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("counts every spelling of one account's e-mail under one key", async () => {
    const statuses: number[] = [];
    for (const email of ["ADMIN@store.my", "Admin@Store.My", "admin@STORE.MY", ADMIN.email]) {
      const payload = { email, password: "wrong" };
      statuses.push((await post("/api/login", payload, { from: "127.0.0.18" })).status);
    }
    statuses.push(
      (
        await post(
          "/api/login",
          { email: " ADMIN@store.my ", password: "x" },
          { from: "127.0.0.18" },
        )
      ).status,
    );
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expectRefused(
      await post(
        "/api/login",
        { email: "AdMiN@store.my", password: ADMIN.password },
        { from: "127.0.0.18" },
      ),
    );
  });

  it("lets at most five of 40 parallel wrong tries through; the rest are 429", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => login("127.0.0.8", `parallel-${i}`)),
    );
    const statuses = answers.map((a) => a.status);
    const failed = statuses.filter((s) => s === 401).length;
    expect(failed).toBeLessThanOrEqual(LOGIN_LIMITS.perEmailAndAddress);
    expect(failed).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s === 429).length).toBe(40 - failed);
    expect(await failuresFrom("127.0.0.8")).toBe(failed);
    for (const answer of answers.filter((a) => a.status === 429)) expectRefused(answer);
  });
});

describe("per address", () => {
  it("caps failures on any e-mail from one address, the right password included", async () => {
    const from = "127.0.0.9";
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      const payload = { email: `guess${i}@store.my`, password: "x" };
      statuses.push((await post("/api/login", payload, { from })).status);
    }
    expect(statuses.every((s) => s === 401)).toBe(true);
    expectRefused(await post("/api/login", { email: "new@store.my", password: "x" }, { from }));
    expectRefused(await login(from, ADMIN.password));
    expect((await login("127.0.0.10", ADMIN.password)).status).toBe(200);
  });
});

describe("X-Forwarded-For", () => {
  it("is ignored without TRUST_PROXY: rotating it from one address buys no tries", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const answer = await login("127.0.0.5", `wrong-${i}`, {
        from: "127.0.0.5",
        headers: { "x-forwarded-for": `198.51.100.${i + 1}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    expect(await failuresFrom("127.0.0.5")).toBe(5);
    expect(await failuresFrom("198.51.100.1")).toBe(0);
  });

  it("names the client when it comes from a trusted proxy (TRUST_PROXY=127.0.0.1)", async () => {
    const via = (client: string, password: string) =>
      login("127.0.0.1", password, {
        from: "127.0.0.1",
        to: proxiedPort,
        headers: { "x-forwarded-for": `203.0.113.77, ${client}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await via("203.0.113.1", `wrong-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expectRefused(await via("203.0.113.1", ADMIN.password));
    expect(await failuresFrom("203.0.113.1")).toBe(5);
    // Another client behind the same proxy is not held back.
    expect((await via("203.0.113.2", ADMIN.password)).status).toBe(200);
    // A peer that is not the proxy counts as itself, whatever it forwards.
    const direct: number[] = [];
    for (let i = 0; i < 6; i++) {
      const answer = await login("127.0.0.6", `wrong-${i}`, {
        from: "127.0.0.6",
        to: proxiedPort,
        headers: { "x-forwarded-for": `203.0.113.${100 + i}` },
      });
      direct.push(answer.status);
    }
    expect(direct).toEqual([401, 401, 401, 401, 401, 429]);
  });

  it("counts IPv6 clients by their /64", async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const answer = await login("127.0.0.1", `wrong-${i}`, {
        from: "127.0.0.1",
        to: proxiedPort,
        headers: { "x-forwarded-for": `2001:db8:7:8::${i.toString(16)}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect(addressKey("2001:db8:7:8:1:2:3:4")).toBe("2001:db8:7:8::/64");
    expect(addressKey("::ffff:127.0.0.2")).toBe("127.0.0.2");
    expect(addressKey("::ffff:7f00:3")).toBe("127.0.0.3");
    expect(addressKey("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(addressKey("127.0.0.2")).toBe("127.0.0.2");
  });

  it("TRUST_PROXY is off by default, takes a hop count or a list, and refuses true", () => {
    expect(readConfig({}).trustProxy).toBe(false);
    expect(readTrustProxy("")).toBe(false);
    expect(readTrustProxy("false")).toBe(false);
    expect(readTrustProxy("0")).toBe(false);
    expect(readTrustProxy(" 127.0.0.1, 10.0.0.0/8 ")).toEqual(["127.0.0.1", "10.0.0.0/8"]);
    const hops = readTrustProxy("2");
    if (typeof hops !== "function") throw new Error("a hop count is a trust function");
    expect([0, 1, 2].map((hop) => hops("192.0.2.1", hop))).toEqual([true, true, false]);
    expect(() => readTrustProxy("true")).toThrow(/TRUST_PROXY/);
  });
});

describe("loginAdmin", () => {
  it("is throttled like login, under the admin's e-mail and the address", async () => {
    const signedIn = await login("127.0.0.11", ADMIN.password);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0] ?? "";
    const check = (from: string, currentPassword: string) =>
      post("/api/loginAdmin", { currentPassword }, { from, headers: { cookie } });
    for (let i = 0; i < 5; i++) {
      const answer = await check("127.0.0.11", `wrong-${i}`);
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ status: 401, message: "Invalid Password." });
    }
    expectRefused(await check("127.0.0.11", ADMIN.password));
    // One count for both doors.
    expectRefused(await login("127.0.0.11", ADMIN.password));
    expect((await check("127.0.0.12", ADMIN.password)).status).toBe(200);
  });

  it("throttles the current password of one's own password change the same way", async () => {
    const from = "127.0.2.1";
    const signedIn = await login(from, ADMIN.password);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0] ?? "";
    const change = (currentPassword: string) =>
      post(
        `/api/users/${signedIn.body.user_id}`,
        { password: "Another#Secret9", currentPassword },
        { from, method: "PUT", headers: { cookie } },
      );
    for (let i = 0; i < 5; i++) {
      const answer = await change(`wrong-${i}`);
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe("The current password is not correct.");
    }
    expectRefused(await change(ADMIN.password));
    // Nothing changed: the password is still the old one.
    expect((await login("127.0.2.2", ADMIN.password)).status).toBe(200);
  });
});

describe("audit rows", () => {
  it("records logins, failed logins (the account, or none, and the address) and logouts", async () => {
    const from = "127.0.0.19";
    await post("/api/login", { email: "Someone@Store.my", password: "nope" }, { from });
    const signedIn = await login(from, ADMIN.password);
    const cookie = String(signedIn.headers["set-cookie"]).split(";")[0] ?? "";
    expect((await post("/api/logoutAdmin", {}, { from, headers: { cookie } })).status).toBe(200);
    const rows = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "Session"),
          inArray(auditLog.action, ["login", "login_failed", "logout"]),
        ),
      );
    const adminId = signedIn.body.user_id;
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: "login_failed",
        actor_id: null,
        entity_id: "unknown account",
        after: { address: from },
      }),
    );
    // A wrong password for a real account names it by id, never by the typed text.
    await post("/api/login", { email: ADMIN.email.toUpperCase(), password: "nope" }, { from });
    expect(rows).toContainEqual(
      expect.objectContaining({
        action: "login",
        actor_id: adminId,
        actor_username: "admin",
        entity_id: String(adminId),
        after: { address: from },
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ action: "logout", actor_id: adminId, actor_username: "admin" }),
    );
    const named = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "login_failed"), eq(auditLog.entity_id, String(adminId))));
    expect(named.map((r) => r.after)).toContainEqual({ address: from });
    const all = await ctx.db.select({ id: auditLog.entity_id }).from(auditLog);
    expect(all.filter((r) => r.id.includes("@"))).toEqual([]);
    // A refused try checks no password and leaves no row (a flood cannot fill the log).
    const failedFrom2 = rows.filter(
      (r) =>
        r.action === "login_failed" && (r.after as { address?: string })?.address === "127.0.0.2",
    );
    expect(failedFrom2).toHaveLength(5);
  });
});

describe("an e-mail field that holds no e-mail", () => {
  it("is refused 400 with nothing recorded, and still counts against the address", async () => {
    const from = "127.0.3.1";
    const free = "Refund RM 5000 approved by admin - confirm at http://evil.example/x";
    const typed = [free, "Hunter2-my-password", "", "admin", "a@b"];
    for (const email of typed) {
      const answer = await post("/api/login", { email, password: "x" }, { from });
      expect(answer.status).toBe(400);
      expect(answer.body.issues).toMatchObject([
        { path: "email", message: "Enter your e-mail address, such as name@example.com." },
      ]);
    }
    // Counted as failures of one pair (one fixed key, this address): the sixth waits.
    expectRefused(await post("/api/login", { email: free, password: "x" }, { from }));
    // And against the address: with the rest of its limit spent on real e-mails,
    // the right password waits too.
    const rest = LOGIN_LIMITS.perAddress - typed.length;
    for (let i = 0; i < rest; i++) {
      const other = { email: `guess${i}@store.my`, password: "x" };
      expect((await post("/api/login", other, { from })).status).toBe(401);
    }
    expectRefused(await login(from, ADMIN.password));
    // Counted under one fixed key; the typed text is kept nowhere.
    const kept = await ctx.db.select().from(loginFailures).where(eq(loginFailures.address, from));
    expect(kept.length).toBe(LOGIN_LIMITS.perAddress);
    expect(kept.filter((r) => !r.email.endsWith("@store.my")).map((r) => r.email)).toEqual(
      typed.map(() => ""),
    );
    const trail = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from audit_log where entity_id like ${"%evil%"} or after::text like ${"%evil%"} or entity_id like ${"%Hunter2%"}`,
    );
    expect(Number(trail.rows[0]?.n)).toBe(0);
  });
});

describe("per e-mail ceiling", () => {
  it("above it, only addresses with no failure in the last hour may try", async () => {
    // A distributed guess: 25 addresses, 5 wrong passwords each, one after another.
    const rounds: number[][] = [];
    for (let i = 1; i <= 25; i++) rounds.push(await wrongTimes(5, `127.0.1.${i}`));
    // Every address got its first try; past the ceiling, no second one.
    expect(rounds.every((round) => round[0] === 401)).toBe(true);
    expect(rounds.at(-1)).toEqual([401, 429, 429, 429, 429]);
    const [counted] = await ctx.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(loginFailures)
      .where(
        and(
          eq(loginFailures.email, ADMIN.email),
          sql`${loginFailures.failed_at} > now() - interval '1 hour'`,
        ),
      );
    expect(counted?.n).toBeGreaterThanOrEqual(LOGIN_LIMITS.perEmailCeiling);
    // A clean address still gets in with the right password...
    expect((await login("127.0.0.13", ADMIN.password)).status).toBe(200);
    // ...and a clean address gets one wrong try, then waits out the hour.
    expect((await login("127.0.0.14", "wrong")).status).toBe(401);
    const retryAfter = expectRefused(
      await login("127.0.0.14", ADMIN.password),
      LOGIN_LIMITS.ceilingWindowMinutes * 60,
    );
    expect(retryAfter).toBeGreaterThan(LOGIN_LIMITS.windowMinutes * 60);
  });
});
