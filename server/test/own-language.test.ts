import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog } from "../src/db/schema";
import { ADMIN, createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const login = async () =>
  (await ctx.app.inject({ method: "POST", url: "/api/login", payload: ADMIN })).json();

describe("PUT /api/adminLanguage (the admin's own language)", () => {
  it("login answers the admin's language, English for a new store", async () => {
    expect((await login()).languages).toBe("English");
  });

  it("keeps the chosen language on the admin's record: the next login answers it, with an audit row", async () => {
    const res = await ctx.call("PUT", "/api/adminLanguage", { languages: "Bahasa Melayu" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      message: "Language saved.",
      languages: "Bahasa Melayu",
    });
    expect((await login()).languages).toBe("Bahasa Melayu");

    const me = (await login()).user_id as number;
    const [row] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "User"), eq(auditLog.entity_id, String(me))))
      .orderBy(desc(auditLog.audit_id))
      .limit(1);
    expect(row).toMatchObject({
      action: "update",
      actor_id: me,
      before: { languages: "English" },
      after: { languages: "Bahasa Melayu" },
    });

    const user = await ctx.call("GET", `/api/users/${me}`);
    expect(user.json().languages).toBe("Bahasa Melayu");
    await ctx.call("PUT", "/api/adminLanguage", { languages: "中文" });
    expect((await login()).languages).toBe("中文");
  });

  it("refuses a language that is not listed, or none, with a 400 on the field and no change", async () => {
    await ctx.call("PUT", "/api/adminLanguage", { languages: "English" });
    for (const languages of ["Klingon", "", undefined]) {
      const res = await ctx.call("PUT", "/api/adminLanguage", { languages });
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toMatchObject([{ path: "languages", message: expect.any(String) }]);
    }
    expect((await login()).languages).toBe("English");
  });

  it("needs a session", async () => {
    const res = await ctx.app.inject({
      method: "PUT",
      url: "/api/adminLanguage",
      payload: { languages: "English" },
    });
    expect(res.statusCode).toBe(401);
  });
});
