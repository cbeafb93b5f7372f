/**
 * Authenticator-code guesses per account, whatever the address
 * (auth/codeGuesses.ts, docs/decisions/two-step-login.md): a thief who has the
 * password guesses six digits from many addresses, each within the login
 * throttle's per-address limits. Over real sockets from several loopback
 * source addresses (every 127.x.y.z is this machine), as login-throttle.test.ts.
 */
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CODE_GUESS_LIMIT } from "../src/auth/codeGuesses";
import { LOGIN_LIMITS } from "../src/auth/throttle";
import { totpLocks } from "../src/db/schema";
import { createTestContext, login, type TestContext } from "./helpers";
import { unique, userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;
let port: number;
beforeAll(async () => {
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx?.close());

interface Answer {
  status: number;
  body: Record<string, unknown>;
  cookie: string;
}

/** One call from a chosen local source address, on a fresh connection. */
function send(
  path: string,
  payload: unknown,
  options: { from: string; cookie?: string; method?: string },
): Promise<Answer> {
  const body = payload === undefined ? "" : JSON.stringify(payload);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: options.method ?? "POST",
        localAddress: options.from,
        agent: false,
        headers: {
          ...(body ? { "content-type": "application/json" } : {}),
          "content-length": Buffer.byteLength(body),
          ...(options.cookie ? { cookie: options.cookie } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => {
          const set = [res.headers["set-cookie"] ?? []].flat().find((c) => c.startsWith("sid="));
          resolve({
            status: res.statusCode ?? 0,
            body: text ? JSON.parse(text) : {},
            cookie: set ? (set.split(";")[0] ?? "") : "",
          });
        });
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const codeAt = (secret: string, at: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
/** The code an authenticator shows a step from now: later than any step spent so far. */
const nextCode = (secret: string) => codeAt(secret, Date.now() + 30_000);
/** A code that is none of the steps accepted around now. */
function wrongCode(secret: string): string {
  const near = new Set([-1, 0, 1, 2].map((k) => codeAt(secret, Date.now() + k * 30_000)));
  let guess = 123456;
  while (near.has(String(guess).padStart(6, "0"))) guess++;
  return String(guess).padStart(6, "0");
}

/** An Admin with two-step login on: their e-mail, password, secret and recovery codes. */
async function enrolledAdmin() {
  await stepUp(ctx);
  const password = `Guesses#${unique()}`;
  const created = await ctx.call("POST", "/api/users", userForm({ role: "Admin", password }));
  expect(created.statusCode, created.body).toBe(201);
  const { user_id, email } = created.json() as { user_id: number; email: string };
  const cookie = await login(ctx.app, { email, password });
  await stepUp(ctx, cookie, password);
  const started = await ctx.app.inject({
    method: "POST",
    url: "/api/me/totp",
    headers: { cookie },
  });
  const { secret } = started.json() as { secret: string };
  const confirmed = await ctx.app.inject({
    method: "POST",
    url: "/api/me/totp/confirm",
    headers: { cookie },
    payload: { code: codeAt(secret, Date.now()) },
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return {
    user_id,
    email,
    password,
    secret,
    recovery: confirmed.json().recovery_codes as string[],
  };
}

/** The right password from `from`: a login that owes its code (the pending cookie). */
async function passwordStep(person: { email: string; password: string }, from: string) {
  const res = await send(
    "/api/login",
    { email: person.email, password: person.password },
    { from },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.totp_required).toBe(true);
  return res.cookie;
}

describe("authenticator-code guesses per account", () => {
  it("locks two-step login after 100 wrong codes an hour from many addresses; the 101st is refused even when right, until an Admin unlocks it", async () => {
    const person = await enrolledAdmin();
    const pending = await passwordStep(person, "127.0.34.1");
    // Within the throttle's limits at every address: 5 wrong codes each from 20 addresses.
    const perAddress = LOGIN_LIMITS.perEmailAndAddress;
    const addresses = CODE_GUESS_LIMIT.perHour / perAddress;
    expect(addresses * perAddress).toBe(100);
    for (let a = 0; a < addresses; a++) {
      for (let i = 0; i < perAddress; i++) {
        const guess = await send(
          "/api/login/totp",
          { code: wrongCode(person.secret) },
          { from: `127.0.35.${a + 1}`, cookie: pending },
        );
        expect(guess.status, JSON.stringify(guess.body)).toBe(401);
        expect(guess.body.code).toBe("totp_invalid");
      }
    }
    // The 101st, from a new address, with the right code: refused, and said why.
    const right = await send(
      "/api/login/totp",
      { code: nextCode(person.secret) },
      { from: "127.0.36.1", cookie: pending },
    );
    expect(right.status, JSON.stringify(right.body)).toBe(423);
    expect(right.body).toMatchObject({
      code: "totp_locked",
      message:
        "Two-step login for this account is locked after too many wrong codes. Sign in with a recovery code, or ask an Admin to unlock it.",
    });
    // A fresh login does not free it.
    const again = await passwordStep(person, "127.0.36.2");
    const still = await send(
      "/api/login/totp",
      { code: nextCode(person.secret) },
      { from: "127.0.36.2", cookie: again },
    );
    expect(still.status).toBe(423);

    // An Admin unlocks it (a holder of staff:manage, with a fresh proof of their own).
    const admin = await login(ctx.app);
    const unproven = await ctx.app.inject({
      method: "POST",
      url: `/api/users/${person.user_id}/totp/unlock`,
      headers: { cookie: admin },
    });
    expect(unproven.statusCode).toBe(403);
    expect(unproven.json().code).toBe("step_up_required");
    await stepUp(ctx, admin);
    const unlocked = await ctx.app.inject({
      method: "POST",
      url: `/api/users/${person.user_id}/totp/unlock`,
      headers: { cookie: admin },
    });
    expect(unlocked.statusCode, unlocked.body).toBe(200);
    const twice = await ctx.app.inject({
      method: "POST",
      url: `/api/users/${person.user_id}/totp/unlock`,
      headers: { cookie: admin },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("totp_not_locked");

    const signedIn = await send(
      "/api/login/totp",
      { code: nextCode(person.secret) },
      { from: "127.0.36.3", cookie: again },
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    expect(signedIn.body.email).toBe(person.email);
  });

  it("lets a recovery code sign in while locked, and that frees the lock", async () => {
    const person = await enrolledAdmin();
    await ctx.db.insert(totpLocks).values({ user_id: person.user_id });
    const pending = await passwordStep(person, "127.0.37.1");
    const code = await send(
      "/api/login/totp",
      { code: nextCode(person.secret) },
      { from: "127.0.37.1", cookie: pending },
    );
    expect(code.status).toBe(423);
    const recovered = await send(
      "/api/login/totp",
      { code: person.recovery[0] },
      { from: "127.0.37.1", cookie: pending },
    );
    expect(recovered.status, JSON.stringify(recovered.body)).toBe(200);
    expect(
      await ctx.db.select().from(totpLocks).where(eq(totpLocks.user_id, person.user_id)),
    ).toEqual([]);
    const next = await passwordStep(person, "127.0.37.2");
    const signedIn = await send(
      "/api/login/totp",
      { code: nextCode(person.secret) },
      { from: "127.0.37.2", cookie: next },
    );
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
  });
});
