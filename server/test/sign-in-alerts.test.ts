/**
 * A staff member who asked for it hears by e-mail of a sign-in from a new
 * device (issue 41, auth/signInAlerts.ts): real logins over HTTP with their
 * user agent and address, the message sent by a job runner through a real
 * SMTP server (test/support/smtpServer.ts). One mail for a first browser,
 * none for the same browser and address again (even after signing out),
 * one more for another browser, and after the two-step code (not after the
 * password alone); none with the choice off, none for a wrong password.
 */
import type { ParsedMail } from "mailparser";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGE_ATTACHMENTS } from "../src/modules/index";
import { type JobRunner, startJobRunner } from "../src/modules/jobs/runner";
import { MESSAGE_SEND_JOB } from "../src/modules/messages/outbox";
import { sendMessageJob } from "../src/modules/messages/send";
import { createTestContext, type TestContext, until } from "./helpers";
import { createStaff, type StaffMember } from "./staff.fixtures";
import { type SmtpTestServer, startSmtpServer } from "./support/smtpServer";

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15";

let ctx: TestContext;
let smtp: SmtpTestServer;
let runner: JobRunner;

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpServer();
  runner = startJobRunner(
    ctx.db,
    {
      [MESSAGE_SEND_JOB]: sendMessageJob(
        { url: smtp.url, from: "Kedai Harmoni <shop@kedai.my>" },
        MESSAGE_ATTACHMENTS,
      ),
    },
    { pollMs: 5, log: { info() {}, error: (m) => console.error(m) } },
  );
  ctx.app.jobs.wake = () => runner.wake();
});
afterAll(async () => {
  await runner?.stop(1000);
  await smtp?.stop();
  await ctx?.close();
});

const addressOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [])
    .flatMap((a) => a.value.map((v) => v.address ?? ""))
    .join(",");

const alertsTo = (email: string) =>
  smtp.mails.filter((m) => addressOf(m) === email && m.subject?.includes("New sign-in"));

/** Every message queued so far has been sent (or none was): then the mails are all in. */
async function settled(): Promise<void> {
  await until(
    async () =>
      (await ctx.call("GET", "/api/messages?status=queued")).headers["x-total-count"] ?? "0",
    (n) => n === "0",
  );
}

/** POST /api/login from this browser and address; answers the response. */
function signIn(
  person: StaffMember,
  userAgent: string,
  address: string,
  password = person.password,
) {
  return ctx.app.inject({
    method: "POST",
    url: "/api/login",
    remoteAddress: address,
    headers: { "user-agent": userAgent },
    payload: { email: person.email, password },
  });
}

const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  `sid=${res.cookies.find((c) => c.name === "sid")?.value}`;

async function turnAlerts(person: StaffMember, on: boolean): Promise<void> {
  const res = await person.call("PUT", "/api/me/signInAlerts", { sign_in_alerts: on });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ sign_in_alerts: on });
  expect((await person.call("GET", "/api/me/signInAlerts")).json()).toEqual({
    sign_in_alerts: on,
  });
}

