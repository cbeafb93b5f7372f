/**
 * An order's money follows its status (docs/REQUIREMENTS.md section 4;
 * docs/decisions/order-money-follows-status.md):
 * - complete (6): the buyer's PV (points_earned) and the recorded commission
 *   stand for the order;
 * - canceled (7), refund (8), returned (9): nothing stands; whatever did is
 *   taken back by new entries, and what a balance cannot cover is owed;
 * - 1-5: a correction; what stands stays, and coming back to 6 credits
 *   nothing new.
 * Whether a commission is due, to whom and how much is decided once, at the
 * first completion, and kept in order_commissions.
 */
import {
  fromSen,
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_COMPLETED,
  ORDER_STATUS_REFUND,
  ORDER_STATUS_RETURNED,
  type OwedAccount,
  toSen,
} from "@store/contract";
import { and, asc, eq, gt, sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import {
  commissionAdjustments,
  commissionLines,
  commissionPeriods,
  orderCommissions,
  orderReturns,
  type orders,
  settings,
} from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { periodForCompletion } from "../commissions/periods";
import { readPlan } from "../commissions/plan";
import { type DecidedLine, payLines } from "../commissions/rule";
import { sponsorLine } from "../commissions/sponsorLine";
import { owedForOrder, recoverOwed, reverseStanding } from "../ledger/owed";
import { checkPvPromotion, orderCredits, postEntry } from "../ledger/service";
import type { Moved } from "./messages";

type Order = typeof orders.$inferSelect;
export type OrderCommissionRow = typeof orderCommissions.$inferSelect;

/** Statuses in which nothing stands for an order. */
export const REVERSED_STATUSES: readonly number[] = [
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_REFUND,
  ORDER_STATUS_RETURNED,
];

/** Status changes that move money: into complete, or into canceled, refund or returned. */
export function movesMoney(status: number): boolean {
  return status === ORDER_STATUS_COMPLETED || REVERSED_STATUSES.includes(status);
}

export async function findCommission(
  tx: Tx,
  ordersId: number,
): Promise<OrderCommissionRow | undefined> {
  const [row] = await tx
    .select()
    .from(orderCommissions)
    .where(eq(orderCommissions.orders_id, ordersId));
  return row;
}

type Decision = Omit<OrderCommissionRow, "orders_id" | "decided_at" | "pv_opening">;

/**
 * The order's commission under the plan in force (modules/commissions), for
 * its first completion: off, no referrer, or the sponsor line as it stands,
 * each level paid the upline's tier's rate of the base (the total, or the
 * total less shipping), half-up to the sen. The default plan's level 1 is the
 * referrer's Member Earning %, as before plans.
 */
async function decide(
  tx: Tx,
  order: Order,
): Promise<{ decision: Decision; lines: DecidedLine[]; baseSen: bigint }> {
  const plan = await readPlan(tx);
  const period = await periodForCompletion(tx, plan.period_start_day);
  const [store] = await tx
    .select({ on: settings.commission_status, base: settings.commission_base })
    .from(settings)
    .where(eq(settings.setting_id, 1));
  const none = {
    referrer_id: null,
    referrer_username: null,
    percent: null,
    base_kind: null,
    base_amount: null,
    amount: "0.00",
    period_id: period.period_id,
    held: !plan.default,
    buyer_id: order.user_id,
  };
  if (store?.on !== 1)
    return { decision: { ...none, outcome: "commission_off" }, lines: [], baseSen: 0n };
  const line =
    order.user_id === null ? [] : await sponsorLine(tx, plan, order.user_id, period.period_id);
  const referrer = line[0];
  if (!referrer) return { decision: { ...none, outcome: "no_referrer" }, lines: [], baseSen: 0n };
  const total = toSen(order.total_price);
  const goods = total - toSen(order.shipping_fee);
  const baseSen = store.base === "goods" ? (goods > 0n ? goods : 0n) : total;
  const lines = payLines(plan, line, baseSen);
  const amount = lines.reduce((sum, l) => sum + l.amount, 0n);
  const named = { ...none, referrer_id: referrer.user_id, referrer_username: referrer.username };
  const first = lines[0];
  if (amount === 0n && !referrer.active) {
    return { decision: { ...named, outcome: "referrer_inactive" }, lines, baseSen };
  }
  const decision: Decision = {
    ...named,
    outcome: amount > 0n ? "paid" : "zero",
    percent: first?.level != null ? first.percent : null,
    base_kind: store.base,
    base_amount: fromSen(baseSen),
    amount: fromSen(amount),
  };
  return { decision, lines, baseSen };
}

/** The order's commission record and its sponsor line, written at its first completion and read ever after. */
async function decideOnce(tx: Tx, actor: Actor | null, order: Order): Promise<OrderCommissionRow> {
  const stored = await findCommission(tx, order.orders_id);
  if (stored) return stored;
  const { decision, lines, baseSen } = await decide(tx, order);
  const [row] = await tx
    .insert(orderCommissions)
    .values({ orders_id: order.orders_id, ...decision })
    .returning();
  if (!row) throw new Error("The order's commission was not recorded.");
  if (lines.length > 0) {
    await tx.insert(commissionLines).values(
      lines.map((line) => ({
        orders_id: order.orders_id,
        depth: line.depth,
        user_id: line.user_id,
        username: line.username,
        level: line.level,
        outcome: line.outcome,
        percent: line.percent,
        base_amount: fromSen(baseSen),
        amount: fromSen(line.amount),
        held: row.held,
        period_id: row.period_id,
      })),
    );
  }
  await recordAudit(tx, actor, {
    entity: "OrderCommission",
    entityId: order.orders_id,
    action: "create",
    after: { ...row, lines: lines.map((line) => ({ ...line, amount: fromSen(line.amount) })) },
  });
  return row;
}

/** Where an order's credit goes: the live balance, and under a plan the held one first. */
const HELD_OF = { cash_wallet: "held", pv: "held_pv" } as const;

/** One member's full credit from an order in one account. */
interface Party {
  userId: number;
  account: OwedAccount;
  full: string;
  opening: string;
  level: number | null;
  note: string;
}

/**
 * What stands for an order in one member's account: its entries in the live
 * balance and the held one, PV in the opening, less what is owed.
 */
async function standing(
  tx: Tx,
  ordersId: number,
  credits: Awaited<ReturnType<typeof orderCredits>>,
  party: Party,
): Promise<bigint> {
  const accounts: string[] = [party.account, HELD_OF[party.account]];
  const net = credits
    .filter((c) => c.user_id === party.userId && accounts.includes(c.account))
    .reduce((sum, c) => sum + toSen(c.net), 0n);
  return (
    net + toSen(party.opening) - (await owedForOrder(tx, ordersId, party.userId, party.account))
  );
}

/**
 * The part of the order's commission base its returns and refunds took back
 * (docs/decisions/returns.md): their goods, and their shipping when the base
 * is the total; null when none did.
 */
async function returnedShare(
  tx: Tx,
  order: Order,
  record: OrderCommissionRow | undefined,
): Promise<{ taken: bigint; base: bigint } | null> {
  const [sums] = await tx
    .select({
      goods: sql<string>`coalesce(sum(${orderReturns.goods_share}), 0)::text`,
      shipping: sql<string>`coalesce(sum(${orderReturns.shipping_share}), 0)::text`,
    })
    .from(orderReturns)
    .where(eq(orderReturns.orders_id, order.orders_id));
  const total = toSen(order.total_price);
  const goods = total - toSen(order.shipping_fee);
  const byTotal = record?.base_kind === "total";
  const base = byTotal ? total : goods > 0n ? goods : 0n;
  const taken = toSen(sums?.goods ?? "0") + (byTotal ? toSen(sums?.shipping ?? "0") : 0n);
  if (taken <= 0n || base <= 0n) return null;
  return { taken: taken < base ? taken : base, base };
}

/** What of a full credit stays once `share` of its base came back: the rest, half up to the sen. */
function keptOf(full: string, share: { taken: bigint; base: bigint } | null): string {
  if (!share) return full;
  const sen = toSen(full);
  return fromSen(sen - (sen * share.taken * 2n + share.base) / (2n * share.base));
}

/**
 * The members an order credits and how much: the buyer's PV, each paid level
 * of its sponsor line, each less the share its returns took back.
 */
async function parties(tx: Tx, order: Order, record: OrderCommissionRow | undefined) {
  const share = await returnedShare(tx, order, record);
  const list: Party[] = [];
  if (order.user_id !== null) {
    list.push({
      userId: order.user_id,
      account: "pv",
      full: keptOf(order.points_earned, share),
      opening: record?.pv_opening ?? "0.00",
      level: null,
      note: "",
    });
  }
  if (record?.outcome !== "paid") return list;
  const lines = await tx
    .select()
    .from(commissionLines)
    .where(and(eq(commissionLines.orders_id, order.orders_id), gt(commissionLines.amount, "0")))
    .orderBy(asc(commissionLines.depth));
  const goods = record.base_kind === "goods" ? " (goods)" : "";
  for (const line of lines) {
    list.push({
      userId: line.user_id,
      account: "cash_wallet",
      full: keptOf(line.amount, share),
      opening: "0.00",
      // The level on its entries under a plan; the default rule's entries stay as they were.
      level: record.held ? line.level : null,
      note: record.held
        ? `Level ${line.level}: ${line.percent}% of RM ${line.base_amount}${goods}`
        : `${line.percent}% of RM ${line.base_amount}${goods}`,
    });
  }
  return list;
}

/**
 * Whether the order's money goes to the held balances: under a plan, while
 * its period is open. Once the period is calculated its figures stand, and a
 * change is made on the live balances (recovered as owed when short).
 */
async function heldNow(tx: Tx, record: OrderCommissionRow | undefined): Promise<boolean> {
  if (!record?.held || record.period_id === null) return false;
  const [period] = await tx
    .select({ status: commissionPeriods.status })
    .from(commissionPeriods)
    .where(eq(commissionPeriods.period_id, record.period_id))
    .for("share");
  return period?.status === "open";
}

/** Takes back `amount` of what stands for one member: from the held balance while the period is open, else as before plans. */
async function reverseParty(
  tx: Tx,
  actor: Actor | null,
  ordersId: number,
  party: Party,
  held: boolean,
  amount: bigint,
): Promise<void> {
  if (!held) {
    await reverseStanding(tx, actor, {
      userId: party.userId,
      account: party.account,
      ordersId,
      amount: fromSen(amount),
    });
    return;
  }
  await postEntry(tx, actor, {
    userId: party.userId,
    account: HELD_OF[party.account],
    amount: fromSen(-amount),
    reason: party.account === "pv" ? "pv_refund" : "commission_reversal",
    ref: { type: "order", id: ordersId },
    level: party.level ?? undefined,
    short: "clamp",
  });
}

/** Credits what is due to one member: to the held balance while the period is open, else to the live one. */
async function creditParty(
  tx: Tx,
  actor: Actor | null,
  ordersId: number,
  party: Party,
  held: boolean,
  due: bigint,
): Promise<void> {
  const amount = fromSen(due);
  const commission = party.account === "cash_wallet";
  const entry = await postEntry(tx, actor, {
    userId: party.userId,
    account: held ? HELD_OF[party.account] : party.account,
    amount,
    reason: !commission ? "pv_order" : held ? "commission_held" : "commission",
    ref: { type: "order", id: ordersId },
    note: party.note,
    level: party.level ?? undefined,
    // A member deleted since the decision has no balance to credit.
    short: "clamp",
  });
  if (!entry || held) return;
  await recoverOwed(tx, actor, party.userId, party.account, amount);
  if (party.account === "pv") await checkPvPromotion(tx, actor, party.userId);
}

/**
 * The ledger side of a status change. Saving the same status again does
 * nothing. Called under the locks of orders/service.ts (tree, users, order).
 */
export async function settleOrder(
  tx: Tx,
  actor: Actor | null,
  before: Order,
  after: Order,
): Promise<Moved[]> {
  const moved: Moved[] = [];
  if (before.order_status === after.order_status || !movesMoney(after.order_status)) return moved;
  const reversing = REVERSED_STATUSES.includes(after.order_status);
  const record = reversing
    ? await findCommission(tx, after.orders_id)
    : await decideOnce(tx, actor, after);
  const held = await heldNow(tx, record);
  // Read once: a party's entries touch only its own member and account.
  const credits = await orderCredits(tx, after.orders_id);
  for (const party of await parties(tx, after, record)) {
    const stands = await standing(tx, after.orders_id, credits, party);
    const change = reversing ? -stands : toSen(party.full) - stands;
    if (reversing ? stands <= 0n : change <= 0n) continue;
    if (reversing) await reverseParty(tx, actor, after.orders_id, party, held, stands);
    else await creditParty(tx, actor, after.orders_id, party, held, change);
    if (record?.held && !held) await recordCorrection(tx, record, party, change);
    moved.push({
      userId: party.userId,
      account: party.account,
      sen: reversing ? stands : change,
      held,
    });
  }
  return moved;
}

/**
 * After a return or refund: each member's credit from the order comes down
 * to what the returned share leaves (parties), taken back from the held
 * balance while the period is open, else from the live one with the owed
 * rules. What does not stand (an order not completed) is not touched.
 */
export async function settleReturn(tx: Tx, actor: Actor | null, order: Order): Promise<Moved[]> {
  const record = await findCommission(tx, order.orders_id);
  if (!record) return [];
  const held = await heldNow(tx, record);
  const credits = await orderCredits(tx, order.orders_id);
  const moved: Moved[] = [];
  for (const party of await parties(tx, order, record)) {
    const stands = await standing(tx, order.orders_id, credits, party);
    const over = stands - toSen(party.full);
    if (over <= 0n) continue;
    await reverseParty(tx, actor, order.orders_id, party, held, over);
    if (record.held && !held) await recordCorrection(tx, record, party, -over);
    moved.push({ userId: party.userId, account: party.account, sen: over, held });
  }
  return moved;
}

/**
 * A plan's commission changed after its period was calculated: the period's
 * figures stand, and the change (made on the live balance) is counted in the
 * period open now, named with the period it corrects (commission_adjustments).
 */
async function recordCorrection(
  tx: Tx,
  record: OrderCommissionRow,
  party: Party,
  change: bigint,
): Promise<void> {
  if (party.account !== "cash_wallet" || record.period_id === null) return;
  const into = await periodForCompletion(tx, (await readPlan(tx)).period_start_day);
  await tx.insert(commissionAdjustments).values({
    period_id: into.period_id,
    of_period_id: record.period_id,
    orders_id: record.orders_id,
    user_id: party.userId,
    level: party.level,
    amount: fromSen(change),
  });
}
