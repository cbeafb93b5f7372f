/**
 * Writing a members import (members.ts checks it): what createUser does for
 * one member (modules/people/users.ts: the user, its wallet, the referrers'
 * down_line, the audit rows), done in statements of a thousand rows, so a
 * 50,000-member file takes seconds (docs/decisions/imports-members.md).
 */

import { randomBytes } from "node:crypto";
import { DEFAULT_MEMBERSHIP_ID, maskIdNumber, type Permission } from "@store/contract";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { userKyc, users, userWallets, walletLedger } from "../../db/schema";
import { GENDERS, LANGUAGES } from "../../db/seed/base";
import { insertRows } from "../../db/seed/bulkLoad";
import { type AuditAction, recordAudits } from "../../lib/audit";
import type { AuditEntity } from "../../lib/auditLabels";
import type { ImportRun } from "./importer";

/** A member the file brings in. */
export interface NewMember {
  row: number;
  email: string;
  username: string;
  f_name: string;
  l_name: string;
  contact: string;
  /** Undefined: the store's default tier. */
  membership: number | undefined;
  user_status: 0 | 1;
  nric: string | null;
  wallet: string;
  cash: string;
  pv: string;
  /** A member of the store, or another new row of the file (inserted first). */
  referrer: { userId: number; row?: undefined } | { row: number; userId?: undefined } | null;
}

/** A member of the store whose row changes some of their fields. */
export interface MemberUpdate {
  user_id: number;
  before: Record<string, unknown>;
  changed: Record<string, unknown>;
  after: {
    username: string;
    f_name: string;
    l_name: string;
    contact: string;
    membership: number;
    user_status: 0 | 1;
  };
}

export interface MembersPlan {
  /** Referrers first. */
  creates: NewMember[];
  updates: MemberUpdate[];
  /**
   * What applying needs beyond the kind's members:manage: wallets:manage for
   * an opening balance, kyc:manage for an NRIC (service.ts answers 403 naming
   * what is missing).
   */
  needs: Permission[];
}

/** Rows per statement. */
const BATCH = 1_000;

function batches<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += BATCH) out.push(rows.slice(i, i + BATCH));
  return out;
}

/**
 * No usable password: not a hash verifyPassword reads, so nothing matches
 * it; the member sets one by Forgot password.
 */
const noPassword = () => `imported$${randomBytes(24).toString("base64url")}`;

/** A lookup the file does not give: the seed's first choice if the store still has it, else its first. */
async function firstOf(tx: Tx, table: string, column: string, preferred: string): Promise<string> {
  const found = await tx.execute<{ value: string }>(sql`
    select ${sql.identifier(column)} as value from ${sql.identifier(table)}
    order by ${sql.identifier(column)} = ${preferred} desc, ${sql.identifier(column)} limit 1`);
  return found.rows[0]?.value ?? preferred;
}

interface AuditEntry {
  entity: AuditEntity;
  entityId: number;
  action: AuditAction;
  before?: unknown;
  after: unknown;
}

