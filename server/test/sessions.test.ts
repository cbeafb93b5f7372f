/**
 * Sessions a person can see and end (server/src/auth/sessions.ts), over HTTP
 * on a real database: their own, and anyone's with staff:manage.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { browserOf } from "../src/auth/browsers";
import { auditLog, sessions } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { createStaff, type StaffMember } from "./staff.fixtures";

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const CHROME =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

let ctx: TestContext;
let person: StaffMember;
beforeAll(async () => {
  ctx = await createTestContext();
  person = await createStaff(ctx, ["catalog:view"]);
});
afterAll(() => ctx.close());

/** A login from a browser of its own; answers the session's cookie. */
async function signIn(who: { email: string; password: string }, userAgent: string) {
  const res = await ctx.app.inject({
    method: "POST",
    url: "/api/login",
    headers: { "user-agent": userAgent },
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode, res.body).toBe(200);
  return `sid=${res.cookies.find((c) => c.name === "sid")?.value}`;
}
const as = (cookie: string, method: string, url: string) =>
  ctx.app.inject({ method: method as "GET", url, headers: { cookie } });
type Listed = {
  session_id: number;
  current: boolean;
  browser: string;
  system: string;
  address: string;
};

describe("browserOf", () => {
  it("names the browser and its system in short, and nothing for an unknown agent", () => {
    expect(browserOf(FIREFOX)).toEqual({ browser: "Firefox", system: "Windows" });
    expect(browserOf(CHROME)).toEqual({ browser: "Chrome", system: "Linux" });
    expect(
      browserOf(
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
      ),
    ).toEqual({ browser: "Edge", system: "Windows" });
    expect(
      browserOf(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ browser: "Safari", system: "iOS" });
    expect(browserOf("curl/8.5.0")).toEqual({ browser: "", system: "" });
    expect(browserOf("")).toEqual({ browser: "", system: "" });
  });
});

describe("the caller's own sessions", () => {
  it("lists both logins with started, last seen, address and browser; this one marked current; no token", async () => {
    const one = await signIn(person, FIREFOX);
    const two = await signIn(person, CHROME);
    const res = await as(one, "GET", "/api/me/sessions");
    expect(res.statusCode, res.body).toBe(200);
    const listed: Listed[] = res.json();
    const mine = listed.find((s) => s.current);
    expect(mine).toMatchObject({ browser: "Firefox", system: "Windows", address: "127.0.0.1" });
    expect(listed.filter((s) => s.current)).toHaveLength(1);
    expect(listed.map((s) => `${s.browser}/${s.system}`)).toContain("Chrome/Linux");
    expect(res.body).not.toContain("token");
    for (const s of listed)
      expect(Object.keys(s).sort()).toEqual([
        "address",
        "browser",
        "current",
        "last_seen_at",
        "session_id",
        "started_at",
        "system",
      ]);
    // The other session sees itself as current.
    const fromTwo: Listed[] = (await as(two, "GET", "/api/me/sessions")).json();
    expect(fromTwo.find((s) => s.current)?.browser).toBe("Chrome");
  });

  it("does not list a login still owing its authenticator code, an expired session, or another person's", async () => {
    const cookie = await signIn(person, FIREFOX);
    await ctx.db.insert(sessions).values([
      {
        token_hash: `pending-${Date.now()}`,
        user_id: person.user_id,
        expires_at: "2999-01-01 00:00:00",
        totp_pending: true,
      },
      {
        token_hash: `expired-${Date.now()}`,
        user_id: person.user_id,
        expires_at: "2000-01-01 00:00:00",
      },
    ]);
    const ids = (await as(cookie, "GET", "/api/me/sessions"))
      .json()
      .map((s: Listed) => s.session_id);
    const rows = await ctx.db.select().from(sessions).where(eq(sessions.user_id, person.user_id));
    const hidden = rows
      .filter((r) => r.totp_pending || r.expires_at < "2001")
      .map((r) => r.session_id);
    expect(hidden).toHaveLength(2);
    for (const id of hidden) expect(ids).not.toContain(id);
    const adminsOwn = (await ctx.call("GET", "/api/me/sessions"))
      .json()
      .map((s: Listed) => s.session_id);
    for (const id of ids) expect(adminsOwn).not.toContain(id);
  });

  it("signs out one: its next call is 401, the caller's goes on, the end is audited", async () => {
    const keep = await signIn(person, FIREFOX);
    const other = await signIn(person, CHROME);
    const otherId = ((await as(other, "GET", "/api/me/sessions")).json() as Listed[]).find(
      (s) => s.current,
    )?.session_id;
    const res = await as(keep, "DELETE", `/api/me/sessions/${otherId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ended: 1 });
    expect((await as(other, "GET", "/api/me")).statusCode).toBe(401);
    expect((await as(keep, "GET", "/api/me")).statusCode).toBe(200);
    const audit = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "Session"), eq(auditLog.action, "logout")));
    expect(audit.some((a) => JSON.stringify(a.after).includes(`[${otherId}]`))).toBe(true);
    // Gone: signing it out again is 404.
    expect((await as(keep, "DELETE", `/api/me/sessions/${otherId}`)).statusCode).toBe(404);
  });

  it("cannot end another person's session through /me (404, it lives on)", async () => {
    const mine = await signIn(person, FIREFOX);
    const admins = (await ctx.call("GET", "/api/me/sessions")).json() as Listed[];
    const adminSession = admins.find((s) => s.current)?.session_id;
    expect((await as(mine, "DELETE", `/api/me/sessions/${adminSession}`)).statusCode).toBe(404);
    expect((await ctx.call("GET", "/api/me")).statusCode).toBe(200);
    expect((await as(mine, "DELETE", "/api/me/sessions/abc")).statusCode).toBe(404);
  });

  it("signs out everywhere else: every other session ends, this one stays", async () => {
    const others = [await signIn(person, CHROME), await signIn(person, CHROME)];
    const keep = await signIn(person, FIREFOX);
    const res = await as(keep, "DELETE", "/api/me/sessions");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ended).toBeGreaterThanOrEqual(2);
    for (const cookie of others) expect((await as(cookie, "GET", "/api/me")).statusCode).toBe(401);
    const left: Listed[] = (await as(keep, "GET", "/api/me/sessions")).json();
    expect(left).toHaveLength(1);
    expect(left[0]?.current).toBe(true);
    // Nothing else to end: 0, and no audit row for nothing.
    const before = await ctx.db.$count(auditLog);
    expect((await as(keep, "DELETE", "/api/me/sessions")).json().ended).toBe(0);
    expect(await ctx.db.$count(auditLog)).toBe(before);
  });
});

describe("anyone's sessions, for holders of staff:manage", () => {
  it("needs staff:manage: 403 forbidden, nothing ended", async () => {
    const target = await signIn(person, CHROME);
    const clerk = await createStaff(ctx, ["members:manage"]);
    for (const [method, url] of [
      ["GET", `/api/users/${person.user_id}/sessions`],
      ["DELETE", `/api/users/${person.user_id}/sessions`],
      ["DELETE", `/api/users/${person.user_id}/sessions/1`],
    ] as const) {
      const res = await clerk.call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json()).toMatchObject({ code: "forbidden", permission: "staff:manage" });
    }
    expect((await as(target, "GET", "/api/me")).statusCode).toBe(200);
  });

  it("lists a person's sessions, signs out one, then all; an unknown person is 404", async () => {
    const manager = await createStaff(ctx, ["staff:manage"]);
    const first = await signIn(person, FIREFOX);
    const second = await signIn(person, CHROME);
    const listed = await manager.call("GET", `/api/users/${person.user_id}/sessions`);
    expect(listed.statusCode, listed.body).toBe(200);
    const rows: Listed[] = listed.json();
    expect(rows.every((s) => !s.current)).toBe(true);
    const secondId = ((await as(second, "GET", "/api/me/sessions")).json() as Listed[]).find(
      (s) => s.current,
    )?.session_id;
    expect(rows.map((s) => s.session_id)).toContain(secondId);
    const one = await manager.call("DELETE", `/api/users/${person.user_id}/sessions/${secondId}`);
    expect(one.json()).toMatchObject({ ended: 1 });
    expect((await as(second, "GET", "/api/me")).statusCode).toBe(401);
    expect((await as(first, "GET", "/api/me")).statusCode).toBe(200);
    // A session of someone else named under this person: 404, it lives on.
    const managerOwn = ((await manager.call("GET", "/api/me/sessions")).json() as Listed[])[0];
    const wrong = await manager.call(
      "DELETE",
      `/api/users/${person.user_id}/sessions/${managerOwn?.session_id}`,
    );
    expect(wrong.statusCode).toBe(404);
    const all = await manager.call("DELETE", `/api/users/${person.user_id}/sessions`);
    expect(all.statusCode).toBe(200);
    expect((await as(first, "GET", "/api/me")).statusCode).toBe(401);
    expect((await manager.call("GET", `/api/users/${person.user_id}/sessions`)).json()).toEqual([]);
    expect((await manager.call("GET", "/api/users/999999/sessions")).statusCode).toBe(404);
    expect((await manager.call("DELETE", "/api/users/999999/sessions")).statusCode).toBe(404);
    // The manager's own session survives "all" of their own record.
    const self = await manager.call("DELETE", `/api/users/${manager.user_id}/sessions`);
    expect(self.statusCode).toBe(200);
    expect((await manager.call("GET", "/api/me")).statusCode).toBe(200);
  });

  it("the admin sees the same list (an Admin holds staff:manage)", async () => {
    await signIn(person, FIREFOX);
    const res = await ctx.call("GET", `/api/users/${person.user_id}/sessions`);
    expect(res.statusCode).toBe(200);
    expect(res.json().length).toBeGreaterThan(0);
  });
});
