import { maskSecret, SECRET_MASK } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentMethods, socialLogins } from "../src/db/schema";
import { buildLoggedApp, createTestContext, login, type TestContext } from "./helpers";
import { userForm } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";

// Finding 4 and the secret-key part of 8 of issue 9 (docs/decisions/write-only-secret-keys.md
// and docs/decisions/secrets-not-logged.md).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // A provider's keys change only after a fresh proof (docs/decisions/secret-key-step-up.md).
  await stepUp(ctx);
});
afterAll(() => ctx.close());

const SECRET = "sk_live_WRITEONLY_SECRET_4242";
const CLIENT_SECRET = "GOCSPX-oauth-client-secret-7777";
const PASSWORD = "Kx9-long-unusual-passphrase-2041";

const payment = (secret_key: string) => ({
  secret_key,
  publish_key: "pk_live_public_1234",
  gateway_uri: "https://pay.example.my/v2/checkout",
  method_status: 1,
});

async function storedPaymentSecret(): Promise<string | undefined> {
  const [row] = await ctx.db.select().from(paymentMethods).where(eq(paymentMethods.method_id, 1));
  return row?.secret_key;
}

async function storedSocialSecret(id: number): Promise<string | undefined> {
  const [row] = await ctx.db.select().from(socialLogins).where(eq(socialLogins.social_id, id));
  return row?.secret_key;
}

describe("secret keys are write-only", () => {
  it("answers the payment secret masked, keeps it when the mask is saved back, replaces it when a new one is typed", async () => {
    const saved = await ctx.call("PUT", "/api/paymentMethods/1", payment(SECRET));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().secret_key).toBe(`${SECRET_MASK}4242`);
    const read = await ctx.call("GET", "/api/paymentMethodsId/1");
    expect(read.json()).toMatchObject({
      secret_key: `${SECRET_MASK}4242`,
      publish_key: "pk_live_public_1234",
    });
    for (const res of [saved, read]) expect(res.body).not.toContain("WRITEONLY");
    expect(await storedPaymentSecret()).toBe(SECRET);

    // The form sends back what it read: the stored key stays.
    const again = await ctx.call("PUT", "/api/paymentMethods/1", {
      ...(read.json() as object),
      gateway_uri: "https://pay.example.my/v3/checkout",
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      secret_key: `${SECRET_MASK}4242`,
      gateway_uri: "https://pay.example.my/v3/checkout",
    });
    expect(await storedPaymentSecret()).toBe(SECRET);

    const replaced = await ctx.call(
      "PUT",
      "/api/paymentMethods/1",
      payment("sk_live_rotated_key_9090"),
    );
    expect(replaced.json().secret_key).toBe(`${SECRET_MASK}9090`);
    expect(await storedPaymentSecret()).toBe("sk_live_rotated_key_9090");
  });

  it("shows not even the last 4 characters of a short key", async () => {
    await ctx.call("PUT", "/api/paymentMethods/1", payment("short42"));
    expect((await ctx.call("GET", "/api/paymentMethodsId/1")).json().secret_key).toBe(SECRET_MASK);
    expect(maskSecret("")).toBe("");
  });

  it("answers social-login secrets masked; the mask keeps, an empty value clears, the ID is public", async () => {
    const body = {
      id_key: "client-id.apps.example",
      secret_key: CLIENT_SECRET,
      social_uri: "https://shop.example.my/auth/google/callback",
      social_status: 1,
    };
    const saved = await ctx.call("PUT", "/api/socialLogins/1", body);
    expect(saved.json()).toMatchObject({
      id_key: "client-id.apps.example",
      secret_key: `${SECRET_MASK}7777`,
    });
    const list = await ctx.call("GET", "/api/socialLogins?q=goo");
    expect(list.body).not.toContain("oauth-client-secret");
    expect(list.json()[0].secret_key).toBe(`${SECRET_MASK}7777`);

    const kept = await ctx.call("PUT", "/api/socialLogins/1", list.json()[0]);
    expect(kept.statusCode).toBe(200);
    expect(await storedSocialSecret(1)).toBe(CLIENT_SECRET);

    const cleared = await ctx.call("PUT", "/api/socialLogins/1", {
      ...body,
      secret_key: "",
      social_status: 0,
    });
    expect(cleared.json().secret_key).toBe("");
    expect(await storedSocialSecret(1)).toBe("");

    // Switching on with the mask while no key is stored would leave a broken login button.
    const onWithoutKey = await ctx.call("PUT", "/api/socialLogins/1", {
      ...body,
      secret_key: `${SECRET_MASK}7777`,
    });
    expect(onWithoutKey.statusCode).toBe(400);
    expect(onWithoutKey.json().issues).toMatchObject([
      { path: "secret_key", message: "Secret is required." },
    ]);
    expect(await storedSocialSecret(1)).toBe("");
  });

  it("exports, filters and sorts social logins by the mask, never by the stored secret", async () => {
    await ctx.call("PUT", "/api/socialLogins/1", {
      id_key: "client-id.apps.example",
      secret_key: CLIENT_SECRET,
      social_uri: "https://shop.example.my/auth/google/callback",
      social_status: 1,
    });
    expect(await storedSocialSecret(1)).toBe(CLIENT_SECRET);

    const csv = await ctx.call("GET", "/api/socialLogins?_format=csv");
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain("oauth-client-secret");
    const [header = "", first = ""] = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    const cells = Object.fromEntries(
      header.split(",").map((name, i) => [name, first.split(",")[i]]),
    );
    expect(cells.secret_key).toBe(`${SECRET_MASK}7777`);

    // A guess of the stored key matches nothing; the mask is what the list holds.
    const guessed = await ctx.call("GET", `/api/socialLogins?secret_key=${CLIENT_SECRET}`);
    expect(guessed.statusCode).toBe(200);
    expect(guessed.json()).toEqual([]);
    const byMask = await ctx.call(
      "GET",
      `/api/socialLogins?secret_key=${encodeURIComponent(`${SECRET_MASK}7777`)}`,
    );
    expect(byMask.json().map((r: { social_id: number }) => r.social_id)).toEqual([1]);
    const sorted = await ctx.call("GET", "/api/socialLogins?_sort=secret_key&_order=desc");
    expect(sorted.statusCode).toBe(200);
    expect(sorted.body).not.toContain("oauth-client-secret");
  });
});

