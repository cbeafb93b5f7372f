/**
 * Cash-wallet withdrawal requests. A request is decided once: the status
 * moves from processing in one conditional UPDATE, so of any number of racing
 * decisions exactly one wins; approval pays out of the cash wallet in the
 * same transaction, by a ledger entry (modules/ledger/service.ts).
 */

import type { ListQuery, WithdrawRequest } from "@store/contract";
import { toSen } from "@store/contract";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { alias } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import {
  currencies,
  payoutBatchLines,
  settings,
  users,
  userWallets,
  withdrawRequests,
} from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { conflict, type HttpError, notFound } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, indexedSearch, listClauses, type Page, readPage } from "../../lib/lists";
import { accountDigitsOf } from "../../lib/phones";
import { requireVersion } from "../../lib/versions";
import { kycStatusOf } from "../kyc/columns";
import { assertKycVerified } from "../kyc/gate";
import { type Approver, approvalStage } from "../ledger/fourEyes";
import { owedBy, recoverOwed } from "../ledger/owed";
import { postEntry } from "../ledger/service";
import { holdMember } from "../membership/hold";
import { userSearch } from "../people/search";
import { giveBackWithholding, withholdFromPayout } from "../tax/withholding";
import { tellDecision, tellWithdrawal } from "./messages";

/** The store sells in ringgit; a deleted user's request is shown in it. */
const DEFAULT_CURRENCY_SYMBOL = "RM";

/** Who approved first (four-eyes payouts), joined under a name of its own. */
const firstApprover = alias(users, "first_approver");

const requestColumns = {
  withdraw_id: withdrawRequests.withdraw_id,
  user_id: withdrawRequests.user_id,
  // A deleted user's decided requests stay, with the username kept at deletion.
  username: sql<string>`coalesce(${users.username}, ${withdrawRequests.payee_username}, '')`,
  f_name: sql<string>`coalesce(${users.f_name}, '')`,
  l_name: sql<string>`coalesce(${users.l_name}, '')`,
  email: sql<string>`coalesce(${users.email}, '')`,
  contact: sql<string>`coalesce(${users.contact}, '')`,
  bank_acc: withdrawRequests.bank_acc,
  bank_name: withdrawRequests.bank_name,
  currency_symbol: sql<string>`coalesce(${currencies.currency_symbol}, ${DEFAULT_CURRENCY_SYMBOL})`,
  withdraw_amt: withdrawRequests.withdraw_amt,
  // s.107D: what the approval withheld for the tax authority and what the bank is sent (modules/tax/withholding.ts).
  tax_withheld: withdrawRequests.tax_withheld,
  net_amt: withdrawRequests.net_amt,
  // The cash wallet as it stands now (no wallet reads as 0.00).
  c_wallet_amt: sql<string>`coalesce(${userWallets.c_wallet_amt}, 0.00)::numeric(12,2)::text`,
  // The member's KYC status (docs/decisions/kyc.md): one read of user_kyc's key per row.
  kyc_status: kycStatusOf(withdrawRequests.user_id),
  withdraw_status: withdrawRequests.withdraw_status,
  request_at: withdrawRequests.request_at,
  cashOut_at: withdrawRequests.cashOut_at,
  rejected_at: withdrawRequests.rejected_at,
  reversed_at: withdrawRequests.reversed_at,
  first_approved_by: withdrawRequests.first_approved_by,
  first_approved_by_username: firstApprover.username,
  first_approved_at: withdrawRequests.first_approved_at,
  // Its payout batch, if any, and the bank's answer (modules/payouts; a failed one's reason).
  payout_batch_id: payoutBatchLines.batch_id,
  payout_result: payoutBatchLines.result,
  payout_reason: payoutBatchLines.result_reason,
  version: withdrawRequests.version,
};

function selectRequests(db: Tx) {
  return db
    .select(requestColumns)
    .from(withdrawRequests)
    .leftJoin(users, eq(users.user_id, withdrawRequests.user_id))
    .leftJoin(currencies, eq(currencies.currency_code, users.currency))
    .leftJoin(userWallets, eq(userWallets.user_id, withdrawRequests.user_id))
    .leftJoin(firstApprover, eq(firstApprover.user_id, withdrawRequests.first_approved_by))
    .leftJoin(payoutBatchLines, eq(payoutBatchLines.withdraw_id, withdrawRequests.withdraw_id))
    .$dynamic();
}

