/**
 * Passwords and sessions (issue 9, finding 6; docs/decisions/sessions-and-passwords.md): the password rule, the current password for one's own
 * change, sessions ended by a password change, a demotion or a deactivation,
 * and hashes checked with their own scrypt cost and rehashed at login.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  COMMON_PASSWORD,
  isCommonPassword,
  passwordProblem,
  passwordTooShort,
} from "@store/contract";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  currentCost,
  hashPassword,
  hashWithCost,
  needsRehash,
  PRODUCTION_COST,
  TEST_COST,
  verifyPassword,
} from "../src/auth/password";
import { adminPasswordProblem, DEMO_ADMIN_PASSWORD } from "../src/config";
import { auditLog, sessions, users } from "../src/db/schema";
import { CURRENT_PASSWORD_NEEDED, CURRENT_PASSWORD_WRONG } from "../src/modules/people/users";
import { createTestContext, login, type TestContext } from "./helpers";
import { readUser, unique, userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const SHORT = "Ab#1234";
const COMMON = "Password123";

/** A new active administrator, and its password. */
async function createAdmin(password = `Adm!n-${unique()}`) {
  // Making an Admin, and then setting their password or role, needs a fresh proof.
  await stepUp(ctx);
  const res = await ctx.call("POST", "/api/users", userForm({ role: "Admin", password }));
  expect(res.statusCode, res.body).toBe(201);
  const admin = res.json() as { user_id: number; email: string };
  return { ...admin, password };
}

/** inject() with the given session cookie. */
function callAs(cookie: string, method: string, url: string, payload?: object) {
  return ctx.app.inject({
    method: method as "GET",
    url,
    headers: { cookie },
    ...(payload ? { payload } : {}),
  });
}

async function isLive(cookie: string): Promise<boolean> {
  const res = await callAs(cookie, "GET", "/api/usersCount");
  if (res.statusCode !== 200 && res.statusCode !== 401) throw new Error(res.body);
  return res.statusCode === 200;
}

async function storedHash(userId: number): Promise<string> {
  return (await readUser(ctx.db, userId))?.password_hash ?? "";
}

async function auditRows(): Promise<number> {
  const [row] = await ctx.db.select({ n: count() }).from(auditLog);
  return row?.n ?? 0;
}

describe("the password rule (one rule in the contract)", () => {
  it("asks for 8 characters, refuses the common list whatever the case, and lets the demo password through", () => {
    expect(passwordProblem("")).toBe("Password is required.");
    expect(passwordProblem("a")).toBe("Password must be at least 8 characters.");
    expect(passwordProblem(SHORT)).toBe(passwordTooShort(8));
    for (const common of [
      "password",
      "PASSWORD1",
      "Qwerty123",
      "P@ssw0rd",
      "iloveyou",
      "12345678",
    ]) {
      expect(isCommonPassword(common), common).toBe(true);
      expect(passwordProblem(common)).toBe(COMMON_PASSWORD);
    }
    expect(passwordProblem(DEMO_ADMIN_PASSWORD)).toBeNull();
    expect(passwordProblem("correct horse battery")).toBeNull();
    // Characters as seen: four emoji are four characters, not eight UTF-16 units.
    expect(passwordProblem("🔑🔑🔑🔑")).toBe(passwordTooShort(8));
  });

  it("refuses a short or common password on create with 400 and writes nothing", async () => {
    const before = await ctx.db.$count(users);
    const audits = await auditRows();
    for (const [password, message] of [
      ["a", "Password must be at least 8 characters."],
      [SHORT, "Password must be at least 8 characters."],
      [COMMON, "This password is too common. Choose another."],
      ["QWERTYUIOP", "This password is too common. Choose another."],
    ]) {
      const res = await ctx.call("POST", "/api/users", userForm({ password }));
      expect(res.statusCode, password).toBe(400);
      expect(res.json().issues).toContainEqual(
        expect.objectContaining({ path: "password", message }),
      );
    }
    expect(await ctx.db.$count(users)).toBe(before);
    expect(await auditRows()).toBe(audits);
  });

  it("refuses a short or common password on update (another user's too) and leaves the hash", async () => {
    const res = await ctx.call("POST", "/api/users", userForm());
    const member = res.json() as { user_id: number };
    const hash = await storedHash(member.user_id);
    for (const password of ["a", SHORT, COMMON]) {
      const put = await ctx.call("PUT", `/api/users/${member.user_id}`, { password });
      expect(put.statusCode, password).toBe(400);
      expect(put.json().issues[0].path).toBe("password");
    }
    expect(await storedHash(member.user_id)).toBe(hash);
  });
});

