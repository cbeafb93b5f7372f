// Names that cannot pass for another (docs/decisions/confusable-names.md; docs/REQUIREMENTS.md
// section 5): hidden characters refused in every name, usernames NFKC-normalised,
// no mixed Latin/Cyrillic/Greek, no username whose confusable skeleton
// (migration 0015) is another account's.
import { HIDDEN_CHARACTER_MESSAGE, MIXED_SCRIPT_MESSAGE } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { unique, userForm } from "./people.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const countUsers = async () =>
  Number(
    (await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from users`)).rows[0]?.n,
  );

async function refused(body: Record<string, unknown>, status: number, message: string) {
  const before = await countUsers();
  const res = await ctx.call("POST", "/api/users", userForm(body));
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().message).toBe(message);
  if (status === 400)
    expect(res.json().issues).toContainEqual(
      expect.objectContaining({ path: "username", message }),
    );
  expect(await countUsers()).toBe(before);
  return res;
}

describe("usernames that pass for another", () => {
  it('refuses a Cyrillic а in "admin" (mixed scripts), on the username field', async () => {
    await refused({ username: "\u0430dmin", role: "Admin" }, 400, MIXED_SCRIPT_MESSAGE);
    // Greek omicron in a Latin name too.
    await refused({ username: "r\u03BFot" }, 400, MIXED_SCRIPT_MESSAGE);
  });

  it("refuses a zero-width space, a right-to-left override and other hidden characters", async () => {
    for (const username of [
      "ad\u200Bmin",
      "\u202Enimda",
      "adm\u2066in\u2069",
      "ad\uFEFFmin",
      "ad\u200Dmin",
      "ad\u0007min",
      "ad\tmin",
    ]) {
      await refused({ username }, 400, HIDDEN_CHARACTER_MESSAGE);
    }
  });

  it("stores a fullwidth name NFKC-normalised, so it is the name it looks like", async () => {
    const name = unique("wide");
    const wide = [...name].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join("");
    const res = await ctx.call("POST", "/api/users", userForm({ username: wide }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().username).toBe(name);
    // And "ａｄｍｉｎ" is then "admin", which is taken.
    const admin = await ctx.call("POST", "/api/users", userForm({ username: "ａｄｍｉｎ" }));
    expect(admin.statusCode).toBe(409);
    expect(admin.json().message).toBe('The username "admin" is already taken.');
  });

  it("refuses a name whose skeleton is another account's, naming that account (409)", async () => {
    // All-Cyrillic "асе" looks like Latin "ace"; "rn" like "m"; 0 like o.
    const cyrillic = "\u0430\u0441\u0435";
    const lookalikes = [
      [cyrillic, "ace"],
      ["АСЕ", "ace"],
      ["ΑΒΕ", "abe"],
      ["adrnin", "admin"],
      ["r00t", "root"],
    ] as const;
    await ctx.call("POST", "/api/users", userForm({ username: "abe" }));
    await ctx.call("POST", "/api/users", userForm({ username: "root" }));
    await ctx.call("POST", "/api/users", userForm({ username: "ace" }));
    for (const [username, taken] of lookalikes) {
      await refused(
        { username },
        409,
        `This username looks the same as "${taken}", which is taken.`,
      );
    }
    // A plain different name is fine; so is a name in one other script.
    const ok = await ctx.call("POST", "/api/users", userForm({ username: "Дмитрий" }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it("refuses a rename to a look-alike, but an unchanged name saves", async () => {
    const a = await ctx.call("POST", "/api/users", userForm({ username: "mirror" }));
    const b = (await ctx.call("POST", "/api/users", userForm())).json();
    const rename = await ctx.call("PUT", `/api/users/${b.user_id}`, { username: "rnirror" });
    expect(rename.statusCode).toBe(409);
    expect(rename.json().message).toBe('This username looks the same as "mirror", which is taken.');
    // An account let in before the rule (no skeleton kept) still saves its other fields.
    await ctx.db.execute(sql`alter table users disable trigger users_username_skeleton`);
    await ctx.db.execute(
      sql`update users set username = 'rnirror', username_skeleton = null where user_id = ${b.user_id}`,
    );
    await ctx.db.execute(sql`alter table users enable trigger users_username_skeleton`);
    const same = await ctx.call("PUT", `/api/users/${b.user_id}`, {
      username: "rnirror",
      f_name: "Siti",
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(a.statusCode).toBe(201);
  });

  it("keeps the skeleton unique in the database, whatever path writes the row", async () => {
    const [admin] = await ctx.db.select().from(users).where(eq(users.username, "admin"));
    expect(admin?.username_skeleton).toBe("admin");
    const [row] = (await ctx.db.execute<{ s: string }>(sql`select username_skeleton('АDМIN') as s`))
      .rows;
    expect(row?.s).toBe("admin");
    await expect(
      ctx.db.execute(sql`insert into users (username, email, f_name, l_name, contact, password_hash,
        gender, role, languages, currency)
        values ('аdmin', 'x@y.my', 'a', 'b', '1', 'h', 'Male', 'Member', 'English', 'MYR')`),
    ).rejects.toThrow();
  });
});

describe("other name fields", () => {
  it("refuse hidden characters in first and last names, a store's and a testimonial's names", async () => {
    for (const [field, value] of [
      ["f_name", "Ali\u200B"],
      ["l_name", "\u202Ebin Abu"],
    ]) {
      const res = await ctx.call("POST", "/api/users", userForm({ [field as string]: value }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toMatchObject([{ path: field, message: HIDDEN_CHARACTER_MESSAGE }]);
    }
    const store = await ctx.call("POST", "/api/agencyStore", {
      store_username: "kedai",
      store_name: "Kedai\u2067Ali",
      owner: "Ali",
      store_email: "kedai@example.my",
      owner_contact: "0123456789",
    });
    expect(store.statusCode).toBe(400);
    expect(store.json().issues).toContainEqual(
      expect.objectContaining({
        path: "store_name",
        message: HIDDEN_CHARACTER_MESSAGE,
      }),
    );
    const testimonial = await ctx.call("POST", "/api/testimonials", {
      username: "pelanggan\u200E",
      testimonial_title: "Bagus",
    });
    expect(testimonial.statusCode).toBe(400);
    expect(testimonial.json().issues).toContainEqual(
      expect.objectContaining({
        path: "username",
        message: HIDDEN_CHARACTER_MESSAGE,
      }),
    );
  });
});