export async function applyMembers(
  tx: Tx,
  plan: MembersPlan,
  run: ImportRun,
): Promise<{ created: number; updated: number }> {
  const importId = run.importId;
  const audits: AuditEntry[] = [];
  const news = plan.creates;
  // Ids drawn first, in the order inserted: a referrer in the file has its id before its referrals.
  const drawn = await tx.execute<{ id: number }>(
    sql`select nextval('users_user_id_seq')::int as id from generate_series(1, ${news.length}) order by 1`,
  );
  const idOfRow = new Map(news.map((n, i) => [n.row, drawn.rows[i]?.id ?? 0]));
  const defaults = {
    gender: await firstOf(tx, "genders", "gender", GENDERS[0] ?? ""),
    languages: await firstOf(tx, "languages", "languages", LANGUAGES[0] ?? ""),
    currency: await firstOf(tx, "currencies", "currency_code", "MYR"),
    role: "Member",
  };
  // A new member's down_line is its new referrals: counted here, not updated row by row after.
  const referrals = new Map<number, number>();
  for (const n of news) {
    if (n.referrer?.row !== undefined)
      referrals.set(n.referrer.row, (referrals.get(n.referrer.row) ?? 0) + 1);
  }
  let done = 0;
  for (const part of batches(news)) {
    const rows = part.map((n) => ({
      user_id: idOfRow.get(n.row) ?? 0,
      username: n.username,
      email: n.email,
      f_name: n.f_name,
      l_name: n.l_name,
      contact: n.contact,
      password_hash: noPassword(),
      ...defaults,
      membership: n.membership ?? DEFAULT_MEMBERSHIP_ID,
      referral_of: n.referrer ? (n.referrer.userId ?? idOfRow.get(n.referrer.row) ?? null) : null,
      user_status: n.user_status,
      down_line: referrals.get(n.row) ?? 0,
    }));
    await insertRows(tx, users, rows);
    for (const { password_hash: _hidden, ...after } of rows) {
      audits.push({
        entity: "User",
        entityId: after.user_id,
        action: "create",
        after: { ...after, import_id: importId },
      });
    }
    done += part.length;
    await run.progress?.(done);
  }
  const userIds = news.map((n) => idOfRow.get(n.row) ?? 0);
  // Empty wallets first; the balances then follow their opening entries (migration 0008's rule).
  for (const part of batches(userIds)) {
    const wallets = await insertRows(
      tx,
      userWallets,
      part.map((user_id) => ({ user_id })),
      ["wallet_id", "user_id"],
    );
    for (const w of wallets) {
      audits.push({
        entity: "Wallet",
        entityId: Number(w.wallet_id),
        action: "create",
        after: { ...w, import_id: importId },
      });
    }
  }
  const kyc = news.flatMap((n) =>
    n.nric ? [{ user_id: idOfRow.get(n.row) ?? 0, nric: n.nric }] : [],
  );
  for (const part of batches(kyc)) {
    await insertRows(tx, userKyc, part);
    for (const k of part) {
      audits.push({
        entity: "Kyc",
        entityId: k.user_id,
        action: "create",
        after: {
          user_id: k.user_id,
          status: "none",
          kyc_id: maskIdNumber(k.nric),
          import_id: importId,
        },
      });
    }
  }
  await postOpenings(tx, plan, idOfRow, run, audits);
  await recountReferrers(tx, news);
  await updateMembers(tx, plan.updates, importId, audits);
  await recordAudits(tx, run.actor, audits);
  return { created: news.length, updated: plan.updates.length };
}

/** Each opening balance as its ledger entry naming the import, then the balance set to it. */
async function postOpenings(
  tx: Tx,
  plan: MembersPlan,
  idOfRow: Map<number, number>,
  run: ImportRun,
  audits: AuditEntry[],
): Promise<void> {
  const entries = plan.creates.flatMap((n) =>
    (
      [
        ["wallet", n.wallet],
        ["cash_wallet", n.cash],
        ["pv", n.pv],
      ] as const
    ).flatMap(([account, amount]) =>
      Number(amount) === 0
        ? []
        : [
            {
              user_id: idOfRow.get(n.row) ?? 0,
              account,
              amount,
              balance_after: amount,
              reason: "opening" as const,
              ref_type: "import" as const,
              ref_id: run.importId,
              actor_id: run.actor?.user_id ?? null,
              actor_username: run.actor?.username ?? null,
            },
          ],
    ),
  );
  if (entries.length === 0) return;
  for (const part of batches(entries)) {
    const written = await insertRows(tx, walletLedger, part, [
      "entry_id",
      "user_id",
      "account",
      "amount",
      "balance_after",
      "reason",
      "ref_type",
      "ref_id",
    ]);
    for (const e of written) {
      audits.push({
        entity: "LedgerEntry",
        entityId: Number(e.entry_id),
        action: "create",
        after: e,
      });
    }
  }
  // One statement per table: each changed balance is checked against its latest entry by its trigger.
  const opened = sql`select user_id,
      max(balance_after) filter (where account = 'wallet') as wallet,
      max(balance_after) filter (where account = 'cash_wallet') as cash,
      max(balance_after) filter (where account = 'pv') as pv
    from wallet_ledger
    where ref_type = 'import' and ref_id = ${run.importId} and reason = 'opening'
    group by user_id`;
  await tx.execute(sql`
    update user_wallets w set wallet_amt = coalesce(o.wallet, w.wallet_amt),
      c_wallet_amt = coalesce(o.cash, w.c_wallet_amt)
    from (${opened}) o where w.user_id = o.user_id and (o.wallet is not null or o.cash is not null)`);
  await tx.execute(sql`
    update users u set ttl_pv = o.pv
    from (${opened}) o where u.user_id = o.user_id and o.pv is not null`);
}

