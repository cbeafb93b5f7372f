/**
 * Payout batches (docs/decisions/payout-batches.md): completed withdrawal
 * requests, whose money already left the cash wallet by their `withdrawal`
 * entry, gathered into one run to the bank. A request is in one batch at most
 * (the lines' unique withdraw_id); draft → released (two people above the
 * second-approval amount, as four-eyes payouts) → reconciled when every line
 * has the bank's answer. A failed line puts its amount back in the member's
 * cash wallet once: a `payout_failed` entry the database allows once per
 * request, and the request is marked reversed so no Reverse pays it again.
 */
import { createHash } from "node:crypto";
import {
  type BankFileFormat,
  fromSen,
  type ListQuery,
  type PayoutBatch,
  type PayoutBatchDetail,
  type PayoutBatchLine,
  toSen,
} from "@store/contract";
import { and, asc, eq, getTableColumns, inArray, sql } from "drizzle-orm";
import { requireStepUp, type SessionCaller } from "../../auth/service";
import type { Db, Tx } from "../../db/client";
import {
  payoutBatches,
  payoutBatchFiles,
  payoutBatchLines,
  settings,
  users,
  withdrawRequests,
} from "../../db/schema";
import { STORE_TODAY } from "../../db/storeZone";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, mapPage, type Page, readPage } from "../../lib/lists";
import { requireVersion } from "../../lib/versions";
import { assertKycVerified } from "../kyc/gate";
import { secondApprovalAbove } from "../ledger/fourEyes";
import { netOf } from "../tax/withholding";
import { lineReference, writeBankFile } from "./bankFile";

export type BatchRow = typeof payoutBatches.$inferSelect;

/** Today in the store's zone (the reports' zone, migration 0024): a file's payment date. */
const TODAY = sql<string>`${STORE_TODAY}::text`;

const counts = {
  paid_count: sql<number>`(select count(*)::int from ${payoutBatchLines} l
    where l.batch_id = ${payoutBatches.batch_id} and l.result = 'paid')`,
  failed_count: sql<number>`(select count(*)::int from ${payoutBatchLines} l
    where l.batch_id = ${payoutBatches.batch_id} and l.result = 'failed')`,
};

const batchColumns = { ...getTableColumns(payoutBatches), ...counts };

function batchRecord(row: BatchRow & { paid_count: number; failed_count: number }): PayoutBatch {
  return {
    batch_id: row.batch_id,
    status: row.status,
    total: fromSen(toSen(row.total)),
    line_count: row.line_count,
    paid_count: row.paid_count,
    failed_count: row.failed_count,
    created_by_username: row.created_username,
    created_at: row.created_at,
    first_released_by: row.first_released_by,
    first_released_by_username: row.first_released_username,
    first_released_at: row.first_released_at,
    released_by_username: row.released_username,
    released_at: row.released_at,
    reconciled_at: row.reconciled_at,
    version: row.version,
  };
}

/** GET payoutBatches: newest first; a store makes a few a week. */
const listSpec = defineList({
  fields: fieldsOf(getTableColumns(payoutBatches)),
  search: [payoutBatches.status],
  defaultOrder: { by: payoutBatches.batch_id, order: "desc" },
  key: payoutBatches.batch_id,
});

export async function listBatches(db: Tx, query: ListQuery): Promise<Page<PayoutBatch>> {
  const clauses = listClauses(query, listSpec);
  const page = await readPage(db, clauses, {
    table: payoutBatches,
    rows: (where, orderBy) =>
      db
        .select(batchColumns)
        .from(payoutBatches)
        .where(where)
        .orderBy(...orderBy),
    keyOf: (row) => row.batch_id,
  });
  return page.export
    ? (page as unknown as Page<PayoutBatch>)
    : mapPage(page, async (rows) => rows.map(batchRecord));
}

export async function linesOf(tx: Tx, batchId: number) {
  return tx
    .select({
      ...getTableColumns(payoutBatchLines),
      user_id: withdrawRequests.user_id,
    })
    .from(payoutBatchLines)
    .innerJoin(withdrawRequests, eq(withdrawRequests.withdraw_id, payoutBatchLines.withdraw_id))
    .where(eq(payoutBatchLines.batch_id, batchId))
    .orderBy(asc(payoutBatchLines.line_id));
}

export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

function lineRecord(line: LineRow): PayoutBatchLine {
  return {
    line_id: line.line_id,
    withdraw_id: line.withdraw_id,
    user_id: line.user_id,
    username: line.username,
    payee_name: line.payee_name,
    bank_name: line.bank_name,
    bank_acc: line.bank_acc,
    amount: line.amount,
    reference: lineReference(line.withdraw_id),
    result: line.result,
    result_reason: line.result_reason,
    result_at: line.result_at,
    refunded: line.refund_entry_id !== null,
  };
}