/** A sort on the payee's column: users in that order, each one's requests by id. */
const byUser = (column: PgColumn) => ({
  by: column,
  parent: { table: users, key: users.user_id, column },
  fk: withdrawRequests.user_id,
});

// The account number as typed and by its digits alone (lib/phones.ts).
const ownSearch = [
  withdrawRequests.payee_username,
  withdrawRequests.bank_acc,
  withdrawRequests.bank_name,
  withdrawRequests.withdraw_status,
  accountDigitsOf(withdrawRequests, "bank_acc"),
];

const listSpec = defineList({
  search: [...userSearch, ...ownSearch],
  // One indexed select per table: an OR across the join could use neither's trigram indexes.
  searchKeys: (q) => sql`select ${withdrawRequests.withdraw_id} from ${withdrawRequests}
    where ${indexedSearch(ownSearch, q)}
    union select ${withdrawRequests.withdraw_id} from ${users}
    join ${withdrawRequests} on ${eq(withdrawRequests.user_id, users.user_id)}
    where ${indexedSearch(userSearch, q)}`,
  sort: {
    username: byUser(users.username),
    f_name: byUser(users.f_name),
    l_name: byUser(users.l_name),
    email: byUser(users.email),
    contact: byUser(users.contact),
  },
  defaultOrder: { by: withdrawRequests.request_at, order: "desc" },
  key: withdrawRequests.withdraw_id,
  scale: "large",
  because: "every cash-out of every member, kept for the books",
  total: "withdraw_requests",
  fields: {
    ...fieldsOf(requestColumns),
    // Compared as the amount it is, not its text.
    c_wallet_amt: { by: sql`coalesce(${userWallets.c_wallet_amt}, 0.00)`, type: "number" },
    // 1: a processing request one person has approved, awaiting a second (the list's filter).
    awaiting_second_approval: {
      by: sql`(${withdrawRequests.withdraw_status} = 'processing' and ${withdrawRequests.first_approved_by} is not null)::int`,
      type: "int",
    },
    // 1: in a payout batch; 0: not (a completed one may still be batched).
    in_payout_batch: {
      by: sql`(${payoutBatchLines.batch_id} is not null)::int`,
      type: "int",
    },
  },
  // Requests per status: GET notifications counts the processing ones.
  totals: { more: [{ prefix: "withdraw_requests.status:", bucket: "c.withdraw_status" }] },
});

export async function listRequests(db: Tx, query: ListQuery): Promise<Page<WithdrawRequest>> {
  const clauses = listClauses(query, listSpec);
  return readPage(db, clauses, {
    table: withdrawRequests,
    joins: sql` left join ${users} on ${eq(users.user_id, withdrawRequests.user_id)}
      left join ${currencies} on ${eq(currencies.currency_code, users.currency)}
      left join ${userWallets} on ${eq(userWallets.user_id, withdrawRequests.user_id)}
      left join ${users} ${firstApprover} on ${eq(firstApprover.user_id, withdrawRequests.first_approved_by)}
      left join ${payoutBatchLines} on ${eq(payoutBatchLines.withdraw_id, withdrawRequests.withdraw_id)}`,
    rows: (where, orderBy) =>
      selectRequests(db)
        .where(where)
        .orderBy(...orderBy),
    keyOf: (row) => row.withdraw_id,
  });
}

export async function findRequest(
  db: Tx,
  withdrawId: number,
): Promise<WithdrawRequest | undefined> {
  const [row] = await selectRequests(db)
    .where(eq(withdrawRequests.withdraw_id, withdrawId))
    .limit(1);
  return row;
}

export type Decision = "completed" | "rejected";

/** A decided request, and whether it was a first approval that awaits a second person (202). */
export interface Decided {
  request: WithdrawRequest;
  awaitingSecond: boolean;
}

