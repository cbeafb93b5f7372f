/**
 * Two-step login (issue 22; docs/decisions/two-step-login.md), over HTTP on
 * both databases: enrolment, login with an authenticator code or a recovery
 * code (each good once), wrong codes counted with the login limit, the
 * pending login that is no session, the step-up with a code, the step-up
 * before a provider's keys change, and the store's rule that Admins and
 * payout managers use it.
 */
import type { Permission } from "@store/contract";
import { and, eq, sql } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { LOGIN_LIMITS } from "../src/auth/throttle";
import {
  auditLog,
  paymentMethods,
  permissionGroups,
  recoveryCodes,
  sessions,
  settings,
  socialLogins,
  userGroups,
  users,
} from "../src/db/schema";
import { ADMIN, createTestContext, login, type TestContext } from "./helpers";
import { unique, userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

// Codes belong to 30-second steps: the test holds the clock (Date only) and
// moves it a step at a time, so a code is never spent twice by accident nor
// crosses a step boundary while a request is under way.
let clock = 0;
function holdClock() {
  clock = Math.floor(Date.now() / 30_000) * 30_000 + 1_000;
  vi.useFakeTimers({ toFake: ["Date"], now: clock });
}
function nextStep() {
  clock += 30_000;
  vi.setSystemTime(clock);
}
afterEach(() => {
  vi.useRealTimers();
});

/** The code an authenticator app shows now for this secret (the same library, RFC 6238). */
function codeOf(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}

interface Person {
  user_id: number;
  email: string;
  password: string;
  cookie: string;
}

/** inject() with a cookie (and a client address, for the login limit's counts). */
function callAs(
  cookie: string,
  method: string,
  url: string,
  payload?: object,
  remoteAddress = "127.0.0.1",
) {
  return ctx.app.inject({
    method: method as "GET",
    url,
    remoteAddress,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
  const sid = res.cookies.find((c) => c.name === "sid");
  return sid ? `sid=${sid.value}` : "";
};

/** A new active account of `role`, created by the admin, logged in. */
async function newPerson(role: "Admin" | "Staff" = "Admin"): Promise<Person> {
  await stepUp(ctx);
  const password = `Two-step#${unique()}`;
  const res = await ctx.call("POST", "/api/users", userForm({ role, password }));
  expect(res.statusCode, res.body).toBe(201);
  const { user_id, email } = res.json() as { user_id: number; email: string };
  const cookie = await login(ctx.app, { email, password });
  return { user_id, email, password, cookie };
}

/** Two-step login set up the way the profile does it: step-up, start, a code, on. */
async function enrol(person: Person): Promise<{ secret: string; codes: string[] }> {
  await stepUp(ctx, person.cookie, person.password);
  const started = await callAs(person.cookie, "POST", "/api/me/totp");
  expect(started.statusCode, started.body).toBe(200);
  const { secret } = started.json() as { secret: string };
  const confirmed = await callAs(person.cookie, "POST", "/api/me/totp/confirm", {
    code: codeOf(secret),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { secret, codes: confirmed.json().recovery_codes };
}

/** POST /api/login: the answer and the cookie it set. */
async function passwordStep(person: Person, remoteAddress = "127.0.0.1") {
  const res = await callAs(
    "",
    "POST",
    "/api/login",
    { email: person.email, password: person.password },
    remoteAddress,
  );
  return { res, cookie: cookieOf(res) };
}

describe("enrolment (POST /api/me/totp, /confirm)", () => {
  it("needs a step-up, then answers a secret and its otpauth address named by the store", async () => {
    holdClock();
    const person = await newPerson();
    const refused = await callAs(person.cookie, "POST", "/api/me/totp");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("step_up_required");
    const [before] = await ctx.db
      .select({ pending: users.totp_pending_secret })
      .from(users)
      .where(eq(users.user_id, person.user_id));
    expect(before?.pending).toBeNull();

    await stepUp(ctx, person.cookie, person.password);
    const started = await callAs(person.cookie, "POST", "/api/me/totp");
    expect(started.statusCode, started.body).toBe(200);
    const { secret, otpauth_url } = started.json() as { secret: string; otpauth_url: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const [store] = await ctx.db.select({ name: settings.store_name }).from(settings);
    const url = new URL(otpauth_url);
    expect(url.protocol).toBe("otpauth:");
    expect(url.searchParams.get("secret")).toBe(secret);
    expect(url.searchParams.get("issuer")).toBe(store?.name);
    expect(decodeURIComponent(url.pathname)).toContain(person.email);

    // Not on until a code confirms it: the login asks no code yet.
    const me = await callAs(person.cookie, "GET", "/api/me");
    expect(me.json().totp_enabled).toBe(false);
    const wrong = await callAs(person.cookie, "POST", "/api/me/totp/confirm", { code: "000000" });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("totp_invalid");
    expect((await passwordStep(person)).res.json().totp_required).toBeUndefined();

    const confirmed = await callAs(person.cookie, "POST", "/api/me/totp/confirm", {
      code: codeOf(secret),
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const codes = confirmed.json().recovery_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-7]{4}(-[A-Z2-7]{4}){3}$/);

    // Kept hashed: no stored row holds a code.
    const stored = await ctx.db
      .select({ hash: recoveryCodes.code_hash })
      .from(recoveryCodes)
      .where(eq(recoveryCodes.user_id, person.user_id));
    expect(stored).toHaveLength(10);
    for (const code of codes) {
      expect(stored.map((s) => s.hash)).not.toContain(code);
      expect(stored.map((s) => s.hash)).not.toContain(code.replaceAll("-", ""));
    }
    expect((await callAs(person.cookie, "GET", "/api/me")).json().totp_enabled).toBe(true);
    const again = await callAs(person.cookie, "POST", "/api/me/totp");
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("totp_already_on");

    // The trail says it was turned on, never the secret or a code.
    const trail = await ctx.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "User"), eq(auditLog.entity_id, String(person.user_id))));
    expect(trail.map((row) => row.after)).toContainEqual({ two_step_login: "On" });
    const written = JSON.stringify(await ctx.db.select().from(auditLog));
    expect(written).not.toContain(secret);
    for (const code of codes) expect(written).not.toContain(code);
  });
});

describe("login with two-step login on", () => {
  it("answers totp_required and a pending login that is no session until the code", async () => {
    holdClock();
    const person = await newPerson();
    const { secret } = await enrol(person);
    nextStep();

    const { res, cookie: pending } = await passwordStep(person);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, totp_required: true });
    expect(pending).not.toBe("");
    // The pending cookie opens nothing.
    expect((await callAs(pending, "GET", "/api/me")).statusCode).toBe(401);
    expect(
      (await callAs(pending, "POST", "/api/stepUp", { password: person.password })).statusCode,
    ).toBe(401);

    const wrong = await callAs(pending, "POST", "/api/login/totp", { code: "123456" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("totp_invalid");
    const [failed] = await ctx.db
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "Session"),
          eq(auditLog.entity_id, String(person.user_id)),
          eq(auditLog.action, "login_failed"),
        ),
      );
    expect(failed?.after).toMatchObject({ check: "totp" });

    const code = codeOf(secret);
    const passed = await callAs(pending, "POST", "/api/login/totp", { code });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(passed.json()).toMatchObject({ status: 200, email: person.email, totp_enabled: true });
    const session = cookieOf(passed);
    expect(session).not.toBe(pending);
    expect((await callAs(session, "GET", "/api/me")).statusCode).toBe(200);
    // The pending login is spent: its cookie cannot give a code again.
    const reused = await callAs(pending, "POST", "/api/login/totp", { code });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe("login_expired");

    // The same code again, on a new login, is refused: a code is good once.
    const second = await passwordStep(person);
    const replay = await callAs(second.cookie, "POST", "/api/login/totp", { code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("totp_invalid");
    // One step later the next code works (and one step of drift either way).
    const drift = await callAs(second.cookie, "POST", "/api/login/totp", {
      code: codeOf(secret, clock + 30_000),
    });
    expect(drift.statusCode, drift.body).toBe(200);
  });

  it("takes a recovery code once, typed with or without its dashes", async () => {
    holdClock();
    const person = await newPerson();
    const { codes } = await enrol(person);
    const [first = "", second = ""] = codes;

    const one = await passwordStep(person);
    const typed = ` ${first.toLowerCase().replaceAll("-", " ")} `;
    const used = await callAs(one.cookie, "POST", "/api/login/totp", { code: typed });
    expect(used.statusCode, used.body).toBe(200);

    const two = await passwordStep(person);
    const again = await callAs(two.cookie, "POST", "/api/login/totp", { code: first });
    expect(again.statusCode).toBe(401);
    const other = await callAs(two.cookie, "POST", "/api/login/totp", { code: second });
    expect(other.statusCode, other.body).toBe(200);
    const spent = await ctx.db
      .select({ n: sql<number>`count(*)::int` })
      .from(recoveryCodes)
      .where(
        and(eq(recoveryCodes.user_id, person.user_id), sql`${recoveryCodes.used_at} is not null`),
      );
    expect(spent[0]?.n).toBe(2);
  });

  it("counts wrong codes toward the login limit; the password again forgives none", async () => {
    holdClock();
    const person = await newPerson();
    const { secret } = await enrol(person);
    nextStep();
    const from = "10.22.0.7";
    const limit = LOGIN_LIMITS.perEmailAndAddress;

    const first = await passwordStep(person, from);
    for (let i = 0; i < limit - 1; i++) {
      const res = await callAs(first.cookie, "POST", "/api/login/totp", { code: "000000" }, from);
      expect(res.statusCode).toBe(401);
    }
    // The right password again starts a new pending login but wipes no failure.
    const second = await passwordStep(person, from);
    expect(second.res.json().totp_required).toBe(true);
    const last = await callAs(second.cookie, "POST", "/api/login/totp", { code: "000000" }, from);
    expect(last.statusCode).toBe(401);
    // Over the limit: even the right code waits.
    const refused = await callAs(
      second.cookie,
      "POST",
      "/api/login/totp",
      { code: codeOf(secret) },
      from,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await passwordStep(person, from)).res.statusCode).toBe(429);
    // Another address is not held back by this one's failures.
    const elsewhere = await passwordStep(person, "10.22.0.8");
    const passed = await callAs(
      elsewhere.cookie,
      "POST",
      "/api/login/totp",
      { code: codeOf(secret) },
      "10.22.0.8",
    );
    expect(passed.statusCode, passed.body).toBe(200);
  });

  it("lets a pending login wait 5 minutes, no longer", async () => {
    holdClock();
    const person = await newPerson();
    const { secret } = await enrol(person);
    nextStep();
    const { cookie } = await passwordStep(person);
    const [row] = await ctx.db
      .select({
        lifetime: sql<number>`extract(epoch from ${sessions.expires_at} - ${sessions.created_at})::int`,
      })
      .from(sessions)
      .where(and(eq(sessions.user_id, person.user_id), eq(sessions.totp_pending, true)));
    expect(row?.lifetime).toBeLessThanOrEqual(300);
    expect(row?.lifetime).toBeGreaterThanOrEqual(299);
    await ctx.db
      .update(sessions)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(and(eq(sessions.user_id, person.user_id), eq(sessions.totp_pending, true)));
    const late = await callAs(cookie, "POST", "/api/login/totp", { code: codeOf(secret) });
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe("login_expired");
  });
});

describe("step-up with a code, and turning two-step login off", () => {
  it("takes a current code or the password; turning off needs it", async () => {
    holdClock();
    const person = await newPerson();
    const { secret, codes } = await enrol(person);
    nextStep();
    // A fresh login: logging in is no step-up.
    const { cookie: pending } = await passwordStep(person);
    const res = await callAs(pending, "POST", "/api/login/totp", { code: codeOf(secret) });
    const session = cookieOf(res);

    const refused = await callAs(session, "DELETE", "/api/me/totp");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("step_up_required");

    const wrong = await callAs(session, "POST", "/api/stepUp", { code: "999999" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("totp_invalid");
    // The code the login spent is spent for the step-up too.
    const replay = await callAs(session, "POST", "/api/stepUp", { code: codeOf(secret) });
    expect(replay.statusCode).toBe(401);
    nextStep();
    const good = await callAs(session, "POST", "/api/stepUp", { code: codeOf(secret) });
    expect(good.statusCode, good.body).toBe(200);

    const off = await callAs(session, "DELETE", "/api/me/totp");
    expect(off.statusCode, off.body).toBe(200);
    expect((await callAs(session, "GET", "/api/me")).json().totp_enabled).toBe(false);
    const left = await ctx.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.user_id, person.user_id));
    expect(left).toHaveLength(0);
    // Off: the password alone logs in again, and no recovery code is a proof.
    expect((await passwordStep(person)).res.json().totp_required).toBeUndefined();
    const byOldCode = await callAs(session, "POST", "/api/stepUp", { code: codes[0] });
    expect(byOldCode.statusCode).toBe(401);
  });

  it("DELETE users/{id}/totp: staff:manage turns off a person's two-step login after a step-up", async () => {
    holdClock();
    const person = await newPerson("Staff");
    await enrol(person);
    const url = `/api/users/${person.user_id}/totp`;
    // Another person without staff:manage: refused before anything else.
    const clerk = await newPerson("Staff");
    expect((await callAs(clerk.cookie, "DELETE", url)).statusCode).toBe(403);
    // The admin without a fresh proof: refused, still on.
    await ctx.db.update(sessions).set({ step_up_at: null }).where(eq(sessions.user_id, 1));
    const unproven = await ctx.call("DELETE", url);
    expect(unproven.statusCode).toBe(403);
    expect(unproven.json().code).toBe("step_up_required");
    expect((await passwordStep(person)).res.json().totp_required).toBe(true);

    await stepUp(ctx);
    const off = await ctx.call("DELETE", url);
    expect(off.statusCode, off.body).toBe(200);
    expect((await passwordStep(person)).res.json().totp_required).toBeUndefined();
    const left = await ctx.db
      .select()
      .from(recoveryCodes)
      .where(eq(recoveryCodes.user_id, person.user_id));
    expect(left).toHaveLength(0);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "User"), eq(auditLog.entity_id, String(person.user_id))))
      .orderBy(sql`${auditLog.audit_id} desc`)
      .limit(1);
    expect(audit?.after).toEqual({ two_step_login: "Off" });
    // Not on any more: said so; an unknown person is a 404.
    expect((await ctx.call("DELETE", url)).json().code).toBe("totp_not_on");
    expect((await ctx.call("DELETE", "/api/users/999999/totp")).statusCode).toBe(404);
  });

  it("takes the password when two-step login is on", async () => {
    holdClock();
    const person = await newPerson();
    await enrol(person);
    const session = await callAs(person.cookie, "POST", "/api/stepUp", {
      password: person.password,
    });
    expect(session.statusCode, session.body).toBe(200);
  });
});

