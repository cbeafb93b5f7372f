/**
 * Every event sends its message (issue 41, docs/decisions/messages.md), over
 * HTTP on a real database, through a real SMTP server run in-process
 * (test/support/smtpServer.ts, each mail parsed by mailparser): each event one
 * message to the right address in the member's language, amounts as the
 * screens write them, the confirmed order's invoice attached; the mail server
 * down or refusing for a while and then back: every message arrives once;
 * two job runners on one database: no duplicate; a change rolled back sends
 * nothing; a member who opted out hears only of their money and orders.
 * The rules the same on both engines run on PostgreSQL in `npm test`
 * (`onPostgres`); PGlite sends an order's messages, the KYC ones through a
 * mail server away, and checks that two runners sent each once.
 */

import { and, eq, like, sql } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  messages,
  products,
  settings,
  shippingMethods,
  users,
  withdrawRequests,
} from "../src/db/schema";
import { MESSAGE_ATTACHMENTS } from "../src/modules/index";
import { type JobRunner, startJobRunner } from "../src/modules/jobs/runner";
import { MESSAGE_SEND_JOB } from "../src/modules/messages/outbox";
import { sendMessageJob } from "../src/modules/messages/send";
import { createTestContext, type TestContext, until } from "./helpers";
import { setCommission } from "./ledger.fixtures";
import { ADDRESS, insertCategory, insertProduct } from "./orderAdd.fixtures";
import { insertRequest, insertUser } from "./people.fixtures";
import { stepUp } from "./staff.fixtures";
import { type SmtpTestServer, startSmtpServer } from "./support/smtpServer";
import { onPostgres } from "./tier";

let ctx: TestContext;
let smtp: SmtpTestServer;
let runners: JobRunner[] = [];
let category = 0;
let posLaju = 0;
/** Members in each language (Gold: 5% Member Earning), and a referrer who earns on Malay's orders. */
const member = { en: 0, ms: 0, zh: 0, referrer: 0 };
const emailOf = new Map<number, string>();

beforeAll(async () => {
  ctx = await createTestContext();
  smtp = await startSmtpServer();
  const handlers = {
    [MESSAGE_SEND_JOB]: sendMessageJob(
      { url: smtp.url, from: "Kedai Harmoni <shop@kedai.my>" },
      MESSAGE_ATTACHMENTS,
    ),
  };
  // Two servers on one store: each message is sent by one of them.
  runners = [
    startJobRunner(ctx.db, handlers, {
      pollMs: 5,
      log: { info() {}, error: (m) => console.error(m) },
    }),
    startJobRunner(ctx.db, handlers, { pollMs: 5 }),
  ];
  ctx.app.jobs.wake = () => {
    for (const r of runners) r.wake();
  };
  await setCommission(ctx.db, 1);
  await ctx.db
    .update(settings)
    .set({ free_shipping_above: null })
    .where(eq(settings.setting_id, 1));
  category = await insertCategory(ctx.db);
  const [ship] = await ctx.db
    .select({ id: shippingMethods.ship_id })
    .from(shippingMethods)
    .where(eq(shippingMethods.shipping_name, "Pos Laju"));
  posLaju = ship?.id ?? 0;
  const person = async (languages: string, values: Record<string, unknown> = {}) => {
    const id = await insertUser(
      ctx.db,
      { membership: 3, languages, f_name: "Aminah", l_name: languages, ...values },
      { c_wallet_amt: "5000.00" },
    );
    await remember(id);
    return id;
  };
  member.referrer = await person("English");
  member.en = await person("English");
  member.ms = await person("Bahasa Melayu", { referral_of: member.referrer });
  member.zh = await person("中文");
  await stepUp(ctx);
});
afterAll(async () => {
  for (const r of runners) await r.stop(1000);
  await smtp?.stop();
  await ctx?.close();
});

/** Keeps the member's e-mail, to find their mails by. */
async function remember(userId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.user_id, userId));
  emailOf.set(userId, row?.email ?? "");
}

const addressOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [])
    .flatMap((a) => a.value.map((v) => v.address ?? ""))
    .join(",");

/** The mails that reached `userId`'s address whose subject has `subject` in it. */
const mailsTo = (userId: number, subject: string) =>
  smtp.mails.filter((m) => addressOf(m) === emailOf.get(userId) && m.subject?.includes(subject));

/** Waits for exactly one such mail (a moment more for a second copy that would come), and answers it. */
async function oneMail(userId: number, subject: string): Promise<ParsedMail> {
  await until(
    async () => mailsTo(userId, subject).length,
    (n) => n >= 1,
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  const found = mailsTo(userId, subject);
  expect(found).toHaveLength(1);
  return found[0] as ParsedMail;
}

/** The outbox's rows of one event for one member. */
const outbox = (userId: number, event: string) =>
  ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.user_id, userId), eq(messages.event, event as "order_shipped")));

