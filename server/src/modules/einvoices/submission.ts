/**
 * Sending documents to MyInvois and following them to LHDN's answer, as jobs
 * (docs/decisions/einvoices.md): a document is sent by one job, which one
 * server runs at a time (modules/jobs), and only while it is a draft; its
 * status is then polled until LHDN validates or refuses it. A transient
 * failure (MyInvois down, rate limited) is retried by the queue with backoff.
 */
import { createHash } from "node:crypto";
import {
  EINVOICE_CANCEL_HOURS,
  EINVOICE_INDIVIDUAL_FROM,
  type Einvoice,
  type EinvoiceError,
} from "@store/contract";
import { and, eq, or, sql } from "drizzle-orm";
import type { PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import {
  commissionPeriods,
  einvoiceOrders,
  einvoices,
  orderReturns,
  orders,
} from "../../db/schema";
import { STORE_TODAY } from "../../db/storeZone";
import { type Actor, recordAudit } from "../../lib/audit";
import { conflict, HttpError, notFound } from "../../lib/errors";
import { requireVersion } from "../../lib/versions";
import { enqueueJob } from "../jobs/queue";
import type { JobContext } from "../jobs/runner";
import { type MyinvoisAccess, readStoreTaxIdentity } from "./build";
import { documentsForOrder, NOTE_TYPE, SOLD } from "./documents";
import { createMyinvoisClient, MyInvoisError, type MyinvoisClient } from "./myinvois";
import { consolidateMonth, getEinvoice, selfBillPeriod } from "./service";

export const EINVOICE_POLL_JOB = "einvoice.poll";
export const EINVOICE_ORDER_JOB = "einvoice.order";
export const EINVOICE_DAILY_JOB = "einvoice.daily";

/**
 * Polls of one submission before the daily job takes over: the first after
 * 2 s (LHDN validates in seconds), then 3 s, 6 s, … up to 5 minutes apart.
 */
const POLLS = 12;
/** The first look's wait; tests that play LHDN answering at once set it to 0. */
export const POLLING = { firstSeconds: 2 };
const pollDelay = (n: number) => (n === 0 ? POLLING.firstSeconds : Math.min(3 * 2 ** (n - 1), 300));

/** One client per access, so its token is reused between jobs (LHDN limits token requests). */
const clients = new Map<string, MyinvoisClient>();
export function clientFor(access: MyinvoisAccess): MyinvoisClient {
  const key = createHash("sha256")
    .update([access.baseUrl, access.identityUrl, access.clientId, access.clientSecret].join("\n"))
    .digest("hex");
  let client = clients.get(key);
  if (!client) {
    client = createMyinvoisClient(access);
    clients.set(key, client);
  }
  return client;
}

const errorsOf = (error: MyInvoisError): EinvoiceError[] =>
  error.details.length > 0 ? error.details : [{ code: error.code, message: error.message }];

async function readRow(db: Db, id: number) {
  const [row] = await db.select().from(einvoices).where(eq(einvoices.einvoice_id, id));
  return row;
}

/** Moves a document on from `from` (a later or earlier change of status wins over a stale one). */
async function moveOn(
  db: Db | Tx,
  id: number,
  from: string,
  values: PgUpdateSetSource<typeof einvoices>,
) {
  const [after] = await db
    .update(einvoices)
    .set({
      ...values,
      sending_until: null,
      updated_at: sql`now()`,
      version: sql`${einvoices.version} + 1`,
    })
    .where(and(eq(einvoices.einvoice_id, id), sql`${einvoices.status} = ${from}`))
    .returning();
  return after;
}

/** einvoice.submit: sends one draft; LHDN's refusal is kept, a transient failure retried. */
export async function submitEinvoice(db: Db, { job }: JobContext) {
  const { einvoice_id } = job.payload as { einvoice_id: number };
  const { access } = await readStoreTaxIdentity(db);
  // Held for this send: another server's job finds it held (or no longer a draft) and leaves it.
  const [row] = await db
    .update(einvoices)
    .set({ sending_until: sql`now() + interval '2 minutes'` })
    .where(
      and(
        eq(einvoices.einvoice_id, einvoice_id),
        eq(einvoices.status, "draft"),
        sql`coalesce(${einvoices.sending_until}, '-infinity') < now()`,
      ),
    )
    .returning();
  if (!row) return { skipped: "not a draft, or being sent" };
  const bytes = Buffer.from(row.document, "utf8");
  try {
    const result = await clientFor(access).submit([
      { codeNumber: row.internal_id, bytes, hash: row.document_hash },
    ]);
    const accepted = result.accepted.find((a) => a.codeNumber === row.internal_id);
    const rejected = result.rejected.find((r) => r.codeNumber === row.internal_id);
    if (accepted && result.submissionUid) {
      await db.transaction(async (tx) => {
        await moveOn(tx, einvoice_id, "draft", {
          status: "submitted",
          uuid: accepted.uuid,
          submission_uid: result.submissionUid,
          submitted_at: sql`now()`,
          errors: [],
        });
        await queuePoll(tx, einvoice_id, result.submissionUid as string, 0);
      });
      return { submitted: accepted.uuid };
    }
    const errors = rejected
      ? rejected.errors.length > 0
        ? rejected.errors
        : [rejected.error]
      : [{ code: "NotAccepted", message: "MyInvois accepted no document of the submission." }];
    await moveOn(db, einvoice_id, "draft", { status: "invalid", errors });
    return { rejected: errors.length };
  } catch (error) {
    if (error instanceof MyInvoisError && !error.transient) {
      await moveOn(db, einvoice_id, "draft", { status: "invalid", errors: errorsOf(error) });
      return { rejected: error.code };
    }
    // Let go for the queue's next try.
    await db
      .update(einvoices)
      .set({ sending_until: null })
      .where(eq(einvoices.einvoice_id, einvoice_id));
    throw error;
  }
}

/** The n-th look at a submission (each submission its own, so a document sent again is followed again). */
async function queuePoll(tx: Tx, einvoiceId: number, submission: string, n: number) {
  await enqueueJob(tx, {
    kind: EINVOICE_POLL_JOB,
    key: `einvoice:${einvoiceId}:${submission}:poll:${n}`,
    payload: { einvoice_id: einvoiceId, n },
    afterSeconds: pollDelay(n),
  });
}

/** einvoice.poll: LHDN's answer on a submitted document (Get Submission), or another look later. */
export async function pollEinvoice(db: Db, { job }: JobContext) {
  const { einvoice_id, n } = job.payload as { einvoice_id: number; n: number };
  const row = await readRow(db, einvoice_id);
  if (row?.status !== "submitted" || !row.uuid || !row.submission_uid)
    return { skipped: row?.status ?? "gone" };
  const { access } = await readStoreTaxIdentity(db);
  const client = clientFor(access);
  const submission = await client.submission(row.submission_uid);
  const answer = submission.documents.find((d) => d.uuid === row.uuid);
  if (answer?.status === "Valid") {
    await moveOn(db, einvoice_id, "submitted", {
      status: "valid",
      long_id: answer.longId,
      validated_at: answer.dateTimeValidated
        ? sql`${answer.dateTimeValidated}::timestamptz`
        : sql`now()`,
    });
    return { status: "valid" };
  }
  if (answer?.status === "Invalid") {
    const { errors } = await client.details(row.uuid);
    await moveOn(db, einvoice_id, "submitted", { status: "invalid", errors });
    return { status: "invalid" };
  }
  if (answer?.status === "Cancelled") {
    await db.transaction(async (tx) => {
      await moveOn(tx, einvoice_id, "submitted", { status: "cancelled", cancelled_at: sql`now()` });
      await tx.delete(einvoiceOrders).where(eq(einvoiceOrders.einvoice_id, einvoice_id));
    });
    return { status: "cancelled" };
  }
  if (n + 1 < POLLS)
    await db.transaction((tx) => queuePoll(tx, einvoice_id, row.submission_uid as string, n + 1));
  return { status: "submitted", polls: n + 1 };
}

/** einvoice.order: what an order's change calls for (its own invoice, a note). */
export async function einvoicesForOrder(db: Db, { job }: JobContext) {
  const { orders_id } = job.payload as { orders_id: number };
  return db.transaction(async (tx) => {
    const identity = await readStoreTaxIdentity(tx).catch(() => undefined);
    if (!identity) return { skipped: "not set up" };
    const made = await documentsForOrder(tx, null, identity, orders_id);
    return { made: made.map((row) => row.internal_id) };
  });
}

async function isSetUp(tx: Tx): Promise<boolean> {
  const [setUp] = (
    await tx.execute<{ ready: boolean }>(
      sql`select tin <> '' as ready from settings where setting_id = 1`,
    )
  ).rows;
  return setUp?.ready === true;
}

/** Whether the order has returns or refunds recorded: each has its own note (queueReturnEinvoice). */
async function hasReturnRecords(tx: Tx, ordersId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: orderReturns.return_id })
    .from(orderReturns)
    .where(eq(orderReturns.orders_id, ordersId))
    .limit(1);
  return row !== undefined;
}

