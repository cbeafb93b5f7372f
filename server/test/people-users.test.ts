import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../src/auth/password";
import { auditLog, sessions, users } from "../src/db/schema";
import { ADMIN, createTestContext, login, type TestContext } from "./helpers";
import { insertOrders } from "./orders.fixtures";
import { readUser, readWallet, unique, userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function createUser(overrides: Record<string, unknown> = {}) {
  const res = await ctx.call("POST", "/api/users", userForm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe("lookups", () => {
  it("answers genders, roles, languages and currencies in their seeded order", async () => {
    expect((await ctx.call("GET", "/api/genders")).json()).toEqual([
      { gender_id: 1, gender: "Male" },
      { gender_id: 2, gender: "Female" },
    ]);
    expect(
      (await ctx.call("GET", "/api/roles")).json().map((r: { role: string }) => r.role),
    ).toEqual(["Admin", "Member", "Agent", "Staff"]);
    const languages = (await ctx.call("GET", "/api/languages")).json();
    expect(languages[0]).toEqual({ language_id: 1, languages: "English" });
    expect((await ctx.call("GET", "/api/currencies")).json()[0]).toEqual({
      currency_id: 1,
      currency_code: "MYR",
      currency_symbol: "RM",
    });
  });
});

describe("POST /api/users", () => {
  it("creates a user with membership 1 unless chosen, a wallet of 0, 0 and no spend date, and never answers the password", async () => {
    const form = userForm({ membership: undefined, user_status: undefined });
    delete (form as Record<string, unknown>).membership;
    const res = await ctx.call("POST", "/api/users", form);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      username: form.username,
      email: form.email,
      membership: 1,
      membership_name: "Basic",
      down_line: 0,
      referral_of: null,
      referrer_username: null,
      ttl_order: 0,
      ttl_pv: "0.00",
      user_status: 0,
      DOB: "1992-04-05",
      updated_at: null,
    });
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(res.body).not.toMatch(/password|scrypt|Secret#123/i);
    const wallet = await readWallet(ctx.db, body.user_id);
    expect(wallet).toMatchObject({
      wallet_amt: "0.00",
      c_wallet_amt: "0.00",
      recent_spend_at: null,
    });
    const stored = await readUser(ctx.db, body.user_id);
    expect(await verifyPassword("Secret#123", stored?.password_hash ?? "")).toBe(true);
    const audits = await ctx.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity_id, String(body.user_id)));
    expect(audits.some((a) => a.entity === "User" && a.action === "create")).toBe(true);
    expect(JSON.stringify(audits)).not.toMatch(/scrypt/);
  });

  it("keeps a chosen membership and status", async () => {
    const body = await createUser({ membership: "3", user_status: "0" });
    expect(body).toMatchObject({ membership: 3, membership_name: "Gold", user_status: 0 });
  });

  it.each([
    ["username", { username: "  " }, "Username is required."],
    ["email", { email: "not-an-email" }, "E-mail must be a valid e-mail address."],
    ["f_name", { f_name: "" }, "First name is required."],
    ["l_name", { l_name: "" }, "Last name is required."],
    ["contact", { contact: "" }, "Contact is required."],
    ["contact", { contact: "0123456789012" }, "Contact must be at most 12 characters."],
    ["password", { password: "" }, "Password is required."],
    ["gender", { gender: "" }, "Gender is required."],
    ["role", { role: "" }, "Role is required."],
    ["membership", { membership: "" }, "Membership is required."],
    ["referral_of", { referral_of: "" }, "Referral is required."],
    ["languages", { languages: "" }, "Language is required."],
    ["currency", { currency: "" }, "Currency is required."],
    ["DOB", { DOB: "2001-02-30" }, "D.O.B must be a real date."],
  ])("refuses a bad %s with 400 and writes nothing", async (path, overrides, message) => {
    const before = await ctx.db.$count(users);
    const res = await ctx.call("POST", "/api/users", userForm(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().issues).toContainEqual(expect.objectContaining({ path, message }));
    expect(await ctx.db.$count(users)).toBe(before);
  });

  it("accepts a contact of exactly 12 characters and no D.O.B", async () => {
    const body = await createUser({ contact: "012345678901", DOB: "" });
    expect(body).toMatchObject({ contact: "012345678901", DOB: null });
  });

  it.each([
    ["gender", { gender: "Robot" }, "Gender must be one of the listed genders."],
    ["role", { role: "Owner" }, "Role must be one of the listed roles."],
    ["languages", { languages: "Klingon" }, "Language must be one of the listed languages."],
    ["currency", { currency: "EUR" }, "Currency must be one of the listed currencies."],
    ["membership", { membership: 99 }, "Membership must be one of the listed memberships."],
    ["referral_of", { referral_of: 999999 }, "Referral must be an existing user."],
  ])("refuses a %s outside its list with a plain 400", async (path, overrides, message) => {
    const before = await ctx.db.$count(users);
    const res = await ctx.call("POST", "/api/users", userForm(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, issues: [{ path, message }] });
    expect(await ctx.db.$count(users)).toBe(before);
  });

  it("refuses a username or e-mail already taken, whatever the case, with 409 and a plain message", async () => {
    const first = await createUser();
    const sameName = await ctx.call(
      "POST",
      "/api/users",
      userForm({ username: first.username.toUpperCase() }),
    );
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      message: `The username "${first.username.toUpperCase()}" is already taken.`,
    });
    const sameEmail = await ctx.call(
      "POST",
      "/api/users",
      userForm({ email: first.email.toUpperCase() }),
    );
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json().message).toMatch(/is already in use by another user/);
  });

  it("gives the same plain 409 when two saves of one new name race", async () => {
    const form = userForm();
    const results = await Promise.all([
      ctx.call("POST", "/api/users", form),
      ctx.call("POST", "/api/users", { ...form, email: `x${form.email}` }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const refused = results.find((r) => r.statusCode === 409);
    expect(refused?.json().message).toBe(`The username "${form.username}" is already taken.`);
  });
});

describe("GET /api/users", () => {
  it("answers the whole list without paging, and a page with X-Total-Count with paging", async () => {
    const all = await ctx.call("GET", "/api/users");
    expect(all.statusCode).toBe(200);
    const count = await ctx.db.$count(users);
    expect(all.json()).toHaveLength(count);
    const page = await ctx.call("GET", "/api/users?_page=2&_limit=2&_sort=user_id&_order=asc");
    expect(page.headers["x-total-count"]).toBe(String(count));
    expect(page.json().map((u: { user_id: number }) => u.user_id)).toEqual(
      all
        .json()
        .map((u: { user_id: number }) => u.user_id)
        .sort((a: number, b: number) => a - b)
        .slice(2, 4),
    );
  });

  it("searches username, names, e-mail and contact", async () => {
    const tag = unique("srch");
    const a = await createUser({ username: `${tag}a` });
    const b = await createUser({ f_name: `${tag}first` });
    const c = await createUser({ l_name: `${tag}last` });
    const d = await createUser({ email: `${tag}@mail.my` });
    const e = await createUser({ contact: "0199887766" });
    const ids = async (q: string) =>
      (await ctx.call("GET", `/api/users?q=${encodeURIComponent(q)}&_page=1&_limit=50`))
        .json()
        .map((u: { user_id: number }) => u.user_id)
        .sort();
    expect(await ids(tag)).toEqual([a.user_id, b.user_id, c.user_id, d.user_id].sort());
    expect(await ids(tag.toUpperCase())).toHaveLength(4);
    expect(await ids("0199887766")).toEqual([e.user_id]);
    const res = await ctx.call("GET", `/api/users?q=${tag}&_page=1&_limit=2`);
    expect(res.headers["x-total-count"]).toBe("4");
  });

  it("answers the referrer's username, the membership name and the order count", async () => {
    const referrer = await createUser();
    const member = await createUser({ referral_of: referrer.user_id });
    await insertOrders(
      ctx.db,
      ["10.00", "5.50"].map((total_price) => ({
        order_number: unique("ORD"),
        user_id: member.user_id,
        username: member.username,
        total_price,
        order_status: 1,
      })),
    );
    const body = (await ctx.call("GET", `/api/users/${member.user_id}`)).json();
    expect(body).toMatchObject({
      referral_of: referrer.user_id,
      referrer_username: referrer.username,
      membership_name: "Basic",
      ttl_order: 2,
    });
  });
});

describe("GET /api/users/{id}, usersCount and getNextUserId", () => {
  it("answers 404 for an unknown or malformed id", async () => {
    expect((await ctx.call("GET", "/api/users/999999")).statusCode).toBe(404);
    expect((await ctx.call("GET", "/api/users/abc")).statusCode).toBe(404);
  });

  it("usersCount is a list with one row per user", async () => {
    const res = await ctx.call("GET", "/api/usersCount");
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(await ctx.db.$count(users));
    expect(Object.keys(res.json()[0])).toEqual(["user_id"]);
  });

  it("getNextUserId names the id the next new user gets", async () => {
    const next = (await ctx.call("GET", "/api/getNextUserId")).json();
    const created = await createUser();
    expect(created.user_id).toBe(next.user_id);
  });
});

describe("PUT /api/users/{id}", () => {
  it("saves the full Edit User form and stamps updated_at", async () => {
    const created = await createUser();
    await stepUp(ctx); // a change of role
    const form = userForm({ username: created.username, email: created.email, membership: 2 });
    delete (form as Record<string, unknown>).password;
    const res = await ctx.call("PUT", `/api/users/${created.user_id}`, {
      ...form,
      f_name: "Siti",
      gender: "Male",
      role: "Staff",
      languages: "Bahasa Melayu",
      currency: "SGD",
      user_status: 0,
      DOB: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      f_name: "Siti",
      gender: "Male",
      role: "Staff",
      languages: "Bahasa Melayu",
      currency: "SGD",
      user_status: 0,
      membership: 2,
      DOB: null,
    });
    expect(res.json().updated_at).not.toBeNull();
  });

  it("takes the profile's {email, contact, password, updated_at}: a new password is re-hashed, an empty one leaves it", async () => {
    const created = await createUser();
    await stepUp(ctx); // another person's password
    const res = await ctx.call("PUT", `/api/users/${created.user_id}`, {
      email: `new.${created.email}`,
      contact: "0111111111",
      password: "NewSecret#1",
      updated_at: "2020-01-01 00:00:00",
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email: `new.${created.email}`,
      contact: "0111111111",
      f_name: "Aminah",
    });
    expect(res.body).not.toMatch(/password/);
    const hash = (await readUser(ctx.db, created.user_id))?.password_hash ?? "";
    expect(await verifyPassword("NewSecret#1", hash)).toBe(true);
    await ctx.call("PUT", `/api/users/${created.user_id}`, {
      email: `new.${created.email}`,
      contact: "0122",
      password: "",
    });
    expect((await readUser(ctx.db, created.user_id))?.password_hash).toBe(hash);
  });

  it("refuses a taken username or e-mail (409), a bad contact (400) and answers 404 for an unknown user", async () => {
    const a = await createUser();
    const b = await createUser();
    expect(
      (await ctx.call("PUT", `/api/users/${b.user_id}`, { username: a.username })).statusCode,
    ).toBe(409);
    expect(
      (await ctx.call("PUT", `/api/users/${b.user_id}`, { email: a.email.toUpperCase() }))
        .statusCode,
    ).toBe(409);
    expect(
      (await ctx.call("PUT", `/api/users/${b.user_id}`, { contact: "1234567890123" })).statusCode,
    ).toBe(400);
    expect((await ctx.call("PUT", `/api/users/${b.user_id}`, { role: "Owner" })).statusCode).toBe(
      400,
    );
    // Keeping one's own name is not a clash.
    expect(
      (await ctx.call("PUT", `/api/users/${b.user_id}`, { username: b.username })).statusCode,
    ).toBe(200);
    expect((await ctx.call("PUT", "/api/users/999999", { contact: "1" })).statusCode).toBe(404);
  });

  it("does not let the administrator remove their own access", async () => {
    const me = (await ctx.call("GET", "/api/users?q=admin")).json()[0];
    for (const body of [{ role: "Member" }, { user_status: 0 }]) {
      const res = await ctx.call("PUT", `/api/users/${me.user_id}`, body);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe("You cannot remove your own administrator access.");
    }
  });
});

describe("DELETE /api/users/{id}", () => {
  it("deletes the user with their wallet and their sessions", async () => {
    const password = "Other#Admin1";
    await stepUp(ctx); // making an Admin, and deleting a member
    const other = await createUser({ role: "Admin", user_status: 1, password });
    const cookie = await login(ctx.app, { email: other.email, password });
    expect(await ctx.db.$count(sessions, eq(sessions.user_id, other.user_id))).toBe(1);
    const res = await ctx.call("DELETE", `/api/users/${other.user_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(other.username);
    expect(await readUser(ctx.db, other.user_id)).toBeUndefined();
    expect(await readWallet(ctx.db, other.user_id)).toBeUndefined();
    expect(await ctx.db.$count(sessions, eq(sessions.user_id, other.user_id))).toBe(0);
    const after = await ctx.app.inject({ method: "GET", url: "/api/users", headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect((await ctx.call("DELETE", `/api/users/${other.user_id}`)).statusCode).toBe(404);
  });

  it("refuses to let the administrator delete themself (409)", async () => {
    const me = (await ctx.call("GET", "/api/users?q=admin")).json()[0];
    const res = await ctx.call("DELETE", `/api/users/${me.user_id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe("You cannot delete your own account.");
    expect(await readUser(ctx.db, me.user_id)).toBeDefined();
  });

  // Referrers and members holding money: test/people-deletion.test.ts.
});

describe("the session admin", () => {
  it("can still log in after all of the above", async () => {
    expect(await login(ctx.app, ADMIN)).toMatch(/^sid=/);
  });
});