describe("changing one's own password", () => {
  it("needs the current password: missing is 400, wrong is 400 on the field; nothing changes, no session ends", async () => {
    const admin = await createAdmin();
    const cookie = await login(ctx.app, admin);
    const other = await login(ctx.app, admin);
    const hash = await storedHash(admin.user_id);
    const audits = await auditRows();
    const url = `/api/users/${admin.user_id}`;

    const missing = await callAs(cookie, "PUT", url, { password: "A-new-one#2026" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      message: CURRENT_PASSWORD_NEEDED,
      issues: [{ path: "currentPassword", message: CURRENT_PASSWORD_NEEDED }],
    });
    expect(CURRENT_PASSWORD_NEEDED).toBe("Enter your current password to change it.");

    const wrong = await callAs(cookie, "PUT", url, {
      password: "A-new-one#2026",
      currentPassword: "not-my-password",
      contact: "0199999999",
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().issues).toMatchObject([
      { path: "currentPassword", message: CURRENT_PASSWORD_WRONG },
    ]);

    expect(await storedHash(admin.user_id)).toBe(hash);
    expect((await readUser(ctx.db, admin.user_id))?.contact).toBe("0123456789");
    // No change recorded; the wrong password is, as a failed check (like loginAdmin's).
    expect(await auditRows()).toBe(audits + 1);
    expect(await isLive(cookie)).toBe(true);
    expect(await isLive(other)).toBe(true);
  });

  it("with the right current password: saved, this session kept, every other session of the admin ended", async () => {
    const admin = await createAdmin();
    const cookie = await login(ctx.app, admin);
    const other = await login(ctx.app, admin);
    const third = await login(ctx.app, admin);
    const bystander = ctx.cookie;
    const res = await callAs(cookie, "PUT", `/api/users/${admin.user_id}`, {
      password: "A-new-one#2026",
      currentPassword: admin.password,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toMatch(/password|scrypt/i);
    expect(await verifyPassword("A-new-one#2026", await storedHash(admin.user_id))).toBe(true);
    expect(await isLive(cookie)).toBe(true);
    expect(await isLive(other)).toBe(false);
    expect(await isLive(third)).toBe(false);
    expect(await ctx.db.$count(sessions, eq(sessions.user_id, admin.user_id))).toBe(1);
    // Another admin's session is none of this change's business.
    expect(await isLive(bystander)).toBe(true);
    // The old password no longer logs in; the new one does.
    const old = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: admin.email, password: admin.password },
    });
    expect(old.statusCode).toBe(401);
    await login(ctx.app, { email: admin.email, password: "A-new-one#2026" });
  });

  it("checks a currentPassword sent without a new password (the profile's e-mail change)", async () => {
    const admin = await createAdmin();
    const cookie = await login(ctx.app, admin);
    const url = `/api/users/${admin.user_id}`;
    const wrong = await callAs(cookie, "PUT", url, { contact: "0111", currentPassword: "nope" });
    expect(wrong.statusCode).toBe(400);
    expect((await readUser(ctx.db, admin.user_id))?.contact).toBe("0123456789");
    const right = await callAs(cookie, "PUT", url, {
      contact: "0111",
      currentPassword: admin.password,
    });
    expect(right.statusCode).toBe(200);
    expect(right.json().contact).toBe("0111");
  });
});

