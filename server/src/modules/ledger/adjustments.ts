/**
 * POST walletAdjustments and its four-eyes rule (docs/decisions/wallet-ledger.md,
 * docs/decisions/four-eyes-payouts.md). An adjustment posts at once, but a
 * credit of money (wallet, cash wallet) above the second-approval amount, or
 * bringing what one person credited one member within a day above it, waits
 * as an adjustment request until another holder of wallets:manage approves
 * it. What the member owes is recovered from every credit.
 */
import {
  type AdjustmentRequest,
  type adjustmentRequestsQuery,
  type LedgerEntry,
  toSen,
  type walletAdjustmentInput,
} from "@store/contract";
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { z } from "zod";
import { requireStepUp } from "../../auth/service";
import type { Db, Tx } from "../../db/client";
import { adjustmentRequests, users, userWallets } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { requireVersion } from "../../lib/versions";
import { holdMember } from "../membership/hold";
import { type Approver, secondApprovalAbove } from "./fourEyes";
import { recoverOwed } from "./owed";
import { checkPvPromotion, formatAmount, postEntry } from "./service";

type AdjustmentInput = z.output<typeof walletAdjustmentInput>;

const ACCOUNT_NAMES = { wallet: "wallet", cash_wallet: "cash wallet", pv: "PV" } as const;

/** The window in which one person's credits to one member count together. */
const DAY = sql`interval '1 day'`;

/**
 * Posts an adjustment in the caller's transaction: the entry, then what the
 * member owes recovered from a credit, then a PV promotion.
 */
async function postAdjustment(
  tx: Tx,
  actor: Actor,
  username: string,
  input: Pick<AdjustmentInput, "user_id" | "account" | "amount" | "note">,
): Promise<LedgerEntry> {
  const entry = await postEntry(tx, actor, {
    userId: input.user_id,
    account: input.account,
    amount: input.amount,
    reason: "adjustment",
    note: input.note,
    onShort: (held) =>
      conflict(
        "adjustment_below_zero",
        {
          username,
          account: input.account,
          held: formatAmount(input.account, held),
          amount: formatAmount(input.account, input.amount),
        },
        `${username}'s ${ACCOUNT_NAMES[input.account]} holds ${formatAmount(input.account, held)}; an adjustment of ${formatAmount(input.account, input.amount)} would leave it below zero.`,
      ),
  });
  if (!entry) throw conflict("nothing_posted", {}, "Nothing was posted.");
  if (input.account !== "wallet" && toSen(entry.amount) > 0n) {
    await recoverOwed(tx, actor, input.user_id, input.account, entry.amount);
  }
  if (input.account === "pv" && toSen(input.amount) > 0n) {
    await checkPvPromotion(tx, actor, input.user_id);
  }
  return entry;
}

/**
 * Money credited to the member by `actorId` alone within a day, in sen: their
 * adjustments' entries, less those another person approved.
 */
async function creditedAloneToday(tx: Tx, actorId: number, userId: number): Promise<bigint> {
  const result = await tx.execute<{ total: string }>(sql`
    select coalesce(sum(l.amount), 0)::numeric(14,2)::text as total from wallet_ledger l
    where l.user_id = ${userId} and l.account in ('wallet', 'cash_wallet')
      and l.reason = 'adjustment' and l.amount > 0 and l.actor_id = ${actorId}
      and l.created_at > now() - ${DAY}
      and not exists (select 1 from ${adjustmentRequests} a where a.entry_id = l.entry_id)`);
  return toSen(result.rows[0]?.total ?? "0");
}

/** Whether this adjustment must wait for a second person (a money credit above the amount). */
async function needsSecondPerson(tx: Tx, actor: Actor, input: AdjustmentInput): Promise<boolean> {
  if (input.account === "pv" || toSen(input.amount) <= 0n) return false;
  const above = await secondApprovalAbove(tx);
  if (above === null) return false;
  const amount = toSen(input.amount);
  if (amount > toSen(above)) return true;
  return (await creditedAloneToday(tx, actor.user_id, input.user_id)) + amount > toSen(above);
}

export type Adjusted =
  | { posted: true; entry: LedgerEntry }
  | { posted: false; request: AdjustmentRequest };

/**
 * POST walletAdjustments: an administrator's correction, with its note; never
 * below zero. A money credit a second person must approve is kept as a
 * pending request instead (202).
 */
export async function adjustBalance(
  db: Db,
  actor: Actor,
  input: AdjustmentInput,
): Promise<Adjusted> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.user_id, input.user_id));
    if (!member)
      throw badRequest(
        "user_id",
        "existing_user",
        { field: "user_id" },
        "User must be an existing user.",
      );
    // One person's credits to one member are summed one at a time (the lock postEntry takes).
    await tx
      .select({ user_id: userWallets.user_id })
      .from(userWallets)
      .where(eq(userWallets.user_id, input.user_id))
      .for("update");
    if (input.account !== "pv" && (await needsSecondPerson(tx, actor, input))) {
      const [created] = await tx
        .insert(adjustmentRequests)
        .values({
          user_id: input.user_id,
          account: input.account,
          amount: input.amount,
          note: input.note,
          requested_by: actor.user_id,
        })
        .returning();
      if (!created) throw notFound("Adjustment request");
      await recordAudit(tx, actor, {
        entity: "AdjustmentRequest",
        entityId: created.adjustment_id,
        action: "create",
        after: created,
      });
      const request = await findAdjustment(tx, created.adjustment_id);
      if (!request) throw notFound("Adjustment request");
      return { posted: false, request };
    }
    return { posted: true, entry: await postAdjustment(tx, actor, member.username, input) };
  });
}

