/**
 * The commission plan (docs/decisions/commission-plans.md): one row; until a
 * store sets one, the default rule stands (level 1 at each tier's Member
 * Earning %, paid at once), read from the tiers as they are now.
 */
import type {
  CommissionLevel,
  CommissionPlan,
  CommissionPlanValues,
  CommissionPreviewRow,
} from "@store/contract";
import { fromSen, toSen } from "@store/contract";
import { asc, eq, sql } from "drizzle-orm";
import { requireStepUp, type SessionCaller } from "../../auth/service";
import type { Db, Tx } from "../../db/client";
import { commissionPlan, memberships, settings, users } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { badRequest, notFound } from "../../lib/errors";
import { requireVersion } from "../../lib/versions";
import { currentPeriodId } from "./periods";
import { payLines } from "./rule";
import { sponsorLine } from "./sponsorLine";

/** The plan as the rule uses it: `default` pays at once, a set plan holds until the period's release. */
export type PlanInForce = CommissionPlan;

async function defaultLevels(tx: Tx): Promise<CommissionLevel[]> {
  const tiers = await tx
    .select({ id: memberships.member_id, earning: memberships.member_earning })
    .from(memberships)
    .orderBy(asc(memberships.member_id));
  const rates = Object.fromEntries(tiers.map((tier) => [String(tier.id), tier.earning]));
  return [{ level: 1, rates, min_personal_pv: "0.00", when_unqualified: "skip" }];
}

/** The plan in force, as GET commissionPlan answers it; `lock` takes the row for an update. */
export async function readPlan(tx: Tx, lock = false): Promise<PlanInForce> {
  const query = tx.select().from(commissionPlan).where(eq(commissionPlan.plan_id, 1));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound("Commission plan");
  return {
    default: row.levels === null,
    levels: row.levels ?? (await defaultLevels(tx)),
    cap_per_order: row.cap_per_order,
    cap_per_period: row.cap_per_period,
    hold_days: row.hold_days,
    period_start_day: row.period_start_day,
    ranks: row.ranks,
    demote: row.demote,
    updated_at: row.updated_at,
    version: row.version,
  };
}

const unknownTier = (path: string, tier: string) =>
  badRequest(path, "commission_tier_unknown", { tier }, `Tier ${tier} is not a membership tier.`);

/** 400 on the first rate or rank naming a tier the store does not have. */
async function requireTiers(
  tx: Tx,
  { levels, ranks }: Pick<CommissionPlanValues, "levels" | "ranks">,
): Promise<void> {
  const known = new Set(
    (await tx.select({ id: memberships.member_id }).from(memberships)).map((t) => String(t.id)),
  );
  for (const [index, level] of levels.entries()) {
    const unknown = Object.keys(level.rates).find((tier) => !known.has(tier));
    if (unknown !== undefined) throw unknownTier(`levels.${index}.rates.${unknown}`, unknown);
  }
  for (const [index, rank] of ranks.entries()) {
    if (!known.has(String(rank.member_id)))
      throw unknownTier(`ranks.${index}.member_id`, String(rank.member_id));
  }
}

/** Every rate with two places, so what is stored reads back as it is answered. */
function storedLevels(levels: CommissionPlanValues["levels"]): CommissionLevel[] {
  return levels.map((level) => ({
    ...level,
    rates: Object.fromEntries(
      Object.entries(level.rates).map(([tier, rate]) => [tier, fromSen(toSen(rate))]),
    ),
  }));
}

/**
 * PUT commissionPlan: the whole plan, from the version the caller was shown,
 * with a fresh step-up (it decides who is paid what).
 */
export async function savePlan(
  db: Db,
  caller: Actor & Pick<SessionCaller, "step_up_at">,
  values: CommissionPlanValues,
  expected: number | undefined,
): Promise<PlanInForce> {
  return db.transaction(async (tx) => {
    const before = await readPlan(tx, true);
    await requireVersion(tx, { entity: "CommissionPlan", id: 1, row: before }, expected);
    requireStepUp(caller);
    await requireTiers(tx, values);
    await tx
      .update(commissionPlan)
      .set({
        levels: storedLevels(values.levels),
        cap_per_order: values.cap_per_order,
        cap_per_period: values.cap_per_period,
        hold_days: values.hold_days,
        period_start_day: values.period_start_day,
        ranks: values.ranks,
        demote: values.demote,
        updated_at: sql`now()`,
      })
      .where(eq(commissionPlan.plan_id, 1));
    const after = await readPlan(tx);
    await recordAudit(tx, caller, {
      entity: "CommissionPlan",
      entityId: 1,
      action: "update",
      before,
      after,
    });
    return after;
  });
}

/** Whether the store's commission is switched on (settings record 1). */
export async function storeCommissionOn(tx: Tx): Promise<boolean> {
  const [store] = await tx
    .select({ on: settings.commission_status })
    .from(settings)
    .where(eq(settings.setting_id, 1));
  return store?.on === 1;
}

/**
 * POST commissionPlan/preview: what an order of `amount` by the member would
 * pay up their sponsor line now, under `plan` (the form's, unsaved) or the
 * plan in force. With the store's commission switched off it pays nothing.
 */
export async function previewPlan(
  db: Db,
  input: { user_id: number; amount: string; plan?: CommissionPlanValues | undefined },
): Promise<CommissionPreviewRow[]> {
  return db.transaction(async (tx) => {
    const [buyer] = await tx
      .select({ user_id: users.user_id })
      .from(users)
      .where(eq(users.user_id, input.user_id));
    if (!buyer) throw notFound("User");
    if (!(await storeCommissionOn(tx))) return [];
    const plan = input.plan
      ? { ...input.plan, levels: storedLevels(input.plan.levels) }
      : await readPlan(tx);
    const line = await sponsorLine(tx, plan, input.user_id, await currentPeriodId(tx));
    return payLines(plan, line, toSen(input.amount)).map((decided) => ({
      user_id: decided.user_id,
      username: decided.username,
      level: decided.level,
      depth: decided.depth,
      outcome: decided.outcome,
      percent: decided.percent,
      amount: fromSen(decided.amount),
    }));
  });
}
