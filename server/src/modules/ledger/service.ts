/**
 * The wallet ledger (docs/decisions/wallet-ledger.md). postEntry is the
 * one way a wallet, cash wallet or PV balance changes: it locks the balance's
 * row, writes the entry (amount and balance_after) and then the balance, in
 * the caller's transaction, with an audit row. The database refuses any other
 * balance change (migration 0008).
 */
import {
  formatLedgerAmount,
  fromSen,
  type LedgerAccount,
  type LedgerEntry,
  type LedgerReason,
  type LedgerRefType,
  type ledgerListQuery,
  PLAIN_SIGNS,
  toSen,
} from "@store/contract";
import { and, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Tx } from "../../db/client";
import { users, userWallets, walletLedger } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { conflict, type HttpError } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, type Page, readPage } from "../../lib/lists";
import { countLedgerEntry } from "../../lib/metrics";
import { promoteReferrer } from "../membership/rank";

/** How each account is named in messages. */
const ACCOUNT_NAMES: Record<LedgerAccount, string> = {
  wallet: "wallet",
  cash_wallet: "cash wallet",
  pv: "PV",
  held: "held commission",
  held_pv: "held PV",
  tax_withheld: "tax withheld",
};

/** "RM 12.50" for money, "12.50 PV" for points: the contract's rule, ungrouped in the server's words. */
export function formatAmount(account: LedgerAccount, amount: string): string {
  return formatLedgerAmount(account, amount, PLAIN_SIGNS);
}

export interface Posting {
  userId: number;
  account: LedgerAccount;
  /** Signed, two places ("-12.50"); zero posts nothing. */
  amount: string;
  reason: LedgerReason;
  ref?: { type: LedgerRefType; id: number };
  note?: string;
  /**
   * A debit larger than the balance: "refuse" (the default) throws a 409,
   * from `onShort` when given; "clamp" takes only what the balance holds
   * (a reversal after the money was spent), and posts nothing at zero.
   */
  short?: "refuse" | "clamp";
  onShort?: (held: string) => HttpError;
  /** The note of a clamped debit, told what was taken. */
  clampNote?: (taken: string) => string;
  /** The plan level of a commission entry. */
  level?: number;
}

/** Where each balance is kept: PV on the member's row, money on their wallet's. */
const balanceColumn = {
  wallet: userWallets.wallet_amt,
  cash_wallet: userWallets.c_wallet_amt,
  held: userWallets.held_amt,
  pv: users.ttl_pv,
  held_pv: users.held_pv,
  tax_withheld: userWallets.tax_withheld_amt,
} as const;
const onMemberRow = (account: LedgerAccount): account is "pv" | "held_pv" =>
  account === "pv" || account === "held_pv";

/** Locks the balance's row; undefined when the user (or, for the wallets, the wallet) is gone. */
async function lockBalance(
  tx: Tx,
  userId: number,
  account: LedgerAccount,
): Promise<string | undefined> {
  if (onMemberRow(account)) {
    const [row] = await tx
      .select({ balance: balanceColumn[account] })
      .from(users)
      .where(eq(users.user_id, userId))
      .for("update");
    return row?.balance;
  }
  const [row] = await tx
    .select({ balance: balanceColumn[account] })
    .from(userWallets)
    .where(eq(userWallets.user_id, userId))
    .for("update");
  return row?.balance;
}

/** A member without a wallet row (possible for users made before wallets) gets an empty one. */
async function openWallet(tx: Tx, actor: Actor | null, userId: number): Promise<boolean> {
  const [owner] = await tx
    .select({ user_id: users.user_id })
    .from(users)
    .where(eq(users.user_id, userId))
    .for("update");
  if (!owner) return false;
  const [wallet] = await tx
    .insert(userWallets)
    .values({ user_id: userId })
    .onConflictDoNothing()
    .returning();
  if (wallet) {
    await recordAudit(tx, actor, {
      entity: "Wallet",
      entityId: wallet.wallet_id,
      action: "create",
      after: wallet,
    });
  }
  return true;
}

function shortMessage(account: LedgerAccount, held: string, amount: string): string {
  return `The ${ACCOUNT_NAMES[account]} holds ${formatAmount(account, held)}; taking ${formatAmount(account, amount.replace(/^-/, ""))} would leave it below zero.`;
}

/**
 * Posts one entry and moves its balance, under the balance row's lock, in the
 * caller's transaction. Answers the entry, or null when nothing was posted
 * (a zero amount, or a clamped debit of an empty balance, or a balance whose
 * user is gone and which `short: "clamp"` lets pass).
 */
