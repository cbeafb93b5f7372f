import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, banners, testimonials, users } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";

let ctx: TestContext;
let customerId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const [customer] = await ctx.db
    .insert(users)
    .values({
      username: "SitiAminah",
      email: "siti@example.my",
      f_name: "Siti",
      l_name: "Aminah",
      contact: "0131112222",
      password_hash: "not-a-login",
      gender: "Female",
      role: "Member",
      languages: "English",
      currency: "MYR",
      user_status: 1,
    })
    .returning();
  customerId = customer!.user_id;
});
afterAll(() => ctx.close());

const banner = (overrides: Record<string, unknown> = {}) => ({
  title: "Raya Sale",
  subtitle: "Up to 50% off",
  banner_image: "raya-sale.png",
  banner_status: 1,
  ...overrides,
});

describe("banner", () => {
  it("creates, reads, lists, updates and deletes a banner", async () => {
    const created = await ctx.call("POST", "/api/banner", banner());
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({ ...banner(), banner_id: expect.any(Number), updated_at: null });
    const id = body.banner_id as number;
    expect((await ctx.call("GET", `/api/banner/${id}`)).json()).toEqual(body);
    const list = await ctx.call("GET", "/api/banner");
    expect(list.json().map((b: { banner_id: number }) => b.banner_id)).toContain(id);

    const updated = await ctx.call(
      "PUT",
      `/api/banner/${id}`,
      banner({ title: "Merdeka Sale", subtitle: "", banner_image: "", banner_status: "0" }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      title: "Merdeka Sale",
      subtitle: "",
      banner_image: "",
      banner_status: 0,
      updated_at: expect.any(String),
    });

    expect((await ctx.call("DELETE", `/api/banner/${id}`)).statusCode).toBe(200);
    expect((await ctx.call("GET", `/api/banner/${id}`)).statusCode).toBe(404);
    expect((await ctx.call("DELETE", `/api/banner/${id}`)).statusCode).toBe(404);
    expect(await ctx.db.$count(banners, eq(banners.banner_id, id))).toBe(0);
  });

  it("defaults a new banner to inactive and needs a title", async () => {
    const res = await ctx.call("POST", "/api/banner", { title: "Plain" });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ banner_status: 0, subtitle: "", banner_image: "" });
    const before = await ctx.db.$count(banners);
    for (const title of [undefined, "", "  "]) {
      const bad = await ctx.call("POST", "/api/banner", banner({ title }));
      expect(bad.statusCode).toBe(400);
      expect(bad.json().issues).toMatchObject([{ path: "title", message: "Title is required." }]);
    }
    const badImage = await ctx.call(
      "POST",
      "/api/banner",
      banner({ banner_image: "../etc/passwd" }),
    );
    expect(badImage.statusCode).toBe(400);
    expect(await ctx.db.$count(banners)).toBe(before);
  });

  it("pages and searches", async () => {
    for (let i = 1; i <= 4; i++)
      await ctx.call("POST", "/api/banner", banner({ title: `Findme ${i}` }));
    const res = await ctx.call("GET", "/api/banner?_page=1&_limit=3&q=findme");
    expect(res.headers["x-total-count"]).toBe("4");
    expect(res.json()).toHaveLength(3);
  });
});

const testimonial = (overrides: Record<string, unknown> = {}) => ({
  username: "SitiAminah",
  testimonial_title: "Fast delivery",
  testimonial_content: "Arrived in two days, well packed.",
  testimonial_status: 1,
  ...overrides,
});