/** An order keyed in for `userId`: one line at `price` plus Pos Laju's RM 8.00. */
async function keyIn(userId: number, price: string) {
  const product = await insertProduct(ctx.db, category, { normal_price: price, stock_qtt: 5 });
  const res = await ctx.call("POST", "/api/orders", {
    user_id: userId,
    items: [{ product_id: product, quantity: 1 }],
    shipping_id: posLaju,
    ...ADDRESS,
  });
  expect(res.statusCode, res.body).toBe(201);
  return {
    ...(res.json() as { orders_id: number; order_number: string; points_earned: string }),
    product,
  };
}

const setStatus = async (id: number, order_status: number, tracking_number = "MY123456789") => {
  const res = await ctx.call("PUT", `/api/orders/${id}`, { order_status, tracking_number });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe("an order's messages", () => {
  it("keyed in, paid, shipped, complete, returned: each told once, in Malay, with its invoice", async () => {
    const order = await keyIn(member.ms, "1226.50");
    const confirmed = await oneMail(member.ms, `Pesanan anda ${order.order_number} telah disahkan`);
    expect(confirmed.text).toContain("RM 1,234.50");
    expect(confirmed.text).toContain("RM 8.00");
    const [invoice] = confirmed.attachments;
    expect(invoice?.contentType).toBe("application/pdf");
    expect(invoice?.content.subarray(0, 5).toString()).toBe("%PDF-");

    // Paid: the order is confirmed already, so no second confirmation.
    await setStatus(order.orders_id, 2);
    await setStatus(order.orders_id, 4, "EP123456789MY");
    const shipped = await oneMail(member.ms, `Pesanan anda ${order.order_number} sedang dihantar`);
    expect(shipped.text).toContain("EP123456789MY");
    expect(shipped.text).toContain("Pos Laju");
    expect(mailsTo(member.ms, "telah disahkan")).toHaveLength(1);

    await setStatus(order.orders_id, 6);
    const completed = await oneMail(member.ms, `Pesanan anda ${order.order_number} telah selesai`);
    expect(completed.text).toContain(`${order.points_earned} PV`);
    const commission = (await ctx.call("GET", `/api/orders/${order.orders_id}/commission`)).json();
    expect(commission.outcome).toBe("paid");
    const credited = await oneMail(member.referrer, "A commission of");
    expect(credited.subject).toBe(`A commission of RM ${commission.amount} for you`);
    expect(credited.text).toContain(`for order ${order.order_number}`);

    await setStatus(order.orders_id, 9);
    const returned = await oneMail(member.ms, `Pesanan anda ${order.order_number}: Dipulangkan`);
    expect(returned.text).toContain("RM 1,234.50");
    expect(returned.text).toContain(`PV ditarik balik: ${order.points_earned}`);
  });

  onPostgres(
    "an order whose change is refused sends nothing; a member who opted out hears only of money and orders",
    async () => {
      const optOut = await insertUser(ctx.db, { membership: 3, f_name: "Siti" }, {});
      await remember(optOut);
      const saved = await ctx.call("PUT", `/api/users/${optOut}`, { messages_opt_out: true });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().messages_opt_out).toBe(true);

      const order = await keyIn(optOut, "20.00");
      await oneMail(optOut, `Your order ${order.order_number} is confirmed`);
      await setStatus(order.orders_id, 6);
      await setStatus(order.orders_id, 7);
      const canceled = await oneMail(optOut, `Your order ${order.order_number}: Canceled`);
      expect(canceled.text).toContain("Amount given back: RM 28.00");
      expect(await outbox(optOut, "order_completed")).toHaveLength(0);
      expect(mailsTo(optOut, "is complete")).toHaveLength(0);

      // Shipped again once its product is sold out: refused (409), so no word of shipping.
      await ctx.db
        .update(products)
        .set({ stock_qtt: 0 })
        .where(eq(products.product_id, order.product));
      const refused = await ctx.call("PUT", `/api/orders/${order.orders_id}`, {
        order_status: 4,
        tracking_number: "EP999",
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(await outbox(optOut, "order_shipped")).toHaveLength(0);
    },
  );
});

describe("a withdrawal's messages", () => {
  onPostgres(
    "approved, reversed and rejected, in Chinese, with the account number masked",
    async () => {
      const id = await insertRequest(ctx.db, member.zh, "1234.50");
      const approve = await ctx.call("PUT", `/api/withdrawRequest/${id}`, {
        withdraw_status: "completed",
      });
      expect(approve.statusCode, approve.body).toBe(200);
      const approved = await oneMail(member.zh, "您的 RM 1,234.50 提现已批准");
      expect(approved.text).toContain("Maybank ******7890");
      expect(approved.text).not.toContain("1234567890");

      const reverse = await ctx.call("PUT", `/api/withdrawRequest/${id}/reverse`, {
        note: "The bank returned the transfer",
      });
      expect(reverse.statusCode, reverse.body).toBe(200);
      const reversed = await oneMail(member.zh, "您的 RM 1,234.50 提现已被撤回");
      expect(reversed.text).toContain("原因：The bank returned the transfer");

      const other = await insertRequest(ctx.db, member.zh, "50.00");
      const reject = await ctx.call("PUT", `/api/withdrawRequest/${other}`, {
        withdraw_status: "rejected",
      });
      expect(reject.statusCode, reject.body).toBe(200);
      await oneMail(member.zh, "您的 RM 50.00 提现未获批准");
    },
  );

  onPostgres("paid when the bank answers its payout batch", async () => {
    const id = await insertRequest(ctx.db, member.en, "60.00");
    expect(
      (await ctx.call("PUT", `/api/withdrawRequest/${id}`, { withdraw_status: "completed" }))
        .statusCode,
    ).toBe(200);
    const made = await ctx.call("POST", "/api/payoutBatches", { withdraw_ids: [id] });
    expect(made.statusCode, made.body).toBe(201);
    const batchId = made.json().batch_id as number;
    const released = await ctx.call("POST", `/api/payoutBatches/${batchId}/release`);
    expect(released.statusCode, released.body).toBe(200);
    const boundary = "----answer";
    const csv = `Payment Reference,Amount (RM),Status,Rejection Reason\r\nWR${id},60.00,Successful,\r\n`;
    const answered = await ctx.app.inject({
      method: "POST",
      url: `/api/payoutBatches/${batchId}/result`,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie: ctx.cookie },
      payload: Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\nContent-Type: text/csv\r\n\r\n${csv}\r\n--${boundary}--\r\n`,
      ),
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const paid = await oneMail(member.en, "Your withdrawal of RM 60.00 is paid");
    expect(paid.text).toContain(`#${id}`);
  });

  onPostgres(
    "an approval refused (above the cash wallet) rolls its message back with it",
    async () => {
      const poor = await insertUser(ctx.db, {}, { c_wallet_amt: "10.00" });
      const id = await insertRequest(ctx.db, poor, "900.00");
      const res = await ctx.call("PUT", `/api/withdrawRequest/${id}`, {
        withdraw_status: "completed",
      });
      expect(res.statusCode, res.body).toBe(409);
      const [request] = await ctx.db
        .select()
        .from(withdrawRequests)
        .where(eq(withdrawRequests.withdraw_id, id));
      expect(request?.withdraw_status).toBe("processing");
      expect(await outbox(poor, "withdrawal_approved")).toHaveLength(0);
    },
  );
});

describe("KYC and a mail server that is away", () => {
  const kyc = (userId: number, body: Record<string, unknown>) =>
    ctx.call("PUT", `/api/users/${userId}/kyc`, {
      nric: "900101-14-5678",
      bank_holder_name: "AMINAH",
      ...body,
    });

  /** Every queued sending due now: the queue's backoff (5 s and more) passed. */
  const backoffPassed = () =>
    ctx.db.execute(
      sql`update jobs set run_at = now() where kind = ${MESSAGE_SEND_JOB} and status = 'queued'`,
    );

  it("verified while the mail server is down, rejected while it refuses: each arrives once when it is back", async () => {
    await smtp.stop();
    expect((await kyc(member.zh, { status: "verified" })).statusCode).toBe(200);
    const [waiting] = await until(
      () => outbox(member.zh, "kyc_verified"),
      (rows) => (rows[0]?.tries ?? 0) >= 1,
    );
    expect(waiting).toMatchObject({ status: "queued" });
    expect(waiting?.last_error).toBeTruthy();
    await smtp.start();
    await backoffPassed();
    await oneMail(member.zh, "您的身份已验证");

    smtp.refuse(true);
    expect(
      (await kyc(member.en, { status: "rejected", reason: "The photo is blurred" })).statusCode,
    ).toBe(200);
    await until(
      () => outbox(member.en, "kyc_rejected"),
      (rows) => (rows[0]?.tries ?? 0) >= 1,
    );
    smtp.refuse(false);
    await backoffPassed();
    const rejected = await oneMail(member.en, "Your identity documents were not accepted");
    expect(rejected.text).toContain("Reason: The photo is blurred");
  });

  it("every message was sent once, by one of the two servers, under its own Message-ID", async () => {
    const rows = await ctx.db.select().from(messages).where(like(messages.recipient, "%@%"));
    expect(rows.length).toBeGreaterThan(5);
    await until(
      () => ctx.db.select().from(messages),
      (all) => all.every((m) => m.status === "sent"),
    );
    const ids = smtp.mails.map((m) => m.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(rows.length);
  });
});
