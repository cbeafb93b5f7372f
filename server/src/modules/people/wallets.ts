import type { ListQuery, Wallet, walletInput } from "@store/contract";
import { eq, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { z } from "zod";
import type { Db, Tx } from "../../db/client";
import { adjustmentRequests, currencies, users, userWallets } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { fieldsOf } from "../../lib/filters";
import { defineList, listClauses, type Page, readPage } from "../../lib/lists";
import { requireVersion } from "../../lib/versions";
import { postEntry } from "../ledger/service";
import { type AccessCaller, lockAdminSet } from "./access";
import { type MemberDeletion, removeUserIn } from "./deletion";
import { lockReferralTree, lockUsers } from "./referrals";
import { userSearch } from "./search";

const walletColumns = {
  wallet_id: userWallets.wallet_id,
  user_id: userWallets.user_id,
  username: users.username,
  f_name: users.f_name,
  l_name: users.l_name,
  email: users.email,
  contact: users.contact,
  currency_symbol: currencies.currency_symbol,
  wallet_amt: userWallets.wallet_amt,
  c_wallet_amt: userWallets.c_wallet_amt,
  ttl_pv: users.ttl_pv,
  recent_spend_at: userWallets.recent_spend_at,
  version: userWallets.version,
};

function selectWallets(db: Tx) {
  return db
    .select(walletColumns)
    .from(userWallets)
    .innerJoin(users, eq(users.user_id, userWallets.user_id))
    .innerJoin(currencies, eq(currencies.currency_code, users.currency))
    .$dynamic();
}

// A wallet and its user are one to one: a sort on the user's columns breaks
// ties by user_id, so the users index (column, user_id) serves it.
const byUser = (column: PgColumn) => ({ by: column, tie: users.user_id });

const listSpec = defineList({
  search: userSearch,
  sort: {
    username: byUser(users.username),
    f_name: byUser(users.f_name),
    l_name: byUser(users.l_name),
    email: byUser(users.email),
    contact: byUser(users.contact),
    ttl_pv: byUser(users.ttl_pv),
  },
  defaultOrder: { by: userWallets.wallet_id, order: "asc" },
  key: userWallets.wallet_id,
  scale: "large",
  because: "a wallet per member",
  total: "user_wallets",
  fields: {
    ...fieldsOf(walletColumns),
    // 1: the member has a credit adjustment awaiting a second person (the bell's link, four-eyes payouts).
    awaiting_adjustment: {
      by: sql`exists(select 1 from ${adjustmentRequests} a
        where a.user_id = ${userWallets.user_id} and a.status = 'pending')::int`,
      type: "int",
    },
  },
});

export async function listWallets(db: Tx, query: ListQuery): Promise<Page<Wallet>> {
  const clauses = listClauses(query, listSpec);
  return readPage(db, clauses, {
    table: userWallets,
    // Inner: every wallet has its user (a required foreign key), and a sort on a
    // user's column can then be read from the users index, wallet by wallet.
    // The currency (for its symbol's sort and filter) as a left join on its
    // unique code: a page that does not use it has it removed by the planner.
    joins: sql` join ${users} on ${eq(users.user_id, userWallets.user_id)}
      left join ${currencies} on ${eq(currencies.currency_code, users.currency)}`,
    rows: (where, orderBy) =>
      selectWallets(db)
        .where(where)
        .orderBy(...orderBy),
    keyOf: (row) => row.wallet_id,
  });
}

async function findWallet(db: Tx, walletId: number): Promise<Wallet | undefined> {
  const [row] = await selectWallets(db).where(eq(userWallets.wallet_id, walletId)).limit(1);
  return row;
}

/**
 * POST usersWallet: a wallet for a user who has none (each user has at most
 * one); its amounts are posted as opening ledger entries.
 */
export async function createWallet(
  db: Db,
  actor: Actor,
  input: z.output<typeof walletInput>,
): Promise<Wallet> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.user_id, input.user_id))
      .for("update");
    if (!owner)
      throw badRequest(
        "user_id",
        "existing_user",
        { field: "user_id" },
        "User must be an existing user.",
      );
    const [existing] = await tx
      .select({ wallet_id: userWallets.wallet_id })
      .from(userWallets)
      .where(eq(userWallets.user_id, input.user_id));
    if (existing)
      throw conflict(
        "wallet_exists",
        { username: owner.username },
        `${owner.username} already has a wallet.`,
      );
    // Empty first, then each amount as its opening ledger entry, by this administrator.
    const [row] = await tx
      .insert(userWallets)
      .values({ user_id: input.user_id, recent_spend_at: input.recent_spend_at })
      .returning();
    const walletId = row?.wallet_id ?? 0;
    await recordAudit(tx, actor, {
      entity: "Wallet",
      entityId: walletId,
      action: "create",
      after: { ...row, wallet_amt: input.wallet_amt, c_wallet_amt: input.c_wallet_amt },
    });
    for (const [account, amount] of [
      ["wallet", input.wallet_amt],
      ["cash_wallet", input.c_wallet_amt],
    ] as const) {
      await postEntry(tx, actor, { userId: input.user_id, account, amount, reason: "opening" });
    }
    const after = await findWallet(tx, walletId);
    if (!after) throw notFound("Wallet");
    return after;
  });
}

/**
 * DELETE usersWallet/{id}: the wallet goes with its user, by the rules of
 * deleting a member (docs/REQUIREMENTS.md section 4; people/deletion.ts).
 */
export async function deleteWallet(
  db: Db,
  actor: AccessCaller,
  walletId: number,
  choice: MemberDeletion = {},
): Promise<Wallet> {
  return db.transaction(async (tx) => {
    const before = await findWallet(tx, walletId);
    if (!before) throw notFound("Wallet");
    if (before.user_id === actor.user_id) {
      throw conflict(
        "own_wallet_delete",
        {},
        "You cannot delete your own wallet: it would delete your own account.",
      );
    }
    // The deletion's own lock order (tree, user), then the wallet's row for its version.
    await lockReferralTree(tx);
    await lockAdminSet(tx);
    await lockUsers(tx, [before.user_id]);
    const [locked] = await tx
      .select({ version: userWallets.version })
      .from(userWallets)
      .where(eq(userWallets.wallet_id, walletId))
      .for("update");
    if (!locked) throw notFound("Wallet");
    const wallet = { entity: "Wallet", id: walletId, row: locked, ledgerUserId: before.user_id };
    await requireVersion(tx, wallet, choice.expected);
    await removeUserIn(tx, actor, before.user_id, { referrals: choice.referrals });
    return before;
  });
}