describe("the server log", () => {
  it("keeps only the code of a failed query, never its parameters (password hash, secret keys)", async () => {
    const { app, lines } = await buildLoggedApp(ctx);
    // A trigger makes the write itself fail after the values were bound: the
    // failed query then carries the secret as a parameter.
    await ctx.db.execute(sql`
      create function refuse_write() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test' using errcode = '55000'; end $$`);
    for (const table of ["users", "payment_methods", "social_logins"]) {
      await ctx.db.execute(
        sql.raw(
          `create trigger refuse_write before insert or update on ${table} for each row execute function refuse_write()`,
        ),
      );
    }
    try {
      const cookie = await login(app);
      await stepUp(ctx, cookie);
      const call = (method: "POST" | "PUT", url: string, payload: object) =>
        app.inject({ method, url, headers: { cookie }, payload });
      const answers = [
        await call("PUT", "/api/paymentMethods/1", payment(SECRET)),
        await call("PUT", "/api/socialLogins/2", {
          id_key: "x",
          secret_key: CLIENT_SECRET,
          social_status: 1,
        }),
        await call("POST", "/api/users", userForm({ password: PASSWORD })),
      ];
      for (const answer of answers) {
        expect(answer.statusCode).toBe(500);
        expect(answer.body).not.toMatch(/refused|insert|update|scrypt/i);
      }
    } finally {
      await app.close();
      for (const table of ["users", "payment_methods", "social_logins"]) {
        await ctx.db.execute(sql.raw(`drop trigger refuse_write on ${table}`));
      }
      await ctx.db.execute(sql`drop function refuse_write()`);
    }
    const log = lines.join("");
    const failures = lines.filter((l) => l.includes("request failed"));
    expect(failures).toHaveLength(3);
    for (const secret of [SECRET, CLIENT_SECRET, "scrypt$", PASSWORD, "Failed query", "params"]) {
      expect.soft(log, secret).not.toContain(secret);
    }
    for (const line of failures) {
      expect(JSON.parse(line).err).toEqual({
        kind: "database",
        code: "55000",
        routine: expect.any(String),
      });
    }
  });
});
