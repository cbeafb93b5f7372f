/**
 * The /messages and /messageTemplates calls (issue 41, docs/decisions/messages.md):
 * the outbox listed without what was sent, a message sent again once, a
 * template saved only with the names its event offers (If-Match, audited),
 * previewed with a real message's values or examples, and sent as a test to
 * the caller's own e-mail.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, jobs, messages } from "../src/db/schema";
import { queueMessage, recipientOf } from "../src/modules/messages/outbox";
import { ensureMessageTemplates } from "../src/modules/messages/templates";
import { createTestContext, type TestContext } from "./helpers";
import { createStaff } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await ensureMessageTemplates(ctx.db);
});
afterAll(() => ctx?.close());

/** A message in the outbox to the admin (user 1) about an order, as an event would write it. */
async function queued(about: string, variables: Record<string, string>) {
  return ctx.db.transaction(async (tx) => {
    const to = await recipientOf(tx, 1);
    if (!to) throw new Error("the admin has no e-mail");
    const id = await queueMessage(tx, { event: "order_shipped", about, to, variables });
    if (id === null) throw new Error("nothing queued");
    return id;
  });
}

const shipped = { order_number: "ORD-7001", tracking_number: "MY-TRACK-1", courier: "J&T Express" };

describe("GET messages and resend", () => {
  it("lists the outbox without the text or values, searches and filters it; a resend queues it again once", async () => {
    const id = await queued("order:7001:shipped", shipped);
    const listed = await ctx.call("GET", "/api/messages?q=ORD-7001&event=order_shipped");
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.headers["x-total-count"]).toBe("1");
    const [row] = listed.json();
    expect(row).toMatchObject({ message_id: id, status: "queued", tries: 0, language: "en" });
    expect(row.subject).toContain("ORD-7001");
    for (const secret of ["html", "text", "variables", "message_key"])
      expect(row).not.toHaveProperty(secret);
    expect((await ctx.call("GET", "/api/messages?status=sent&q=ORD-7001")).json()).toEqual([]);
    const csv = await ctx.call("GET", "/api/messages?_format=csv&q=ORD-7001");
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.body).toContain("ORD-7001");
    expect(csv.body).not.toContain("J&T Express");

    // Queued already: nothing to send again.
    const early = await ctx.call("POST", `/api/messages/${id}/resend`);
    expect(early.statusCode, early.body).toBe(409);
    expect(early.json().code).toBe("message_queued");

    await ctx.db
      .update(messages)
      .set({ status: "failed", tries: 9, last_error: "Connection refused" })
      .where(eq(messages.message_id, id));
    const failed = (await ctx.call("GET", `/api/messages?message_id=${id}`)).json()[0];
    const stale = await ctx.app.inject({
      method: "POST",
      url: `/api/messages/${id}/resend`,
      headers: { cookie: ctx.cookie, "if-match": `"${failed.version - 1}"` },
    });
    expect(stale.statusCode).toBe(412);
    const resent = await ctx.app.inject({
      method: "POST",
      url: `/api/messages/${id}/resend`,
      headers: { cookie: ctx.cookie, "if-match": `"${failed.version}"` },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json()).toMatchObject({ status: "queued", tries: 0, last_error: null });
    // Failed, it never arrived: the same Message-ID.
    expect(resent.json().smtp_message_id).toBe(row.smtp_message_id);
    const sends = await ctx.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(and(eq(jobs.kind, "message.send")));
    expect(sends.map((j) => j.key)).toContain(`${id}:${resent.json().version}`);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "Message"), eq(auditLog.entity_id, String(id))));
    expect(audit).toMatchObject({ action: "update", actor_username: "admin" });
    expect(audit?.label).toBe(row.recipient);

    // Sent, a copy asked for is a new message to the reader's mail reader.
    await ctx.db.update(messages).set({ status: "sent" }).where(eq(messages.message_id, id));
    const sent = (await ctx.call("GET", `/api/messages?message_id=${id}`)).json()[0];
    const again = await ctx.call("POST", `/api/messages/${id}/resend`);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().smtp_message_id).not.toBe(sent.smtp_message_id);
    expect(again.json().smtp_message_id).toMatch(/^<[^@]+@[^>]+>$/);
  });

  it("refuses a person who may only view messages a resend, and one without messages:view the list", async () => {
    const viewer = await createStaff(ctx, ["messages:view"]);
    expect((await viewer.call("GET", "/api/messages")).statusCode).toBe(200);
    expect((await viewer.call("POST", "/api/messages/1/resend")).statusCode).toBe(403);
    const other = await createStaff(ctx, ["jobs:view"]);
    expect((await other.call("GET", "/api/messages")).statusCode).toBe(403);
    expect((await other.call("GET", "/api/messageTemplates")).statusCode).toBe(403);
  });
});