/**
 * down_line of every store member gaining referrals (a new member's is set at insert), recounted as
 * people/referrals.ts recountDownLines does. Tiers are the file's: an
 * import does not promote (docs/decisions/imports-members.md).
 */
async function recountReferrers(tx: Tx, news: readonly NewMember[]): Promise<void> {
  const referrers = [
    ...new Set(news.flatMap((n) => (n.referrer?.userId !== undefined ? [n.referrer.userId] : []))),
  ].sort((a, b) => a - b);
  if (referrers.length === 0) return;
  await tx.execute(sql`
    update users u set down_line = c.n, updated_at = now()
    from (select referral_of as id, count(*)::int as n from users
      where referral_of = any(${sql.param(referrers)}::int[]) group by referral_of) c
    where u.user_id = c.id and u.down_line <> c.n`);
}

async function updateMembers(
  tx: Tx,
  updates: readonly MemberUpdate[],
  importId: number,
  audits: AuditEntry[],
): Promise<void> {
  for (const part of batches(updates)) {
    const rows = part.map((u) => ({ user_id: u.user_id, ...u.after }));
    await tx.execute(sql`
      update users u set username = v.username, f_name = v.f_name, l_name = v.l_name,
        contact = v.contact, membership = v.membership, user_status = v.user_status, updated_at = now()
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(user_id int, username text,
        f_name text, l_name text, contact text, membership int, user_status smallint)
      where u.user_id = v.user_id`);
    for (const u of part) {
      audits.push({
        entity: "User",
        entityId: u.user_id,
        action: "update",
        before: u.before,
        after: { ...u.changed, username: u.after.username, import_id: importId },
      });
    }
  }
}

/** Rows whose referrers in the file lead back to them: each cycle's rows (a row naming itself is one). */
export function cycles(referrerRow: Map<number, number>): number[][] {
  const state = new Map<number, "walking" | "done">();
  const found: number[][] = [];
  for (const start of referrerRow.keys()) {
    const path: number[] = [];
    let at: number | undefined = start;
    while (at !== undefined && !state.has(at)) {
      state.set(at, "walking");
      path.push(at);
      at = referrerRow.get(at);
    }
    if (at !== undefined && state.get(at) === "walking") found.push(path.slice(path.indexOf(at)));
    for (const p of path) state.set(p, "done");
  }
  return found;
}

/** New members in an order where each one's referrer in the file comes first. */
export function referrersFirst(news: readonly NewMember[]): NewMember[] {
  const byRow = new Map(news.map((n) => [n.row, n]));
  const depth = new Map<number, number>();
  for (const n of news) {
    const chain: NewMember[] = [];
    let at: NewMember | undefined = n;
    // Bounded by the rows: check refuses a cycle before any order is asked.
    while (at && !depth.has(at.row) && chain.length <= news.length) {
      chain.push(at);
      at = at.referrer?.row !== undefined ? byRow.get(at.referrer.row) : undefined;
    }
    let d = at ? (depth.get(at.row) ?? 0) + 1 : 0;
    for (let i = chain.length - 1; i >= 0; i--) depth.set((chain[i] as NewMember).row, d++);
  }
  return [...news].sort(
    (a, b) => (depth.get(a.row) ?? 0) - (depth.get(b.row) ?? 0) || a.row - b.row,
  );
}
