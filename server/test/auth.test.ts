import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("POST /api/login", () => {
  it("answers the admin data with status 200 and an HttpOnly session cookie, never the hash", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/login", payload: ADMIN });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 200,
      email: ADMIN.email,
      role: "Admin",
      username: "admin",
    });
    expect(res.body).not.toMatch(/scrypt|password/i);
    const cookie = res.cookies.find((c) => c.name === "sid");
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe("Lax");
    expect(cookie?.maxAge).toBe(36_000);
  });

  it("answers 401 with a message for a wrong password or an unknown e-mail", async () => {
    for (const payload of [
      { email: ADMIN.email, password: "wrong" },
      { email: "nobody@store.my", password: ADMIN.password },
    ]) {
      const res = await ctx.app.inject({ method: "POST", url: "/api/login", payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, message: expect.any(String) });
    }
  });

  it("limits failed logins per e-mail and address with a plain 429 and Retry-After", async () => {
    const email = "target@store.my";
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/login",
        payload: { email, password: "x" },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    const blocked = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email, password: "x" },
    });
    expect(blocked.json()).toMatchObject({
      status: 429,
      message: expect.stringMatching(/try again/),
    });
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("does not lock the admin out of other addresses (docs/decisions/login-throttling.md)", async () => {
    const from = (remoteAddress: string, password: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/login",
        remoteAddress,
        payload: { email: ADMIN.email, password },
      });
    for (let i = 0; i < 5; i++) expect((await from("192.0.2.10", "wrong")).statusCode).toBe(401);
    expect((await from("192.0.2.10", ADMIN.password)).statusCode).toBe(429);
    expect((await from("192.0.2.11", ADMIN.password)).statusCode).toBe(200);
  });
});

describe("sessions", () => {
  it("lets a session call the API and ends it server-side on logout", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/login", payload: ADMIN });
    const cookie = `sid=${res.cookies.find((c) => c.name === "sid")?.value}`;
    expect(
      (await ctx.app.inject({ method: "GET", url: "/api/brands", headers: { cookie } })).statusCode,
    ).toBe(200);
    const out = await ctx.app.inject({
      method: "POST",
      url: "/api/logoutAdmin",
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    const after = await ctx.app.inject({ method: "GET", url: "/api/brands", headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ status: 401, message: expect.any(String) });
  });

  it("refuses a forged cookie", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/brands",
      headers: { cookie: "sid=forged" },
    });
    expect(res.statusCode).toBe(401);
  });

  it("checks the current password through loginAdmin", async () => {
    const ok = await ctx.call("POST", "/api/loginAdmin", { currentPassword: ADMIN.password });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().status).toBe(200);
    const bad = await ctx.call("POST", "/api/loginAdmin", { currentPassword: "nope" });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toMatchObject({ status: 401, message: "Invalid Password." });
  });
});

describe("GET /api/health", () => {
  it("answers 200 without a session", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
  });
});