const requester = alias(users, "requester");
const decider = alias(users, "decider");

function selectAdjustments(db: Tx) {
  return db
    .select({
      adjustment_id: adjustmentRequests.adjustment_id,
      user_id: adjustmentRequests.user_id,
      username: sql<string>`coalesce(${users.username}, '')`,
      account: adjustmentRequests.account,
      amount: adjustmentRequests.amount,
      note: adjustmentRequests.note,
      status: adjustmentRequests.status,
      requested_by: adjustmentRequests.requested_by,
      requested_by_username: requester.username,
      requested_at: adjustmentRequests.requested_at,
      decided_by: adjustmentRequests.decided_by,
      decided_by_username: decider.username,
      decided_at: adjustmentRequests.decided_at,
      entry_id: adjustmentRequests.entry_id,
      version: adjustmentRequests.version,
    })
    .from(adjustmentRequests)
    .leftJoin(users, eq(users.user_id, adjustmentRequests.user_id))
    .leftJoin(requester, eq(requester.user_id, adjustmentRequests.requested_by))
    .leftJoin(decider, eq(decider.user_id, adjustmentRequests.decided_by))
    .$dynamic();
}

export async function findAdjustment(
  db: Tx,
  adjustmentId: number,
): Promise<AdjustmentRequest | undefined> {
  const [row] = await selectAdjustments(db).where(
    eq(adjustmentRequests.adjustment_id, adjustmentId),
  );
  return row;
}

/** How many GET walletAdjustments answers at most: pending requests are few. */
const ADJUSTMENTS_SHOWN = 200;

/** GET walletAdjustments: newest first; pending unless another status is asked; one member's when asked. */
export async function listAdjustments(
  db: Tx,
  query: z.output<typeof adjustmentRequestsQuery>,
): Promise<AdjustmentRequest[]> {
  const where: SQL[] = [eq(adjustmentRequests.status, query.status ?? "pending")];
  if (query.user_id !== undefined) where.push(eq(adjustmentRequests.user_id, query.user_id));
  return selectAdjustments(db)
    .where(and(...where))
    .orderBy(desc(adjustmentRequests.adjustment_id))
    .limit(ADJUSTMENTS_SHOWN);
}

/**
 * PUT walletAdjustments/{id}: approve (a fresh step-up, and not the person
 * who asked for it: the entry is posted as theirs) or reject (anyone who
 * manages wallets, the asker too). Only while pending: 409 otherwise.
 */
export async function decideAdjustment(
  db: Db,
  actor: Approver,
  adjustmentId: number,
  decision: "approved" | "rejected",
  expected?: number,
): Promise<AdjustmentRequest> {
  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ user_id: adjustmentRequests.user_id })
      .from(adjustmentRequests)
      .where(eq(adjustmentRequests.adjustment_id, adjustmentId));
    if (!owner) throw notFound("Adjustment request");
    // The member first: a deletion locks the member, their wallet, then (cascading) this row.
    await holdMember(tx, owner.user_id);
    const [current] = await tx
      .select()
      .from(adjustmentRequests)
      .where(eq(adjustmentRequests.adjustment_id, adjustmentId))
      .for("update");
    if (!current) throw notFound("Adjustment request");
    await requireVersion(
      tx,
      { entity: "AdjustmentRequest", id: adjustmentId, row: current },
      expected,
    );
    if (current.status !== "pending") {
      throw conflict(
        "adjustment_decided",
        { status: current.status },
        `This adjustment is already ${current.status}; only a pending adjustment can be approved or rejected.`,
      );
    }
    let entryId: number | null = null;
    if (decision === "approved") {
      requireStepUp(actor);
      if (current.requested_by === actor.user_id) {
        throw conflict(
          "adjustment_same_person",
          {},
          "You asked for this adjustment. A second, different person must approve it.",
        );
      }
      const [member] = await tx
        .select({ username: users.username })
        .from(users)
        .where(eq(users.user_id, current.user_id));
      const entry = await postAdjustment(tx, actor, member?.username ?? "", current);
      entryId = entry.entry_id;
    }
    const [decided] = await tx
      .update(adjustmentRequests)
      .set({
        status: decision,
        decided_by: actor.user_id,
        decided_at: sql`now()`,
        entry_id: entryId,
      })
      .where(eq(adjustmentRequests.adjustment_id, adjustmentId))
      .returning();
    await recordAudit(tx, actor, {
      entity: "AdjustmentRequest",
      entityId: adjustmentId,
      action: "update",
      before: current,
      after: decided,
    });
    const after = await findAdjustment(tx, adjustmentId);
    if (!after) throw notFound("Adjustment request");
    return after;
  });
}