describe("a provider's keys change only after a step-up", () => {
  /** A session with no step-up yet (the admin's own context has given one). */
  const freshAdmin = () => login(ctx.app, ADMIN);

  it("PUT paymentMethods/1: a new secret key is 403 step_up_required and nothing is written", async () => {
    await stepUp(ctx);
    const baseline = {
      secret_key: `sk_test_${unique()}`,
      publish_key: "pk_test_baseline",
      gateway_uri: "https://pay.example.my/checkout",
      method_status: 1,
    };
    const set = await ctx.call("PUT", "/api/paymentMethods/1", baseline);
    expect(set.statusCode, set.body).toBe(200);
    const cookie = await freshAdmin();
    const [before] = await ctx.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.method_id, 1));
    const trail = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const body = { ...baseline, secret_key: `sk_live_${unique()}` };
    const refused = await callAs(cookie, "PUT", "/api/paymentMethods/1", body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("step_up_required");
    const [after] = await ctx.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.method_id, 1));
    expect(after).toEqual(before);
    const trailAfter = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect(trailAfter[0]?.n).toBe(trail[0]?.n);

    // Another address for the gateway is refused alike.
    const current = (await callAs(cookie, "GET", "/api/paymentMethodsId/1")).json();
    const moved = await callAs(cookie, "PUT", "/api/paymentMethods/1", {
      ...body,
      secret_key: current.secret_key,
      gateway_uri: "https://elsewhere.example.com/pay",
    });
    expect(moved.statusCode).toBe(403);

    // The switch alone (the mask sent back, the rest as it is) needs no proof.
    const toggled = await callAs(cookie, "PUT", "/api/paymentMethods/1", {
      secret_key: current.secret_key,
      publish_key: current.publish_key,
      gateway_uri: current.gateway_uri,
      method_status: current.method_status === 1 ? 0 : 1,
    });
    expect(toggled.statusCode, toggled.body).toBe(200);

    await stepUp(ctx, cookie);
    const saved = await callAs(cookie, "PUT", "/api/paymentMethods/1", body);
    expect(saved.statusCode, saved.body).toBe(200);
    const [changed] = await ctx.db
      .select({ secret_key: paymentMethods.secret_key })
      .from(paymentMethods)
      .where(eq(paymentMethods.method_id, 1));
    expect(changed?.secret_key).toBe(body.secret_key);
  });

  it("PUT socialLogins/:id: a new client ID or secret needs it too", async () => {
    const cookie = await freshAdmin();
    const [before] = await ctx.db.select().from(socialLogins).where(eq(socialLogins.social_id, 1));
    if (!before) throw new Error("social login 1 missing");
    const body = {
      id_key: `id-${unique()}.apps.example.com`,
      secret_key: `GOCSPX-${unique()}`,
      social_uri: "https://shop.example.my/auth/callback",
      social_status: 1,
    };
    const refused = await callAs(cookie, "PUT", "/api/socialLogins/1", body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("step_up_required");
    const [after] = await ctx.db.select().from(socialLogins).where(eq(socialLogins.social_id, 1));
    expect(after).toEqual(before);
    await stepUp(ctx, cookie);
    const saved = await callAs(cookie, "PUT", "/api/socialLogins/1", body);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().id_key).toBe(body.id_key);
  });
});

