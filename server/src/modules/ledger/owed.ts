/**
 * Amounts owed from reversed orders (docs/decisions/order-money-follows-status.md). A reversal takes what the balance holds, never below
 * zero; the rest is owed (ledger_owed) and recovered first from the member's
 * next credit of that account (an order's, an adjustment, a withdrawal
 * reversal, an opening balance), by clawback_recovery entries that reference the
 * order whose reversal they complete. So for every order, its net entries less
 * what is still owed for it is what its status says it should hold.
 */
import { fromSen, type OwedAccount, type OwedSummary, toSen } from "@store/contract";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { ledgerOwed } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { formatAmount, postEntry } from "./service";

/** What is still owed for one order by one member, per account, in sen. */
export async function owedForOrder(
  tx: Tx,
  ordersId: number,
  userId: number,
  account: OwedAccount,
): Promise<bigint> {
  const [row] = await tx
    .select({
      owed: sql<string>`coalesce(sum(${ledgerOwed.amount} - ${ledgerOwed.recovered}), 0)::text`,
    })
    .from(ledgerOwed)
    .where(
      and(
        eq(ledgerOwed.orders_id, ordersId),
        eq(ledgerOwed.user_id, userId),
        eq(ledgerOwed.account, account),
      ),
    );
  return toSen(row?.owed ?? "0");
}

export interface Reversal {
  userId: number;
  account: OwedAccount;
  ordersId: number;
  /** What stands for the order, positive, two places. */
  amount: string;
}

/**
 * Takes back what stands for an order: a pv_refund or commission_reversal
 * debit of what the balance holds, and the rest recorded as owed. A member
 * whose balance is gone (deleted) is skipped: their entries stay as they were.
 */
export async function reverseStanding(
  tx: Tx,
  actor: Actor | null,
  reversal: Reversal,
): Promise<void> {
  const { userId, account, ordersId, amount } = reversal;
  const what = formatAmount(account, amount);
  const entry = await postEntry(tx, actor, {
    userId,
    account,
    amount: `-${amount}`,
    reason: account === "pv" ? "pv_refund" : "commission_reversal",
    ref: { type: "order", id: ordersId },
    short: "clamp",
    clampNote: (taken) =>
      `Only ${formatAmount(account, taken)} of ${what} could be taken back; the rest is owed and recovered from the next credits.`,
  });
  const taken = entry ? -toSen(entry.amount) : 0n;
  const short = toSen(amount) - taken;
  if (short <= 0n) return;
  if (!entry && !(await memberExists(tx, userId))) return;
  const [owed] = await tx
    .insert(ledgerOwed)
    .values({
      user_id: userId,
      account,
      orders_id: ordersId,
      amount: fromSen(short),
      note: `Reversal of order ${ordersId}: ${formatAmount(account, fromSen(short))} of ${what} not covered by the balance.`,
    })
    .returning();
  if (owed) {
    await recordAudit(tx, actor, {
      entity: "Owed",
      entityId: owed.owed_id,
      action: "create",
      after: owed,
    });
  }
}

async function memberExists(tx: Tx, userId: number): Promise<boolean> {
  const result = await tx.execute<{ one: number }>(
    sql`select 1 as one from users where user_id = ${userId}`,
  );
  return result.rows.length > 0;
}

/**
 * Right after a credit of `credited` to a member's account: recovers what they
 * owe in that account, oldest first, up to the credit, each part by a
 * clawback_recovery debit referencing the order it is owed for.
 */
export async function recoverOwed(
  tx: Tx,
  actor: Actor | null,
  userId: number,
  account: OwedAccount,
  credited: string,
): Promise<void> {
  let left = toSen(credited);
  if (left <= 0n) return;
  const open = await tx
    .select()
    .from(ledgerOwed)
    .where(
      and(
        eq(ledgerOwed.user_id, userId),
        eq(ledgerOwed.account, account),
        sql`${ledgerOwed.recovered} < ${ledgerOwed.amount}`,
      ),
    )
    .orderBy(asc(ledgerOwed.owed_id))
    .for("update");
  for (const item of open) {
    if (left <= 0n) break;
    const outstanding = toSen(item.amount) - toSen(item.recovered);
    const take = outstanding < left ? outstanding : left;
    const entry = await postEntry(tx, actor, {
      userId,
      account,
      amount: fromSen(-take),
      reason: "clawback_recovery",
      ref: { type: "order", id: item.orders_id },
      note: `Recovers ${formatAmount(account, fromSen(take))} still owed from the reversal of order ${item.orders_id}.`,
    });
    if (!entry) break;
    left -= take;
    const [after] = await tx
      .update(ledgerOwed)
      .set({ recovered: fromSen(toSen(item.recovered) + take), updated_at: sql`now()` })
      .where(eq(ledgerOwed.owed_id, item.owed_id))
      .returning();
    await recordAudit(tx, actor, {
      entity: "Owed",
      entityId: item.owed_id,
      action: "update",
      before: item,
      after,
    });
  }
}

/** What the member still owes per account (0.00 when nothing): two places, exact. */
export async function owedBy(tx: Tx, userId: number): Promise<Record<OwedAccount, string>> {
  const rows = await tx
    .select({
      account: ledgerOwed.account,
      owed: sql<string>`sum(${ledgerOwed.amount} - ${ledgerOwed.recovered})::numeric(14,2)::text`,
    })
    .from(ledgerOwed)
    .where(and(eq(ledgerOwed.user_id, userId), sql`${ledgerOwed.recovered} < ${ledgerOwed.amount}`))
    .groupBy(ledgerOwed.account);
  const of = (account: OwedAccount) =>
    fromSen(toSen(rows.find((row) => row.account === account)?.owed ?? "0"));
  return { cash_wallet: of("cash_wallet"), pv: of("pv") };
}

/** GET users/{id}/owed: what the member still owes per account, and the open items. */
export async function owedSummary(db: Tx, userId: number): Promise<OwedSummary> {
  const items = await db
    .select({
      owed_id: ledgerOwed.owed_id,
      account: ledgerOwed.account,
      orders_id: ledgerOwed.orders_id,
      amount: ledgerOwed.amount,
      recovered: ledgerOwed.recovered,
      outstanding: sql<string>`(${ledgerOwed.amount} - ${ledgerOwed.recovered})::numeric(12,2)::text`,
      note: ledgerOwed.note,
      created_at: ledgerOwed.created_at,
    })
    .from(ledgerOwed)
    .where(and(eq(ledgerOwed.user_id, userId), sql`${ledgerOwed.recovered} < ${ledgerOwed.amount}`))
    .orderBy(asc(ledgerOwed.owed_id));
  const total = (account: OwedAccount) =>
    fromSen(
      items
        .filter((item) => item.account === account)
        .reduce((sum, item) => sum + toSen(item.outstanding), 0n),
    );
  return { user_id: userId, cash_wallet: total("cash_wallet"), pv: total("pv"), items };
}