/**
 * Called in an order's change's transaction: once e-invoices are set up, a
 * payment, cancel, refund or return of an order queues its look. An order
 * refunded or returned by its recorded returns and refunds has their notes,
 * which cover it all: no look for a whole-order note.
 */
export async function queueOrderEinvoices(
  tx: Tx,
  ordersId: number,
  status: number,
  version: number,
) {
  if (!SOLD.includes(status) && !NOTE_TYPE[status]) return;
  if (!(await isSetUp(tx))) return;
  if (NOTE_TYPE[status] && (await hasReturnRecords(tx, ordersId))) return;
  await enqueueJob(tx, {
    kind: EINVOICE_ORDER_JOB,
    key: `order:${ordersId}:${version}`,
    payload: { orders_id: ordersId },
  });
}

/** Called in a return's or refund's transaction: a look at its order, which makes the record's note. */
export async function queueReturnEinvoice(tx: Tx, returnId: number) {
  if (!(await isSetUp(tx))) return;
  const [given] = await tx
    .select({ orders_id: orderReturns.orders_id })
    .from(orderReturns)
    .where(eq(orderReturns.return_id, returnId));
  if (!given) return;
  await enqueueJob(tx, {
    kind: EINVOICE_ORDER_JOB,
    key: `return:${returnId}`,
    payload: { orders_id: given.orders_id },
  });
}