describe("resetting another user's password", () => {
  it("needs no current password and ends every session of that user", async () => {
    const target = await createAdmin();
    const first = await login(ctx.app, target);
    const second = await login(ctx.app, target);
    const res = await ctx.call("PUT", `/api/users/${target.user_id}`, {
      password: "Reset-by-the-boss#1",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await isLive(first)).toBe(false);
    expect(await isLive(second)).toBe(false);
    expect(await ctx.db.$count(sessions, eq(sessions.user_id, target.user_id))).toBe(0);
    expect(await isLive(ctx.cookie)).toBe(true);
    await login(ctx.app, { email: target.email, password: "Reset-by-the-boss#1" });
  });

  it("an edit without a new password ends no session", async () => {
    const target = await createAdmin();
    const cookie = await login(ctx.app, target);
    const res = await ctx.call("PUT", `/api/users/${target.user_id}`, {
      contact: "0177777777",
      password: "",
    });
    expect(res.statusCode).toBe(200);
    expect(await isLive(cookie)).toBe(true);
  });
});

describe("demoting or deactivating an admin", () => {
  for (const [what, away, back] of [
    ["demoted (role Member)", { role: "Member" }, { role: "Admin" }],
    ["deactivated (user_status 0)", { user_status: 0 }, { user_status: 1 }],
  ] as const) {
    it(`ends the sessions of an admin ${what}; they stay ended when access is restored`, async () => {
      const target = await createAdmin();
      const cookie = await login(ctx.app, target);
      expect(await isLive(cookie)).toBe(true);
      expect((await ctx.call("PUT", `/api/users/${target.user_id}`, away)).statusCode).toBe(200);
      expect(await isLive(cookie)).toBe(false);
      expect(await ctx.db.$count(sessions, eq(sessions.user_id, target.user_id))).toBe(0);
      expect((await ctx.call("PUT", `/api/users/${target.user_id}`, back)).statusCode).toBe(200);
      expect(await isLive(cookie)).toBe(false);
      // Restored access means a fresh login, which works.
      expect(await isLive(await login(ctx.app, target))).toBe(true);
    });
  }
});

describe("scrypt cost kept with each hash", () => {
  it("verifies with the stored N, r and p", async () => {
    const weak = await hashWithCost("Some-pass#1", { N: 1024, r: 8, p: 1 });
    expect(weak.startsWith("scrypt$1024$8$1$")).toBe(true);
    expect(await verifyPassword("Some-pass#1", weak)).toBe(true);
    expect(await verifyPassword("Some-pass#2", weak)).toBe(false);
    expect(needsRehash(weak)).toBe(true);
    expect(needsRehash(await hashPassword("Some-pass#1"))).toBe(false);
    // An unreadable or out-of-bounds cost never verifies.
    for (const bad of [
      "not-a-hash",
      weak.replace("$1024$", "$1000$"),
      weak.replace("$1024$", "$4194304$"),
    ]) {
      expect(await verifyPassword("Some-pass#1", bad)).toBe(false);
    }
  });

  it("rehashes a hash of a lower cost to the current cost at login", async () => {
    const admin = await createAdmin();
    const weak = await hashWithCost(admin.password, { N: 1024, r: 8, p: 1 });
    await ctx.db.update(users).set({ password_hash: weak }).where(eq(users.user_id, admin.user_id));
    const cookie = await login(ctx.app, admin);
    expect(await isLive(cookie)).toBe(true);
    const after = await storedHash(admin.user_id);
    expect(after).not.toBe(weak);
    const { N, r, p } = currentCost();
    expect(after.startsWith(`scrypt$${N}$${r}$${p}$`)).toBe(true);
    expect(await verifyPassword(admin.password, after)).toBe(true);
    // A refused login rehashes nothing.
    await ctx.db.update(users).set({ password_hash: weak }).where(eq(users.user_id, admin.user_id));
    const refused = await ctx.app.inject({
      method: "POST",
      url: "/api/login",
      payload: { email: admin.email, password: "Wrong-pass#1" },
    });
    expect(refused.statusCode).toBe(401);
    expect(await storedHash(admin.user_id)).toBe(weak);
  });
});

describe("the hashing cost outside the tests", () => {
  it("is the strong one: a process without the test setup hashes at N 16384, r 8, p 1", () => {
    // The tests hash at TEST_COST (test/setup.ts); nothing else may lower it.
    expect(currentCost()).toEqual(TEST_COST);
    expect(PRODUCTION_COST).toEqual({ N: 16384, r: 8, p: 1 });
    const module = path.join(import.meta.dirname, "../src/auth/password.ts");
    const result = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const m = await import(${JSON.stringify(module)}); console.log(await m.hashPassword("Some-pass#1"));`,
      ],
      { encoding: "utf8", timeout: 20_000 },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stdout.startsWith("scrypt$16384$8$1$")).toBe(true);
    const src = path.join(import.meta.dirname, "../src");
    const callers = fs
      .readdirSync(src, { recursive: true, encoding: "utf8" })
      .filter((file) => file.endsWith(".ts"))
      .filter((file) =>
        fs.readFileSync(path.join(src, file), "utf8").includes("applyTestHashCost();"),
      );
    expect(callers).toEqual([]);
  });
});

describe("ADMIN_PASSWORD at start", () => {
  it("asks for 12 uncommon characters in production and 8 in development; the demo password passes development", () => {
    const production = (adminPassword: string) =>
      adminPasswordProblem({ adminPassword, production: true });
    const development = (adminPassword: string) =>
      adminPasswordProblem({ adminPassword, production: false });
    expect(production("a")).toBe(
      "ADMIN_PASSWORD is refused (NODE_ENV=production): Password must be at least 12 characters.",
    );
    expect(production(DEMO_ADMIN_PASSWORD)).toMatch(/at least 12 characters/);
    expect(production("password1234")).toBe(
      "ADMIN_PASSWORD is refused (NODE_ENV=production): This password is too common. Choose another.",
    );
    expect(production("Long-enough#2026")).toBeNull();
    expect(development(DEMO_ADMIN_PASSWORD)).toBeNull();
    expect(development("a")).toBe(
      "ADMIN_PASSWORD is refused: Password must be at least 8 characters.",
    );
    expect(development("qwerty123")).toMatch(/too common/);
  });

  it("stops the server with exit code 1 and the reason before anything opens", () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-admin-pw-"));
    try {
      const result = spawnSync(
        process.execPath,
        ["--import", "tsx", path.join(import.meta.dirname, "../src/main.ts")],
        {
          env: {
            ...process.env,
            NODE_ENV: "production",
            ADMIN_EMAIL: "owner@store.my",
            ADMIN_PASSWORD: "Admin@12345",
            DATA_DIR: dataDir,
            PORT: "0",
          },
          encoding: "utf8",
          timeout: 20_000,
        },
      );
      expect(result.status, result.stderr).toBe(1);
      expect(result.stderr).toContain(
        "ADMIN_PASSWORD is refused (NODE_ENV=production): Password must be at least 12 characters.",
      );
      // Refused before the database was opened: the data folder is untouched.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