describe("the store's rule: Admins and payout managers use two-step login", () => {
  afterAll(async () => {
    await ctx.db.update(settings).set({ totp_required: 0 });
  });

  /** A Staff member holding one group of `permissions` (the group written straight to the store). */
  async function staffWith(permissions: Permission[]): Promise<Person> {
    const person = await newPerson("Staff");
    const [group] = await ctx.db
      .insert(permissionGroups)
      .values({ name: unique("group"), permissions })
      .returning({ group_id: permissionGroups.group_id });
    await ctx.db
      .insert(userGroups)
      .values({ user_id: person.user_id, group_id: group?.group_id ?? 0 });
    return { ...person, cookie: await login(ctx.app, person) };
  }

  it("leaves them only their profile and session until they set it up", async () => {
    holdClock();
    const admin = await newPerson();
    const payouts = await staffWith(["payouts:manage"]);
    const clerk = await staffWith(["catalog:manage"]);
    await ctx.db.update(settings).set({ totp_required: 1 });

    for (const person of [admin, payouts]) {
      const answer = (await passwordStep(person)).res.json();
      expect(answer.totp_enrolment_required).toBe(true);
      const refused = await callAs(person.cookie, "GET", "/api/withdrawRequest");
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe("totp_enrolment_required");
      expect((await callAs(person.cookie, "GET", "/api/me")).statusCode).toBe(200);
    }
    // A clerk who cannot pay out is not asked.
    const clerkAnswer = (await passwordStep(clerk)).res.json();
    expect(clerkAnswer, JSON.stringify(clerkAnswer)).toMatchObject({
      totp_enrolment_required: false,
    });
    expect((await callAs(clerk.cookie, "GET", "/api/products")).statusCode).toBe(200);

    // Set up on the profile: everything answers again.
    await enrol(admin);
    expect((await callAs(admin.cookie, "GET", "/api/withdrawRequest")).statusCode).toBe(200);
    expect((await callAs(admin.cookie, "GET", "/api/me")).json().totp_enrolment_required).toBe(
      false,
    );
    // The rule off: nobody is held.
    await ctx.db.update(settings).set({ totp_required: 0 });
    expect((await callAs(payouts.cookie, "GET", "/api/withdrawRequest")).statusCode).toBe(200);
  });
});
