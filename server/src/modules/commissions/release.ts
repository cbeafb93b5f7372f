/**
 * A period's release (docs/decisions/commission-plans.md): each member's held
 * money to their cash wallet and held PV to their PV, by commission_release
 * entries referencing the period. Members are released a batch at a time,
 * each batch one transaction written set-based (the entries, their balances,
 * their audit rows, promotions), so a period of 100,000 members takes
 * seconds; a member who owes the store, or has no wallet yet, goes through
 * the ledger's one-entry path, which recovers what is owed first.
 */
import type { CommissionPeriod } from "@store/contract";
import { toSen } from "@store/contract";
import { and, asc, eq, gt, inArray, isNull, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { commissionPeriodMembers, commissionPeriods } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { countLedgerEntry } from "../../lib/metrics";
import type { JobContext } from "../jobs/runner";
import { recoverOwed } from "../ledger/owed";
import { checkPvPromotion, formatAmount, postEntry } from "../ledger/service";
import { queueMessages, recipientsOf } from "../messages/outbox";
import { lockPeriod, type PeriodRow, periodRecord } from "./periods";
import { applyRanks } from "./ranks";

/** Members released per transaction (and per progress report). */
export const RELEASE_BATCH = 1_000;

/**
 * Batches written at once, each on its own connection: their members differ,
 * so they lock nothing in common (the running totals are appended, never
 * updated). PGlite has one connection and takes them in turn.
 */
const RELEASE_LANES = 2;

interface Member {
  user_id: number;
  held: string;
  held_pv: string;
  /** Owes the store or has no wallet yet: released through the ledger's one-entry path. */
  alone?: boolean;
}

const releaseNote = (period: PeriodRow) =>
  `Period ${period.starts_on} to ${period.ends_on} released.`;

/** One member through the ledger's own path: held to live, what they owe recovered, promotion checked. */
async function releaseOne(tx: Tx, actor: Actor, period: PeriodRow, member: Member): Promise<void> {
  const ref = { type: "period" as const, id: period.period_id };
  const note = releaseNote(period);
  for (const [from, to, amount] of [
    ["held", "cash_wallet", member.held],
    ["held_pv", "pv", member.held_pv],
  ] as const) {
    if (toSen(amount) <= 0n) continue;
    const taken = await postEntry(tx, actor, {
      userId: member.user_id,
      account: from,
      amount: `-${amount}`,
      reason: "commission_release",
      ref,
      note,
      short: "clamp",
    });
    if (!taken) continue;
    const moved = taken.amount.replace(/^-/, "");
    await postEntry(tx, actor, {
      userId: member.user_id,
      account: to,
      amount: moved,
      reason: "commission_release",
      ref,
      note: `${note} ${formatAmount(to, moved)} from ${from === "held" ? "held commission" : "held PV"}.`,
      short: "clamp",
    });
    await recoverOwed(tx, actor, member.user_id, to, moved);
    if (to === "pv") await checkPvPromotion(tx, actor, member.user_id);
  }
}

/**
 * A batch of members with a wallet and nothing owed, in one transaction: their
 * balance rows locked, four entries at most each (held −, cash wallet +, held
 * PV −, PV +) continuing their chains, the balances moved to the entries'
 * balance_after, an audit row per entry, and one tier up for those whose PV
 * now reaches their tier's requirement (the rule of membership/rank.ts).
 */
async function releaseBatch(tx: Tx, actor: Actor, period: PeriodRow, ids: number[]): Promise<void> {
  const list = sql`(select unnest(${`{${ids.join(",")}}`}::int[]))`;
  await tx.execute(
    sql`select 1 from user_wallets where user_id in ${list} order by user_id for update`,
  );
  await tx.execute(sql`select 1 from users where user_id in ${list} order by user_id for update`);
  const note = releaseNote(period);
  const posted = await tx.execute<{ account: string; entries: number }>(sql`
    with batch as (
      select m.user_id, m.held, m.held_pv, w.held_amt, w.c_wallet_amt, u.held_pv as member_held_pv, u.ttl_pv,
        u.username
      from commission_period_members m
      join users u on u.user_id = m.user_id
      join user_wallets w on w.user_id = m.user_id
      where m.period_id = ${period.period_id} and m.user_id in ${list}
    ),
    moves as (
      select user_id, 1 as step, 'held' as account, -held as amount, held_amt - held as after, ${note} as note
        from batch where held > 0
      union all select user_id, 2, 'cash_wallet', held, c_wallet_amt + held,
        ${note} || ' RM ' || held::text || ' from held commission.' from batch where held > 0
      union all select user_id, 3, 'held_pv', -held_pv, member_held_pv - held_pv, ${note}
        from batch where held_pv > 0
      union all select user_id, 4, 'pv', held_pv, ttl_pv + held_pv,
        ${note} || ' ' || held_pv::text || ' PV from held PV.' from batch where held_pv > 0
    ),
    entries as (
      insert into wallet_ledger (user_id, account, amount, balance_after, reason, ref_type, ref_id, note, actor_id, actor_username)
      select user_id, account, amount, after, 'commission_release', 'period', ${period.period_id}, note,
        ${actor.user_id}, ${actor.username}
      from moves order by user_id, step
      returning *
    ),
    audited as (
      -- Labelled as audit_label names an entry (its member, lib/auditLabels.ts).
      insert into audit_log (actor_id, actor_username, entity, entity_id, action, after, label)
      select ${actor.user_id}, ${actor.username}, 'LedgerEntry', e.entry_id::text, 'create', a.after,
        b.username
      from entries e join batch b on b.user_id = e.user_id
      cross join lateral (select jsonb_build_object('entry_id', e.entry_id, 'user_id', e.user_id,
        'account', e.account, 'amount', e.amount::text, 'balance_after', e.balance_after::text,
        'reason', e.reason, 'ref_type', e.ref_type, 'ref_id', e.ref_id, 'note', e.note, 'level', e.level,
        'actor_id', e.actor_id, 'actor_username', e.actor_username,
        'created_at', to_char(e.created_at, 'YYYY-MM-DD HH24:MI:SS')) as after) a
      returning 1
    )
    select account, count(*)::int as entries from entries group by account`);
  for (const row of posted.rows) countLedgerEntry(row.account, row.entries);
  await tx.execute(sql`
    update user_wallets w set held_amt = w.held_amt - m.held, c_wallet_amt = w.c_wallet_amt + m.held
    from commission_period_members m
    where m.period_id = ${period.period_id} and m.user_id = w.user_id and m.user_id in ${list} and m.held > 0`);
  // The PV and the tier it reaches in one row version: every version of a
  // member rewrites all of users' indexes (docs/benchmarks/jobs.md, "Commission period close").
  await tx.execute(sql`
    with moving as (
      select m.user_id, m.held_pv, u.membership as from_tier,
        case when t.req_condition = 'pv' and u.ttl_pv + m.held_pv >= t.min_requirement
          then nx.member_id end as to_tier
      from commission_period_members m
      join users u on u.user_id = m.user_id
      join memberships t on t.member_id = u.membership
      left join lateral (select n.member_id from memberships n where n.rank > t.rank
        order by n.rank limit 1) nx on true
      where m.period_id = ${period.period_id} and m.user_id in ${list} and m.held_pv > 0
    ),
    moved as (
      update users u set held_pv = u.held_pv - p.held_pv, ttl_pv = u.ttl_pv + p.held_pv,
        membership = coalesce(p.to_tier, u.membership)
      from moving p where p.user_id = u.user_id
      returning u.user_id, u.username, p.from_tier, p.to_tier
    )
    insert into audit_log (actor_id, actor_username, entity, entity_id, action, before, after, label)
    select ${actor.user_id}, ${actor.username}, 'User', p.user_id::text, 'update',
      jsonb_build_object('membership', p.from_tier),
      jsonb_build_object('membership', p.to_tier, 'reason', 'referral promotion'),
      p.username
    from moved p where p.to_tier is not null`);
}

/** Each member whose held commission reached their cash wallet hears it, in the release's transaction. */
async function tellReleased(tx: Tx, period: PeriodRow, members: Member[]): Promise<void> {
  const paid = members.filter((member) => toSen(member.held) > 0n);
  const to = await recipientsOf(
    tx,
    paid.map((member) => member.user_id),
  );
  await queueMessages(
    tx,
    "commission_credited",
    paid.flatMap((member) => {
      const recipient = to.get(member.user_id);
      return recipient
        ? [
            {
              about: `period:${period.period_id}:released`,
              to: recipient,
              variables: { amount: member.held, reason: "released", order_number: "" },
            },
          ]
        : [];
    }),
  );
}

/** One batch in one transaction: released, and marked so a retry passes over them. */
async function releaseMembers(db: Db, actor: Actor, period: PeriodRow, members: Member[]) {
  await db.transaction(async (tx) => {
    const batch = members.filter((m) => !m.alone).map((m) => m.user_id);
    if (batch.length > 0) await releaseBatch(tx, actor, period, batch);
    for (const member of members.filter((m) => m.alone))
      await releaseOne(tx, actor, period, member);
    await tellReleased(tx, period, members);
    await tx
      .update(commissionPeriodMembers)
      .set({ released_at: sql`now()` })
      .where(
        and(
          eq(commissionPeriodMembers.period_id, period.period_id),
          inArray(
            commissionPeriodMembers.user_id,
            members.map((m) => m.user_id),
          ),
        ),
      );
  });
}

/** The release job: every member not yet released, a batch at a time (a retry goes on where it stopped). */
export async function releasePeriod(
  db: Db,
  { job, progress }: JobContext,
): Promise<CommissionPeriod> {
  const { period_id: periodId, actor } = job.payload as { period_id: number; actor: Actor };
  const [period] = await db
    .select()
    .from(commissionPeriods)
    .where(eq(commissionPeriods.period_id, periodId));
  if (!period) throw new Error(`commission period ${periodId} is gone`);
  const pending = and(
    eq(commissionPeriodMembers.period_id, periodId),
    isNull(commissionPeriodMembers.released_at),
  );
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(commissionPeriodMembers)
    .where(pending);
  const total = Number(count?.n ?? 0);
  let done = 0;
  await progress(done, total);
  let after = 0;
  for (;;) {
    const members = await db
      .select({
        user_id: commissionPeriodMembers.user_id,
        held: commissionPeriodMembers.held,
        held_pv: commissionPeriodMembers.held_pv,
        alone: sql<boolean>`exists (select 1 from ledger_owed o where o.user_id = ${commissionPeriodMembers.user_id} and o.recovered < o.amount)
          or not exists (select 1 from user_wallets w where w.user_id = ${commissionPeriodMembers.user_id})`,
      })
      .from(commissionPeriodMembers)
      .where(and(pending, gt(commissionPeriodMembers.user_id, after)))
      .orderBy(asc(commissionPeriodMembers.user_id))
      .limit(RELEASE_BATCH * RELEASE_LANES);
    const last = members.at(-1);
    if (!last) break;
    after = last.user_id;
    const lanes = Array.from({ length: RELEASE_LANES }, (_, lane) =>
      members.slice(lane * RELEASE_BATCH, (lane + 1) * RELEASE_BATCH),
    ).filter((lane) => lane.length > 0);
    await Promise.all(
      lanes.map(async (lane) => {
        await releaseMembers(db, actor, period, lane);
        done += lane.length;
        await progress(done, total);
      }),
    );
  }
  const released = await db.transaction(async (tx) => {
    const before = await lockPeriod(tx, periodId);
    const [row] = await tx
      .update(commissionPeriods)
      .set({ status: "released", released_at: sql`now()`, job_id: null, updated_at: sql`now()` })
      .where(eq(commissionPeriods.period_id, periodId))
      .returning();
    if (!row) throw new Error(`commission period ${periodId} is gone`);
    await applyRanks(tx, actor, periodId);
    await recordAudit(tx, actor, {
      entity: "CommissionPeriod",
      entityId: periodId,
      action: "update",
      before,
      after: row,
    });
    return periodRecord(row);
  });
  await progress(total, total);
  return released;
}