describe("message templates", () => {
  it("answers every event in each language, with the names each may use", async () => {
    const res = await ctx.call("GET", "/api/messageTemplates");
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json() as { event: string; language: string; variables: string[] }[];
    expect(rows).toHaveLength(13 * 3);
    const ms = rows.find((r) => r.event === "order_shipped" && r.language === "ms");
    expect(ms).toMatchObject({ edited: false });
    expect(ms?.variables).toEqual([
      "store_name",
      "name",
      "order_number",
      "tracking_number",
      "courier",
    ]);
  });

  it("saves a template naming only its event's values, with If-Match and an audit row", async () => {
    const current = (await ctx.call("GET", "/api/messageTemplates"))
      .json()
      .find(
        (r: { event: string; language: string }) =>
          r.event === "order_shipped" && r.language === "ms",
      );
    const url = "/api/messageTemplates/order_shipped/ms";
    const unknown = await ctx.app.inject({
      method: "PUT",
      url,
      headers: { cookie: ctx.cookie, "if-match": `"${current.version}"` },
      payload: { subject: "Pesanan {{order_number}}", body: "Jumlah {{total}}" },
    });
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json()).toMatchObject({ code: "unknown_variable", params: { name: "total" } });
    expect(unknown.json().params.allowed).toContain("tracking_number");

    const input = {
      subject: "Pesanan {{order_number}} dalam perjalanan",
      body: "Hai {{name}},\n\nNombor penjejakan: {{tracking_number}} ({{courier}}).",
    };
    const saved = await ctx.app.inject({
      method: "PUT",
      url,
      headers: { cookie: ctx.cookie, "if-match": `"${current.version}"` },
      payload: input,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ ...input, edited: true, version: current.version + 1 });
    // The same version again: someone saved meanwhile.
    const stale = await ctx.app.inject({
      method: "PUT",
      url,
      headers: { cookie: ctx.cookie, "if-match": `"${current.version}"` },
      payload: { ...input, subject: "Lain" },
    });
    expect(stale.statusCode).toBe(412);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, "MessageTemplate"), eq(auditLog.entity_id, "order_shipped:ms")),
      );
    expect(audit?.label).toBe("order_shipped · ms");
    expect(audit?.after).toMatchObject({ subject: input.subject });
  });

  it("previews unsaved text with the latest real message's values, else examples; checked as a save", async () => {
    const url = "/api/messageTemplates/kyc_rejected/zh/preview";
    const example = await ctx.call("POST", url, { subject: "KYC {{reason}}", body: "{{reason}}" });
    expect(example.statusCode, example.body).toBe(200);
    expect(example.json().subject).toBe("KYC The photo of the identity card is not readable");

    await queued("order:7002:shipped", { ...shipped, order_number: "ORD-7002" });
    const real = await ctx.call("POST", "/api/messageTemplates/order_shipped/en/preview", {
      subject: "Shipped {{order_number}}",
      body: "Track {{tracking_number}} with {{courier}}",
    });
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json().subject).toBe("Shipped ORD-7002");
    expect(real.json().text).toContain("MY-TRACK-1");
    expect(real.json().html).toContain("MY-TRACK-1");

    const refused = await ctx.call("POST", url, { subject: "x", body: "{{order_number}}" });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe("unknown_variable");

    // A live reset link is its recipient's alone: a preview (or a test) draws examples only.
    await ctx.db.transaction(async (tx) => {
      const to = await recipientOf(tx, 1);
      if (!to) throw new Error("the admin has no e-mail");
      await queueMessage(tx, {
        event: "password_reset",
        about: "password_reset:live",
        to,
        variables: { link: "https://store.test/reset-password?token=LIVE-TOKEN", minutes: "30" },
      });
    });
    const reset = await ctx.call("POST", "/api/messageTemplates/password_reset/en/preview", {
      subject: "Reset",
      body: "{{link}}",
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().text).not.toContain("LIVE-TOKEN");
    expect(reset.json().text).toContain("token=example");
  });

  it("sends a test of the saved template to the caller's own e-mail, in the template's language", async () => {
    const res = await ctx.call("POST", "/api/messageTemplates/order_shipped/ms/test");
    expect(res.statusCode, res.body).toBe(202);
    const admin = await ctx.db.transaction((tx) => recipientOf(tx, 1));
    expect(res.json()).toMatchObject({
      event: "order_shipped",
      language: "ms",
      recipient: admin?.email,
      status: "queued",
    });
    // The Malay text saved above, with the latest message's values.
    expect(res.json().subject).toBe("Pesanan ORD-7002 dalam perjalanan");
    const again = await ctx.call("POST", "/api/messageTemplates/order_shipped/ms/test");
    expect(again.json().message_id).not.toBe(res.json().message_id);
  });
});