describe("an e-mail for each sign-in from a new device", () => {
  it("tells of a first browser once, not of it again, and of another browser", async () => {
    const staff = await createStaff(ctx, []);
    await turnAlerts(staff, true);

    const first = await signIn(staff, CHROME_WINDOWS, "203.0.113.7");
    expect(first.statusCode, first.body).toBe(200);
    await settled();
    const [mail, ...more] = alertsTo(staff.email);
    expect(more).toEqual([]);
    expect(mail?.text).toContain("203.0.113.7");
    expect(mail?.text).toContain("Chrome (Windows)");
    expect(mail?.text).toContain(
      "If it was not you, change your password and tell an administrator",
    );
    expect(mail?.text).toMatch(/When: \d{4}-\d\d-\d\d \d\d:\d\d\n/);

    // The same browser and address: while its first session lives, and after
    // both its sessions signed out (a sign-out deletes the session).
    const second = await signIn(staff, CHROME_WINDOWS, "203.0.113.7");
    expect(second.statusCode).toBe(200);
    for (const session of [first, second]) {
      const out = await staff.call("POST", "/api/logoutAdmin", undefined, cookieOf(session));
      expect(out.statusCode, out.body).toBe(200);
    }
    expect((await staff.call("GET", "/api/me/sessions")).json()).toHaveLength(1);
    expect((await signIn(staff, CHROME_WINDOWS, "203.0.113.7")).statusCode).toBe(200);
    await settled();
    expect(alertsTo(staff.email)).toHaveLength(1);

    // Another browser from the same address.
    expect((await signIn(staff, FIREFOX_LINUX, "203.0.113.7")).statusCode).toBe(200);
    await settled();
    const alerts = alertsTo(staff.email);
    expect(alerts).toHaveLength(2);
    expect(alerts[1]?.text).toContain("Firefox (Linux)");

    // The first browser from another address.
    expect((await signIn(staff, CHROME_WINDOWS, "198.51.100.23")).statusCode).toBe(200);
    await settled();
    expect(alertsTo(staff.email)).toHaveLength(3);
    expect(alertsTo(staff.email)[2]?.text).toContain("198.51.100.23");
  });

  it("says nothing to a person who did not ask, nor for a wrong password", async () => {
    const quiet = await createStaff(ctx, []);
    expect((await quiet.call("GET", "/api/me/signInAlerts")).json()).toEqual({
      sign_in_alerts: false,
    });
    expect((await signIn(quiet, SAFARI_MAC, "192.0.2.44")).statusCode).toBe(200);

    const careful = await createStaff(ctx, []);
    await turnAlerts(careful, true);
    const wrong = await signIn(careful, SAFARI_MAC, "192.0.2.45", "Not-the-password-1");
    expect(wrong.statusCode).toBe(401);
    await settled();
    expect(alertsTo(quiet.email)).toEqual([]);
    expect(alertsTo(careful.email)).toEqual([]);

    // Turned off again: a new browser says nothing.
    await turnAlerts(careful, false);
    expect((await signIn(careful, SAFARI_MAC, "192.0.2.45")).statusCode).toBe(200);
    await settled();
    expect(alertsTo(careful.email)).toEqual([]);
  });

  it("with two-step login, tells once the code is given, not after the password alone", async () => {
    const staff = await createStaff(ctx, []);
    await turnAlerts(staff, true);
    const secret = await enrolTwoStep(staff);

    const password = await signIn(staff, SAFARI_MAC, "192.0.2.90");
    expect(password.json()).toMatchObject({ totp_required: true });
    await settled();
    expect(alertsTo(staff.email)).toEqual([]);

    const code = await ctx.app.inject({
      method: "POST",
      url: "/api/login/totp",
      remoteAddress: "192.0.2.90",
      headers: { "user-agent": SAFARI_MAC, cookie: cookieOf(password) },
      // The next step's code (within the allowed drift): the enrolment spent this step's.
      payload: { code: codeOf(secret, Date.now() + 30_000) },
    });
    expect(code.statusCode, code.body).toBe(200);
    await settled();
    const [mail, ...more] = alertsTo(staff.email);
    expect(more).toEqual([]);
    expect(mail?.text).toContain("Safari (macOS)");
    expect(mail?.text).toContain("192.0.2.90");
  });
});

/** Two-step login turned on by the person themself, as the profile does; answers its secret. */
async function enrolTwoStep(staff: StaffMember): Promise<string> {
  await staff.stepUp();
  const started = await staff.call("POST", "/api/me/totp");
  expect(started.statusCode, started.body).toBe(200);
  const secret: string = started.json().secret;
  const confirmed = await staff.call("POST", "/api/me/totp/confirm", {
    code: codeOf(secret),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return secret;
}

/** The code an authenticator app shows at `at` (the same library, RFC 6238). */
function codeOf(secret: string, at = Date.now()): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: at });
}