export async function postEntry(
  tx: Tx,
  actor: Actor | null,
  posting: Posting,
): Promise<LedgerEntry | null> {
  const { userId, account } = posting;
  let cents = toSen(posting.amount);
  if (cents === 0n) return null;
  let held = await lockBalance(tx, userId, account);
  if (
    held === undefined &&
    !onMemberRow(account) &&
    cents > 0n &&
    (await openWallet(tx, actor, userId))
  ) {
    held = await lockBalance(tx, userId, account);
  }
  if (held === undefined) {
    if (posting.short === "clamp") return null;
    throw (
      posting.onShort?.("0.00") ??
      conflict(
        "no_account",
        { user: userId, account },
        `User ${userId} has no ${ACCOUNT_NAMES[account]}.`,
      )
    );
  }
  const heldCents = toSen(held);
  let clamped = false;
  if (heldCents + cents < 0n) {
    if (posting.short !== "clamp") {
      throw (
        posting.onShort?.(fromSen(heldCents)) ??
        conflict(
          "balance_short",
          {
            account,
            held: formatAmount(account, fromSen(heldCents)),
            amount: formatAmount(account, posting.amount.replace(/^-/, "")),
          },
          shortMessage(account, fromSen(heldCents), posting.amount),
        )
      );
    }
    cents = -heldCents;
    if (cents === 0n) return null;
    clamped = true;
  }
  const amount = fromSen(cents);
  const balanceAfter = fromSen(heldCents + cents);
  const [entry] = await tx
    .insert(walletLedger)
    .values({
      user_id: userId,
      account,
      amount,
      balance_after: balanceAfter,
      reason: posting.reason,
      ref_type: posting.ref?.type ?? null,
      ref_id: posting.ref?.id ?? null,
      note: (clamped ? posting.clampNote?.(fromSen(-cents)) : undefined) ?? posting.note ?? "",
      level: posting.level ?? null,
      actor_id: actor?.user_id ?? null,
      actor_username: actor?.username ?? null,
    })
    .returning();
  if (!entry) throw new Error("The ledger entry was not written.");
  countLedgerEntry(account);
  // The entry first: the database accepts the new balance only as the latest entry's.
  const column = balanceColumn[account].name;
  if (onMemberRow(account)) {
    await tx
      .update(users)
      .set({ [column]: balanceAfter })
      .where(eq(users.user_id, userId));
  } else {
    await tx
      .update(userWallets)
      .set({ [column]: balanceAfter })
      .where(eq(userWallets.user_id, userId));
  }
  await recordAudit(tx, actor, {
    entity: "LedgerEntry",
    entityId: entry.entry_id,
    action: "create",
    after: entry,
  });
  return entry;
}

/** The net of an order's entries, per member and account (what the order has credited and not taken back). */
export async function orderCredits(
  tx: Tx,
  ordersId: number,
): Promise<{ user_id: number; account: LedgerAccount; net: string }[]> {
  const result = await tx.execute<{ user_id: number; account: LedgerAccount; net: string }>(sql`
    select user_id, account, sum(amount)::numeric(12,2)::text as net
    from ${walletLedger}
    where ref_type = 'order' and ref_id = ${ordersId}
    group by user_id, account
    order by user_id, account`);
  return result.rows;
}

// --- HTTP reads (the adjustment: adjustments.ts) ---

// Not annotated: `params` (the list's own parameters, not generic filters) is
// read by lib/lists where it knows it and is harmless where it does not.
const listSpec = defineList({
  params: ["user_id", "account"] as const,
  // Every answered field, for the shared filters, sorts and CSV export (lib/filters.ts).
  fields: fieldsOf(getTableColumns(walletLedger)),
  search: [walletLedger.note, walletLedger.reason, walletLedger.actor_username],
  sort: {
    // Entries are numbered as they are written: the key's order is the time order.
    created_at: walletLedger.entry_id,
  },
  defaultOrder: { by: walletLedger.entry_id, order: "desc" as const },
  key: walletLedger.entry_id,
  scale: "large",
  because: "every credit and debit of every member is a row, never deleted",
  total: "wallet_ledger",
  // The ledger only grows (migration 0008 refuses UPDATE, DELETE and TRUNCATE).
  totals: { appendOnly: true },
});

type LedgerQuery = z.output<typeof ledgerListQuery>;

/** GET walletLedger: newest first, narrowed to a member and/or an account. */
export async function listEntries(db: Tx, query: LedgerQuery): Promise<Page<LedgerEntry>> {
  const filters: SQL[] = [];
  if (query.user_id !== undefined) filters.push(eq(walletLedger.user_id, query.user_id));
  if (query.account !== undefined) filters.push(eq(walletLedger.account, query.account));
  const clauses = listClauses(query, listSpec, { filter: and(...filters) });
  return readPage(db, clauses, {
    table: walletLedger,
    rows: (where, orderBy) =>
      db
        .select()
        .from(walletLedger)
        .where(where)
        .orderBy(...orderBy)
        .$dynamic(),
    keyOf: (row) => row.entry_id,
  });
}

/**
 * After a member's PV grew: the promotion rule of docs/REQUIREMENTS.md
 * section 4, the one a new referral runs (membership/rank.ts).
 */
export async function checkPvPromotion(tx: Tx, actor: Actor | null, userId: number): Promise<void> {
  await promoteReferrer(tx, actor, userId);
}