/** GET payoutBatches/{id}: the batch, its lines in file order, the files kept. */
export async function getBatch(tx: Tx, batchId: number): Promise<PayoutBatchDetail> {
  const [row] = await tx
    .select(batchColumns)
    .from(payoutBatches)
    .where(eq(payoutBatches.batch_id, batchId));
  if (!row) throw notFound("Payout batch");
  const files = await tx
    .select()
    .from(payoutBatchFiles)
    .where(eq(payoutBatchFiles.batch_id, batchId))
    .orderBy(asc(payoutBatchFiles.created_at), asc(payoutBatchFiles.format));
  return {
    ...batchRecord(row),
    lines: (await linesOf(tx, batchId)).map(lineRecord),
    files: files.map((f) => ({
      format: f.format,
      file_name: f.file_name,
      sha256: f.sha256,
      rows: f.rows,
      total: fromSen(toSen(f.total)),
      created_by_username: f.created_username,
      created_at: f.created_at,
    })),
  };
}

const alreadyBatched = (id: number, batch: number) =>
  conflict(
    "already_batched",
    { id, batch },
    `Withdrawal request #${id} is already in payout batch #${batch}; a request is paid in one batch only.`,
  );

/** The first of `ids` already in a batch, read afresh (after a lost race for the unique index). */
async function batchedOne(db: Tx, ids: number[]) {
  const [line] = await db
    .select({ withdraw_id: payoutBatchLines.withdraw_id, batch_id: payoutBatchLines.batch_id })
    .from(payoutBatchLines)
    .where(inArray(payoutBatchLines.withdraw_id, ids))
    .orderBy(asc(payoutBatchLines.withdraw_id))
    .limit(1);
  return line;
}

const PG_UNIQUE_VIOLATION = "23505";
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === PG_UNIQUE_VIOLATION) return true;
  }
  return false;
}

/**
 * POST payoutBatches: the requests locked in id order (so two racing batches
 * of the same request queue; the second then sees the first's line and
 * answers 409 already_batched), each checked completed, not reversed, in no
 * batch; the batch and its lines written with the payee as they are now.
 * The lines' unique index is the last word if anything slips past.
 */