/**
 * PUT withdrawRequest/{id}: approve (completed, cashOut_at now, rejected_at
 * null, the amount taken from the cash wallet by a `withdrawal` ledger entry)
 * or reject (rejected, rejected_at now, cashOut_at null, a first approval
 * cleared). Only while processing; anything else is 409 and changes nothing.
 * An approval outside the store's minimum and maximum (settings record 1), or
 * for an inactive member, is 409 too. Above the second-approval amount the
 * first approval is only recorded (fourEyes.ts).
 */
export async function decideRequest(
  db: Db,
  actor: Approver,
  withdrawId: number,
  decision: Decision,
  expected?: number,
): Promise<Decided> {
  return db.transaction(async (tx) => {
    // Locked first: of racing decisions, each later one sees what the earlier did.
    const current = await lockRequest(tx, withdrawId);
    await requireVersion(tx, { entity: "WithdrawRequest", id: withdrawId, row: current }, expected);
    if (current.withdraw_status !== "processing") throw await whyUndecidable(tx, withdrawId);
    if (decision === "completed") {
      // One person's approvals of one member are summed one at a time (fourEyes.ts).
      await lockCashWallet(tx, current.user_id);
      await assertOwesNothing(tx, current.user_id);
      // The store's KYC rule, when on: only a verified member is paid (docs/decisions/kyc.md).
      if (current.user_id !== null) await assertKycVerified(tx, [current.user_id]);
    }
    const stage = decision === "completed" ? await approvalStage(tx, actor, current) : "single";
    if (stage === "first") return recordFirstApproval(tx, actor, current);
    const stamps =
      decision === "completed"
        ? { withdraw_status: decision, cashOut_at: sql`now()`, rejected_at: null }
        : {
            withdraw_status: decision,
            rejected_at: sql`now()`,
            cashOut_at: null,
            first_approved_by: null,
            first_approved_at: null,
          };
    const [decided] = await tx
      .update(withdrawRequests)
      .set(stamps)
      .where(
        and(
          eq(withdrawRequests.withdraw_id, withdrawId),
          eq(withdrawRequests.withdraw_status, "processing"),
        ),
      )
      .returning();
    if (!decided) throw await whyUndecidable(tx, withdrawId);
    await tellDecision(tx, decision, decided);
    let stamped = decided;
    if (decision === "completed") {
      await assertWithinLimits(tx, decided.withdraw_amt);
      await assertActive(tx, decided.user_id);
      // A processing request's user exists: deleting a user deletes their open requests.
      const payee = { ...decided, user_id: decided.user_id ?? 0 };
      await payOut(tx, actor, payee.user_id, decided.withdraw_amt, withdrawId);
      // s.107D: of the amount taken, 2% kept for the tax authority when the member is above the line.
      stamped = { ...decided, ...(await withholdFromPayout(tx, actor, payee)) };
    }
    const after = await findRequest(tx, withdrawId);
    if (!after) throw notFound("Withdrawal request");
    await recordAudit(tx, actor, {
      entity: "WithdrawRequest",
      entityId: withdrawId,
      action: "update",
      before: current,
      after: stamped,
    });
    return { request: after, awaitingSecond: false };
  });
}

/**
 * The request locked, its member held first (a deletion locks the member, their wallet, then
 * their requests). Its member never changes but to none, when deleted, which the locked read shows.
 */
async function lockRequest(tx: Tx, withdrawId: number) {
  const [owner] = await tx
    .select({ user_id: withdrawRequests.user_id })
    .from(withdrawRequests)
    .where(eq(withdrawRequests.withdraw_id, withdrawId));
  if (!owner) throw notFound("Withdrawal request");
  await holdMember(tx, owner.user_id);
  const [locked] = await tx
    .select()
    .from(withdrawRequests)
    .where(eq(withdrawRequests.withdraw_id, withdrawId))
    .for("update");
  if (!locked) throw notFound("Withdrawal request");
  return locked;
}

/**
 * The member's cash wallet row, locked before an approval's stage is worked
 * out: the lock the payout takes anyway (postEntry), taken earlier, after the
 * request (the order of a member's deletion is the member first, held above).
 */