describe("testimonials", () => {
  it("creates with an existing user, answers the user's names, updates and soft-deletes", async () => {
    // The username is matched case-insensitively and stored as the user spells it.
    const created = await ctx.call(
      "POST",
      "/api/testimonials",
      testimonial({ username: "sitiaminah" }),
    );
    expect(created.statusCode).toBe(201);
    const body = created.json();
    expect(body).toMatchObject({
      testimonial_id: expect.any(Number),
      username: "SitiAminah",
      f_name: "Siti",
      l_name: "Aminah",
      testimonial_title: "Fast delivery",
      testimonial_status: 1,
      updated_at: null,
      deleted_at: null,
    });
    const id = body.testimonial_id as number;
    const [row] = await ctx.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.testimonial_id, id));
    expect(row?.user_id).toBe(customerId);

    expect((await ctx.call("GET", `/api/testimonials/${id}`)).json()).toEqual(body);
    const list = await ctx.call("GET", "/api/testimonials?_page=1&_limit=10&q=siti");
    expect(list.headers["x-total-count"]).toBe("1");
    expect(list.json()[0]).toMatchObject({ testimonial_id: id, f_name: "Siti" });

    // A renamed user shows the current name.
    await ctx.db.update(users).set({ f_name: "Sitti" }).where(eq(users.user_id, customerId));
    expect((await ctx.call("GET", `/api/testimonials/${id}`)).json().f_name).toBe("Sitti");

    const updated = await ctx.call(
      "PUT",
      `/api/testimonials/${id}`,
      testimonial({ username: "admin", testimonial_title: "Great service", testimonial_status: 0 }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({
      username: "admin",
      f_name: "Store",
      l_name: "Administrator",
      testimonial_title: "Great service",
      testimonial_status: 0,
      updated_at: expect.any(String),
    });

    expect((await ctx.call("DELETE", `/api/testimonials/${id}`)).statusCode).toBe(200);
    expect((await ctx.call("GET", `/api/testimonials/${id}`)).statusCode).toBe(404);
    expect((await ctx.call("PUT", `/api/testimonials/${id}`, testimonial())).statusCode).toBe(404);
    expect((await ctx.call("DELETE", `/api/testimonials/${id}`)).statusCode).toBe(404);
    const [kept] = await ctx.db
      .select()
      .from(testimonials)
      .where(eq(testimonials.testimonial_id, id));
    expect(kept?.deleted_at).toMatch(/^\d{4}-/);
    const listAfter = await ctx.call("GET", "/api/testimonials");
    expect(listAfter.json().map((t: { testimonial_id: number }) => t.testimonial_id)).not.toContain(
      id,
    );
    const audits = await ctx.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entity, "Testimonial"));
    expect(audits.map((a) => a.action)).toEqual(["create", "update", "delete"]);
  });

  it("refuses a username that is not a user with a plain 400, writing nothing", async () => {
    const before = await ctx.db.$count(testimonials);
    const res = await ctx.call("POST", "/api/testimonials", testimonial({ username: "ghost" }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: "Customer username must be an existing user.",
      issues: [{ path: "username", message: "Customer username must be an existing user." }],
    });
    const created = await ctx.call("POST", "/api/testimonials", testimonial());
    const id = created.json().testimonial_id;
    const put = await ctx.call(
      "PUT",
      `/api/testimonials/${id}`,
      testimonial({ username: "ghost", testimonial_title: "Changed" }),
    );
    expect(put.statusCode).toBe(400);
    expect((await ctx.call("GET", `/api/testimonials/${id}`)).json().testimonial_title).toBe(
      "Fast delivery",
    );
    expect(await ctx.db.$count(testimonials)).toBe(before + 1);
  });

  it("requires the customer username and the title", async () => {
    for (const [field, message] of [
      ["username", "Customer username is required."],
      ["testimonial_title", "Testimonial title is required."],
    ] as const) {
      const res = await ctx.call("POST", "/api/testimonials", testimonial({ [field]: "" }));
      expect(res.statusCode).toBe(400);
      expect(res.json().issues).toContainEqual(expect.objectContaining({ path: field, message }));
    }
    const noContent = await ctx.call(
      "POST",
      "/api/testimonials",
      testimonial({ testimonial_content: undefined }),
    );
    expect(noContent.statusCode).toBe(201);
    expect(noContent.json()).toMatchObject({ testimonial_content: "" });
  });

  it("keeps a testimonial whose user was deleted, without names", async () => {
    const [gone] = await ctx.db
      .insert(users)
      .values({
        username: "leaving",
        email: "leaving@example.my",
        f_name: "Lee",
        l_name: "Ving",
        contact: "0100000000",
        password_hash: "x",
        gender: "Male",
        role: "Member",
        languages: "English",
        currency: "MYR",
      })
      .returning();
    const created = await ctx.call(
      "POST",
      "/api/testimonials",
      testimonial({ username: "leaving" }),
    );
    await ctx.db.delete(users).where(eq(users.user_id, gone!.user_id));
    const read = await ctx.call("GET", `/api/testimonials/${created.json().testimonial_id}`);
    expect(read.json()).toMatchObject({ username: "leaving", f_name: null, l_name: null });
  });
});