export async function createBatch(
  db: Db,
  actor: Actor,
  withdrawIds: number[],
): Promise<PayoutBatchDetail> {
  const ids = [...new Set(withdrawIds)].sort((a, b) => a - b);
  try {
    return await db.transaction(async (tx) => {
      const requests = await tx
        .select({
          withdraw_id: withdrawRequests.withdraw_id,
          user_id: withdrawRequests.user_id,
          withdraw_status: withdrawRequests.withdraw_status,
          reversed_at: withdrawRequests.reversed_at,
          withdraw_amt: withdrawRequests.withdraw_amt,
          net_amt: withdrawRequests.net_amt,
          bank_name: withdrawRequests.bank_name,
          bank_acc: withdrawRequests.bank_acc,
          payee_username: withdrawRequests.payee_username,
          username: users.username,
          f_name: users.f_name,
          l_name: users.l_name,
        })
        .from(withdrawRequests)
        .leftJoin(users, eq(users.user_id, withdrawRequests.user_id))
        .where(inArray(withdrawRequests.withdraw_id, ids))
        .orderBy(asc(withdrawRequests.withdraw_id))
        .for("update", { of: withdrawRequests });
      const found = new Set(requests.map((r) => r.withdraw_id));
      const missing = ids.find((id) => !found.has(id));
      if (missing !== undefined) {
        throw badRequest(
          "withdraw_ids",
          "withdrawal_unknown",
          { id: missing },
          `There is no withdrawal request #${missing}.`,
        );
      }
      for (const r of requests) {
        if (r.withdraw_status !== "completed" || r.reversed_at !== null) {
          const status = r.reversed_at !== null ? "reversed" : r.withdraw_status;
          throw conflict(
            "payout_not_batchable",
            { id: r.withdraw_id, status },
            `Withdrawal request #${r.withdraw_id} is ${status}; only an approved (completed) request, not reversed, goes into a payout batch.`,
          );
        }
      }
      const taken = await batchedOne(tx, ids);
      if (taken) throw alreadyBatched(taken.withdraw_id, taken.batch_id);
      // The store's KYC rule, when on: only verified members are paid (modules/kyc/gate.ts).
      await assertKycVerified(
        tx,
        requests.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
      );
      // The bank is sent what was not withheld under s.107D (modules/tax/withholding.ts).
      const total = requests.reduce((sum, r) => sum + toSen(netOf(r)), 0n);
      const [batch] = await tx
        .insert(payoutBatches)
        .values({
          total: fromSen(total),
          line_count: requests.length,
          created_by: actor.user_id,
          created_username: actor.username,
        })
        .returning();
      if (!batch) throw new Error("The payout batch was not written.");
      await tx.insert(payoutBatchLines).values(
        requests.map((r) => {
          const username = r.username ?? r.payee_username ?? "";
          const name = `${r.f_name ?? ""} ${r.l_name ?? ""}`.replace(/\s+/g, " ").trim();
          return {
            batch_id: batch.batch_id,
            withdraw_id: r.withdraw_id,
            username,
            payee_name: name || username,
            bank_name: r.bank_name,
            bank_acc: r.bank_acc,
            amount: netOf(r),
          };
        }),
      );
      await recordAudit(tx, actor, {
        entity: "PayoutBatch",
        entityId: batch.batch_id,
        action: "create",
        after: { ...batch, withdraw_ids: ids },
      });
      return getBatch(tx, batch.batch_id);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const taken = await batchedOne(db, ids);
    if (!taken) throw error;
    throw alreadyBatched(taken.withdraw_id, taken.batch_id);
  }
}

export async function lockBatch(tx: Tx, batchId: number, expected: number | undefined) {
  const [row] = await tx
    .select()
    .from(payoutBatches)
    .where(eq(payoutBatches.batch_id, batchId))
    .for("update");
  if (!row) throw notFound("Payout batch");
  await requireVersion(tx, { entity: "PayoutBatch", id: batchId, row }, expected);
  return row;
}

/**
 * POST payoutBatches/{id}/release: a draft batch may now go to the bank.
 * Above the second-approval amount (its total) two different people, each
 * with a fresh step-up: the first is recorded (`first: true`, answered 202),
 * the second releases; the same person again is 409. Once a first release is
 * recorded, a second person is needed whatever the setting says later.
 */
export async function releaseBatch(
  db: Db,
  approver: Actor & Pick<SessionCaller, "step_up_at">,
  batchId: number,
  expected: number | undefined,
): Promise<{ batch: PayoutBatchDetail; first: boolean }> {
  return db.transaction(async (tx) => {
    const before = await lockBatch(tx, batchId, expected);
    if (before.status !== "draft") {
      throw conflict(
        "payout_batch_not_draft",
        { status: before.status },
        `This payout batch is ${before.status} already; only a draft batch is released.`,
      );
    }
    if (before.first_released_by === approver.user_id) {
      throw conflict(
        "second_approval_same_person",
        {},
        "You approved this payout already. A second, different person must approve it.",
      );
    }
    const above = await secondApprovalAbove(tx);
    const needsTwo =
      before.first_released_by !== null || (above !== null && toSen(before.total) > toSen(above));
    if (needsTwo) requireStepUp(approver);
    const first = needsTwo && before.first_released_by === null;
    const change = first
      ? {
          first_released_by: approver.user_id,
          first_released_username: approver.username,
          first_released_at: sql`now()`,
        }
      : {
          status: "released" as const,
          released_by: approver.user_id,
          released_username: approver.username,
          released_at: sql`now()`,
        };
    const [after] = await tx
      .update(payoutBatches)
      .set({ ...change, updated_at: sql`now()` })
      .where(eq(payoutBatches.batch_id, batchId))
      .returning();
    if (!after) throw new Error("The payout batch was not updated.");
    await recordAudit(tx, approver, {
      entity: "PayoutBatch",
      entityId: batchId,
      action: "update",
      before,
      after,
    });
    return { batch: await getBatch(tx, batchId), first };
  });
}

export const notReleased = (status: string) =>
  conflict(
    "payout_batch_not_released",
    { status },
    `This payout batch is ${status}; it goes to the bank, and the bank's answer is taken, once it is released.`,
  );

export interface KeptFile {
  file_name: string;
  content: string;
  sha256: string;
  extension: BankFileFormat["extension"];
}

/**
 * GET payoutBatches/{id}/file?format=…: the bulk-payment file of a released
 * batch. Made once per format and kept with the batch (with its sha-256), so
 * the bytes the bank was given can always be shown again; audited when made.
 */
export async function batchFile(
  db: Db,
  actor: Actor,
  batchId: number,
  format: BankFileFormat,
): Promise<KeptFile> {
  return db.transaction(async (tx) => {
    const batch = await lockBatch(tx, batchId, undefined);
    if (batch.status === "draft") throw notReleased(batch.status);
    const [kept] = await tx
      .select()
      .from(payoutBatchFiles)
      .where(and(eq(payoutBatchFiles.batch_id, batchId), eq(payoutBatchFiles.format, format.id)));
    if (kept) return { ...kept, extension: format.extension };
    const [store] = await tx
      .select({ name: settings.store_name })
      .from(settings)
      .where(eq(settings.setting_id, 1));
    const [today] = (await tx.execute<{ d: string }>(sql`select ${TODAY} as d`)).rows;
    const written = writeBankFile(format, {
      batch_id: batchId,
      total: batch.total,
      date: today?.d ?? "",
      store: store?.name ?? "",
      lines: await linesOf(tx, batchId),
    });
    const file = {
      batch_id: batchId,
      format: format.id,
      file_name: `payout-batch-${batchId}-${format.id}.${format.extension}`,
      content: written.content,
      sha256: createHash("sha256").update(written.content, "utf8").digest("hex"),
      rows: written.rows,
      total: written.total,
      created_by: actor.user_id,
      created_username: actor.username,
    };
    await tx.insert(payoutBatchFiles).values(file);
    const { content: _content, ...described } = file;
    await recordAudit(tx, actor, {
      entity: "PayoutBatch",
      entityId: batchId,
      action: "update",
      after: { file: described },
    });
    return { ...file, extension: format.extension };
  });
}