async function lockCashWallet(tx: Tx, userId: number | null): Promise<void> {
  if (userId === null) return;
  await tx
    .select({ user_id: userWallets.user_id })
    .from(userWallets)
    .where(eq(userWallets.user_id, userId))
    .for("update");
}

/**
 * A member who owes the store cash (a reversed commission the cash wallet
 * could not cover, docs/decisions/order-money-follows-status.md) is paid
 * nothing until it is recovered: 409 naming the amount.
 */
async function assertOwesNothing(tx: Tx, userId: number | null): Promise<void> {
  if (userId === null) return;
  const owed = await owedBy(tx, userId);
  if (toSen(owed.cash_wallet) === 0n) return;
  const [member] = await tx
    .select({ username: users.username })
    .from(users)
    .where(eq(users.user_id, userId));
  const name = member?.username ?? String(userId);
  throw conflict(
    "withdrawal_member_owes",
    { name, amount: owed.cash_wallet },
    `${name} owes the store RM ${owed.cash_wallet} from reversed commissions; it is recovered from their next credits, and nothing is paid out before. The request stays processing.`,
  );
}

/** The first of two approvals: checked as an approval would be (limits, an active
 * member), recorded with who and when, audited; no money moves. */
async function recordFirstApproval(
  tx: Tx,
  actor: Actor,
  current: typeof withdrawRequests.$inferSelect,
): Promise<Decided> {
  await assertWithinLimits(tx, current.withdraw_amt);
  await assertActive(tx, current.user_id);
  const [approved] = await tx
    .update(withdrawRequests)
    .set({ first_approved_by: actor.user_id, first_approved_at: sql`now()` })
    .where(eq(withdrawRequests.withdraw_id, current.withdraw_id))
    .returning();
  const after = await findRequest(tx, current.withdraw_id);
  if (!approved || !after) throw notFound("Withdrawal request");
  await recordAudit(tx, actor, {
    entity: "WithdrawRequest",
    entityId: current.withdraw_id,
    action: "update",
    before: { first_approved_by: null, first_approved_at: null },
    after: {
      first_approved_by: approved.first_approved_by,
      first_approved_at: approved.first_approved_at,
    },
  });
  return { request: after, awaitingSecond: true };
}

async function whyUndecidable(tx: Tx, withdrawId: number): Promise<HttpError> {
  const [current] = await tx
    .select({ status: withdrawRequests.withdraw_status })
    .from(withdrawRequests)
    .where(eq(withdrawRequests.withdraw_id, withdrawId));
  if (!current) return notFound("Withdrawal request");
  return conflict(
    "withdrawal_decided",
    { status: current.status },
    `This withdrawal request is already ${current.status}; only a processing request can be approved or rejected.`,
  );
}

/** The store's minimum and maximum withdrawal (settings record 1), compared exactly in sen. */
async function assertWithinLimits(tx: Tx, amount: string): Promise<void> {
  const [limits] = await tx
    .select({ min: settings.withdraw_min_amt, max: settings.withdraw_max_amt })
    .from(settings)
    .where(eq(settings.setting_id, 1));
  if (!limits) return;
  const asked = toSen(amount);
  if (asked < toSen(limits.min)) {
    throw conflict(
      "withdrawal_below_min",
      { amount, min: limits.min },
      `RM ${amount} is below the store's minimum withdrawal of RM ${limits.min}; the request stays processing.`,
    );
  }
  if (limits.max !== null && asked > toSen(limits.max)) {
    throw conflict(
      "withdrawal_above_max",
      { amount, max: limits.max },
      `RM ${amount} is above the store's maximum withdrawal of RM ${limits.max}; the request stays processing.`,
    );
  }
}

/** An inactive member's withdrawal cannot be approved (docs/REQUIREMENTS.md section 4, "Payout rules"). */
async function assertActive(tx: Tx, userId: number | null): Promise<void> {
  if (userId === null) return;
  const [member] = await tx
    .select({ username: users.username, status: users.user_status })
    .from(users)
    .where(eq(users.user_id, userId));
  if (member && member.status !== 1) {
    throw conflict(
      "withdrawal_member_inactive",
      { name: member.username },
      `${member.username} is inactive; an inactive member's withdrawal cannot be approved. The request stays processing.`,
    );
  }
}