/** The store's today and day of the month in its recorded zone. */
async function today(db: Db): Promise<{ day: number; lastMonth: string }> {
  const [row] = (
    await db.execute<{ day: number; last_month: string }>(sql`
      select extract(day from d)::int as day, to_char(d - interval '1 month', 'YYYY-MM') as last_month
      from (select ${STORE_TODAY} as d) t`)
  ).rows;
  return { day: Number(row?.day), lastMonth: String(row?.last_month) };
}

/**
 * einvoice.daily: the month's consolidated invoice in the first week after it
 * ends; the orders of the last 35 days whose invoice or note was not made when
 * they changed; a look at documents left submitted.
 */
export async function einvoicesDaily(db: Db) {
  const identity = await db.transaction((tx) => readStoreTaxIdentity(tx)).catch(() => undefined);
  if (!identity) return { skipped: "not set up" };
  const { day, lastMonth } = await today(db);
  const consolidated = day <= 7 ? await consolidateMonth(db, null, lastMonth) : [];
  // The agents of periods released in the last 35 days.
  const periods = await db
    .select({ id: commissionPeriods.period_id })
    .from(commissionPeriods)
    .where(
      and(
        eq(commissionPeriods.status, "released"),
        sql`${commissionPeriods.released_at} > now() - interval '35 days'`,
      ),
    );
  let selfBilled = 0;
  for (const { id } of periods) selfBilled += (await selfBillPeriod(db, null, id)).length;
  const due = await db
    .select({ id: orders.orders_id })
    .from(orders)
    .where(
      or(
        and(
          sql`${orders.updated_at} > now() - interval '35 days'`,
          // Named in full: inside the subqueries a bare orders_id would be their own.
          sql`(${orders.order_status} in (7, 8, 9) and exists (select from einvoice_orders e
            where e.orders_id = "orders"."orders_id" and e.kind = 'invoice'))
          or (${orders.order_status} in (2, 3, 4, 5, 6) and (${orders.total_price} >= ${EINVOICE_INDIVIDUAL_FROM}
            or exists (select from order_buyers b where b.orders_id = "orders"."orders_id")))`,
        ),
        // A return of the last 70 days without its note: made before the month's invoice (up to
        // 7 days after the month) was, or before the order's own invoice was sent.
        sql`exists (select from order_returns r join einvoice_orders e
            on e.orders_id = r.orders_id and e.kind = 'invoice'
          where r.orders_id = "orders"."orders_id" and r.refund_amount > 0
            and r.created_at > now() - interval '70 days'
            and not exists (select from einvoices n where n.orders_id = r.orders_id
              and n.status <> 'cancelled' and (n.internal_id = r.credit_note_number
                or n.internal_id like r.credit_note_number || '-%')))`,
      ),
    );
  let made = 0;
  for (const { id } of due) {
    made += (await db.transaction((tx) => documentsForOrder(tx, null, identity, id))).length;
  }
  const waiting = await db
    .select({ id: einvoices.einvoice_id, submission: einvoices.submission_uid })
    .from(einvoices)
    .where(
      and(
        eq(einvoices.status, "submitted"),
        sql`${einvoices.submitted_at} < now() - interval '10 minutes'`,
      ),
    );
  const stamp = new Date().toISOString().slice(0, 10);
  for (const { id, submission } of waiting) {
    await db.transaction((tx) => queuePoll(tx, id, `${submission}:${stamp}`, POLLS - 1));
  }
  return { consolidated: consolidated.length, selfBilled, made, polled: waiting.length };
}

