/**
 * Cash-wallet withdrawal requests. A request is decided once: the status
 * moves from processing in one conditional UPDATE, so of any number of racing
 * decisions exactly one wins; approval pays out of the cash wallet in the
 * same transaction.
 */
import type { ListQuery, WithdrawRequest } from "@store/contract";
import { and, eq, gte, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { currencies, users, userWallets, withdrawRequests } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { conflict, type HttpError, notFound } from "../../lib/errors";
import { type ListSpec, listClauses, type Page, readPage, searchCondition } from "../../lib/paging";

/** The store sells in ringgit; a deleted user's request is shown in it. */
const DEFAULT_CURRENCY_SYMBOL = "RM";

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
  // The cash wallet as it stands now (no wallet reads as 0.00).
  c_wallet_amt: sql<string>`coalesce(${userWallets.c_wallet_amt}, 0.00)::numeric(12,2)::text`,
  withdraw_status: withdrawRequests.withdraw_status,
  request_at: withdrawRequests.request_at,
  cashOut_at: withdrawRequests.cashOut_at,
  rejected_at: withdrawRequests.rejected_at,
  reversed_at: withdrawRequests.reversed_at,
};

function selectRequests(db: Tx) {
  return db
    .select(requestColumns)
    .from(withdrawRequests)
    .leftJoin(users, eq(users.user_id, withdrawRequests.user_id))
    .leftJoin(currencies, eq(currencies.currency_code, users.currency))
    .leftJoin(userWallets, eq(userWallets.user_id, withdrawRequests.user_id))
    .$dynamic();
}

/** A sort on the payee's column: users in that order, each one's requests by id. */
const byUser = (column: PgColumn) => ({
  by: column,
  parent: { table: users, key: users.user_id, column },
  fk: withdrawRequests.user_id,
});

const ownSearch = [
  withdrawRequests.payee_username,
  withdrawRequests.bank_acc,
  withdrawRequests.bank_name,
  withdrawRequests.withdraw_status,
];
const userSearch = [users.username, users.f_name, users.l_name, users.email, users.contact];

const listSpec: ListSpec = {
  search: [...userSearch, ...ownSearch],
  // One indexed select per table: an OR across the join could use neither's trigram indexes.
  searchKeys: (pattern) => sql`select ${withdrawRequests.withdraw_id} from ${withdrawRequests}
    where ${searchCondition(ownSearch, pattern)}
    union select ${withdrawRequests.withdraw_id} from ${users}
    join ${withdrawRequests} on ${eq(withdrawRequests.user_id, users.user_id)}
    where ${searchCondition(userSearch, pattern)}`,
  sort: {
    withdraw_id: withdrawRequests.withdraw_id,
    username: byUser(users.username),
    f_name: byUser(users.f_name),
    email: byUser(users.email),
    bank_name: withdrawRequests.bank_name,
    withdraw_amt: withdrawRequests.withdraw_amt,
    withdraw_status: withdrawRequests.withdraw_status,
    request_at: withdrawRequests.request_at,
    cashOut_at: withdrawRequests.cashOut_at,
    rejected_at: withdrawRequests.rejected_at,
  },
  defaultOrder: { by: withdrawRequests.request_at, order: "desc" },
  key: withdrawRequests.withdraw_id,
  total: "withdraw_requests",
};

export async function listRequests(db: Tx, query: ListQuery): Promise<Page<WithdrawRequest>> {
  const clauses = listClauses(query, listSpec);
  return readPage(db, clauses, {
    table: withdrawRequests,
    joins: sql` left join ${users} on ${eq(users.user_id, withdrawRequests.user_id)}`,
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

/**
 * PUT withdrawRequest/{id}: approve (completed, cashOut_at now, rejected_at
 * null, the amount taken from the cash wallet) or reject (rejected,
 * rejected_at now, cashOut_at null). Only while processing; anything else is
 * 409 and changes nothing.
 */
export async function decideRequest(
  db: Db,
  actor: Actor,
  withdrawId: number,
  decision: Decision,
): Promise<WithdrawRequest> {
  return db.transaction(async (tx) => {
    const stamps =
      decision === "completed"
        ? { withdraw_status: decision, cashOut_at: sql`now()`, rejected_at: null }
        : { withdraw_status: decision, rejected_at: sql`now()`, cashOut_at: null };
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
    if (decision === "completed") {
      // A processing request's user exists: deleting a user deletes their open requests.
      await payOut(tx, actor, decided.user_id ?? 0, decided.withdraw_amt);
    }
    const after = await findRequest(tx, withdrawId);
    if (!after) throw notFound("Withdrawal request");
    await recordAudit(tx, actor, {
      entity: "WithdrawRequest",
      entityId: withdrawId,
      action: "update",
      before: { withdraw_status: "processing" },
      after: decided,
    });
    return after;
  });
}

async function whyUndecidable(tx: Tx, withdrawId: number): Promise<HttpError> {
  const [current] = await tx
    .select({ status: withdrawRequests.withdraw_status })
    .from(withdrawRequests)
    .where(eq(withdrawRequests.withdraw_id, withdrawId));
  if (!current) return notFound("Withdrawal request");
  return conflict(
    `This withdrawal request is already ${current.status}; only a processing request can be approved or rejected.`,
  );
}

/** Takes the amount from the cash wallet, exactly (numeric), or refuses when it is short. */
async function payOut(tx: Tx, actor: Actor, userId: number, amount: string): Promise<void> {
  const [before] = await tx
    .select()
    .from(userWallets)
    .where(eq(userWallets.user_id, userId))
    .for("update");
  const [after] = await tx
    .update(userWallets)
    .set({ c_wallet_amt: sql`${userWallets.c_wallet_amt} - ${amount}::numeric` })
    .where(and(eq(userWallets.user_id, userId), gte(userWallets.c_wallet_amt, amount)))
    .returning();
  if (!before || !after) {
    const held = before?.c_wallet_amt ?? "0.00";
    throw conflict(
      `The cash wallet holds RM ${held}, less than the RM ${amount} requested; the request stays processing.`,
    );
  }
  await recordAudit(tx, actor, {
    entity: "Wallet",
    entityId: after.wallet_id,
    action: "update",
    before,
    after,
  });
}