/** Takes the amount from the cash wallet by a `withdrawal` entry, or refuses when it is short. */
async function payOut(
  tx: Tx,
  actor: Actor,
  userId: number,
  amount: string,
  withdrawId: number,
): Promise<void> {
  await postEntry(tx, actor, {
    userId,
    account: "cash_wallet",
    amount: `-${amount}`,
    reason: "withdrawal",
    ref: { type: "withdrawal", id: withdrawId },
    onShort: (held) =>
      conflict(
        "withdrawal_above_balance",
        { held, amount },
        `The cash wallet holds RM ${held}, less than the RM ${amount} requested; the request stays processing.`,
      ),
  });
}

/**
 * PUT withdrawRequest/{id}/reverse: a completed request that must be undone
 * (the bank returned the transfer, it was paid in error). The amount goes back
 * to the cash wallet as a `withdrawal_reversal` entry with the administrator's
 * note; the request keeps its history and gains reversed_at. Once only: the
 * stamp is set by one conditional UPDATE, so of racing reversals one wins.
 */
export async function reverseRequest(
  db: Db,
  actor: Actor,
  withdrawId: number,
  note: string,
  expected?: number,
): Promise<WithdrawRequest> {
  return db.transaction(async (tx) => {
    const current = await lockRequest(tx, withdrawId);
    await requireVersion(tx, { entity: "WithdrawRequest", id: withdrawId, row: current }, expected);
    const [reversed] = await tx
      .update(withdrawRequests)
      .set({ reversed_at: sql`now()` })
      .where(
        and(
          eq(withdrawRequests.withdraw_id, withdrawId),
          eq(withdrawRequests.withdraw_status, "completed"),
          isNull(withdrawRequests.reversed_at),
        ),
      )
      .returning();
    if (!reversed) throw await whyIrreversible(tx, withdrawId);
    if (reversed.user_id === null) {
      throw conflict(
        "withdrawal_member_deleted",
        {},
        "The member of this request has been deleted; there is no cash wallet to put the amount back into.",
      );
    }
    const credit = await postEntry(tx, actor, {
      userId: reversed.user_id,
      account: "cash_wallet",
      amount: reversed.withdraw_amt,
      reason: "withdrawal_reversal",
      ref: { type: "withdrawal", id: withdrawId },
      note,
    });
    // What the member owes is recovered from every credit, this one too.
    if (credit) await recoverOwed(tx, actor, reversed.user_id, "cash_wallet", credit.amount);
    await tellWithdrawal(tx, "withdrawal_reversed", reversed, { reason: note });
    // The whole amount is back in the cash wallet: the part withheld is owed to the tax authority no more.
    await giveBackWithholding(tx, actor, { ...reversed, user_id: reversed.user_id }, note);
    const after = await findRequest(tx, withdrawId);
    if (!after) throw notFound("Withdrawal request");
    await recordAudit(tx, actor, {
      entity: "WithdrawRequest",
      entityId: withdrawId,
      action: "update",
      before: { reversed_at: null },
      after: { ...reversed, note },
    });
    return after;
  });
}

async function whyIrreversible(tx: Tx, withdrawId: number): Promise<HttpError> {
  const [current] = await tx
    .select({
      status: withdrawRequests.withdraw_status,
      reversed_at: withdrawRequests.reversed_at,
    })
    .from(withdrawRequests)
    .where(eq(withdrawRequests.withdraw_id, withdrawId));
  if (!current) return notFound("Withdrawal request");
  if (current.reversed_at !== null) {
    return conflict(
      "withdrawal_reversed",
      { date: current.reversed_at },
      `This withdrawal request was already reversed on ${current.reversed_at}.`,
    );
  }
  return conflict(
    "withdrawal_not_reversible",
    { status: current.status },
    `This withdrawal request is ${current.status}; only a completed request can be reversed.`,
  );
}