/**
 * POST einvoices/{id}/cancel: a valid document, within 72 hours of its
 * validation, cancelled at LHDN and then here; its orders may be invoiced again.
 */
export async function cancelEinvoice(
  db: Db,
  actor: Actor,
  id: number,
  reason: string,
  expected?: number,
): Promise<Einvoice> {
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx
      .select()
      .from(einvoices)
      .where(eq(einvoices.einvoice_id, id))
      .for("update");
    if (!locked) throw notFound("E-invoice");
    await requireVersion(tx, { entity: "Einvoice", id, row: locked }, expected);
    if (locked.status !== "valid" || !locked.uuid)
      throw conflict(
        "einvoice_status",
        { status: locked.status },
        `Only a valid e-invoice can be cancelled; this one is ${locked.status}.`,
      );
    const [open] = (
      await tx.execute<{ open: boolean }>(
        sql`select ${locked.validated_at}::timestamptz > now() - make_interval(hours => ${EINVOICE_CANCEL_HOURS}) as open`,
      )
    ).rows;
    if (!open?.open) throw windowPassed();
    return locked;
  });
  const { access } = await readStoreTaxIdentity(db);
  try {
    await clientFor(access).cancel(row.uuid as string, reason);
  } catch (error) {
    if (error instanceof MyInvoisError && error.code === "OperationPeriodOver")
      throw windowPassed();
    if (error instanceof MyInvoisError && error.transient)
      throw new HttpError(
        503,
        "myinvois_unavailable",
        {},
        "MyInvois did not answer; try again later.",
      );
    if (error instanceof MyInvoisError)
      throw conflict(
        "myinvois_refused",
        { message: error.message },
        `MyInvois refused: ${error.message}`,
      );
    throw error;
  }
  await db.transaction(async (tx) => {
    await moveOn(tx, id, "valid", {
      status: "cancelled",
      cancelled_at: sql`now()`,
      cancel_reason: reason,
    });
    await tx.delete(einvoiceOrders).where(eq(einvoiceOrders.einvoice_id, id));
    await recordAudit(tx, actor, {
      entity: "Einvoice",
      entityId: id,
      action: "update",
      before: { status: "valid" },
      after: { status: "cancelled", cancel_reason: reason },
    });
  });
  return getEinvoice(db, id);
}

const windowPassed = () =>
  conflict(
    "cancel_window_passed",
    { hours: EINVOICE_CANCEL_HOURS },
    `An e-invoice can be cancelled only within ${EINVOICE_CANCEL_HOURS} hours of its validation; issue a credit note instead.`,
  );
