/**
 * Commission plans and monthly periods (docs/decisions/commission-plans.md):
 * an order pays several levels up the sponsor line as it stood when the order
 * completed; under a plan its commissions and PV are held until its period is
 * calculated, approved and released. Without a plan (`default`) the store
 * pays as it always has: level 1 at the referrer's tier's Member Earning %, at
 * once.
 */
import { z } from "zod";
import { say } from "./errors";
import { job } from "./jobs";
import {
  calendarDate,
  MAX_ID,
  money,
  moneyOut,
  nullableTimestamp,
  percentage,
  text,
  timestamp,
  wholeNumber,
} from "./primitives";
import { recordVersion } from "./versions";

export const COMMISSION_MAX_LEVELS = 10;
export const COMMISSION_HOLD_DAYS_MAX = 60;
/** A period starts on this day of the month; 28 at most, so every month has it. */
export const COMMISSION_START_DAY_MAX = 28;

/** An upline who does not qualify for a level: the level is not paid, or passes to the next qualified upline. */
export const WHEN_UNQUALIFIED = ["skip", "compress"] as const;
export type WhenUnqualified = (typeof WHEN_UNQUALIFIED)[number];

const WHEN_UNQUALIFIED_MESSAGE = say(
  "not_listed",
  { field: "When unqualified" },
  "When unqualified must be one of the listed options.",
);
const TIER_ID_MESSAGE = say("invalid_format", { field: "Tier" }, "Tier must be a membership id.");

/** One level of a plan: a percentage per membership tier (by member_id), and who qualifies. */
export const commissionLevelInput = z.object({
  level: wholeNumber("Level", 1, COMMISSION_MAX_LEVELS),
  rates: z.record(text().regex(/^[1-9]\d{0,9}$/, TIER_ID_MESSAGE), percentage("Rate %")),
  /** The upline's own PV from orders completed in the period (held included) must reach this. */
  min_personal_pv: money("Minimum personal PV"),
  when_unqualified: z.enum(WHEN_UNQUALIFIED, { error: WHEN_UNQUALIFIED_MESSAGE }),
});

const nullableCap = (label: string) =>
  z.union([z.null(), money(label)]).refine((v) => v === null || v !== "0.00", {
    message: say("above_zero", { field: label }, `${label} must be above zero.`),
  });

/** How far down a rank's group PV may count. */
export const RANK_DEPTH_MAX = 10;

/** A tier's qualification in a period: own PV, the downline's PV within a depth, active direct legs. */
export const rankRuleInput = z.object({
  member_id: wholeNumber("Tier", 1, MAX_ID),
  personal_pv: money("Personal PV"),
  group_pv: money("Group PV"),
  group_depth: wholeNumber("Group depth", 1, RANK_DEPTH_MAX),
  active_legs: wholeNumber("Active legs", 0, 1000),
});
export type RankRuleInput = z.input<typeof rankRuleInput>;
export type RankRule = z.output<typeof rankRuleInput>;

/**
 * PUT /api/commissionPlan (If-Match, step-up): the whole plan. Levels are
 * numbered 1..N in order; a tier without a rate earns 0 at that level.
 */
export const commissionPlanInput = z.object({
  levels: z
    .array(commissionLevelInput)
    .min(1, say("required", { field: "Levels" }, "Levels is required."))
    .max(
      COMMISSION_MAX_LEVELS,
      say(
        "too_many_items",
        { field: "Levels", max: COMMISSION_MAX_LEVELS },
        `Levels must have at most ${COMMISSION_MAX_LEVELS} items.`,
      ),
    )
    .refine((levels) => levels.every((l, i) => l.level === i + 1), {
      message: say(
        "levels_in_order",
        {},
        "Levels must be numbered 1, 2, 3, … in order, without gaps.",
      ),
    }),
  /** The most one order pays all levels together; null: no cap. */
  cap_per_order: nullableCap("Cap per order").default(null),
  /** The most one member earns in a period from all orders; null: no cap. */
  cap_per_period: nullableCap("Cap per period").default(null),
  /** Days after an order completes before its period may be calculated (the cooling-off). */
  hold_days: wholeNumber("Hold days", 0, COMMISSION_HOLD_DAYS_MAX),
  /** The day of the month a period starts on. */
  period_start_day: wholeNumber("Period start day", 1, COMMISSION_START_DAY_MAX).default(1),
  /**
   * What each tier takes, checked at every period's calculation; none: the
   * default rule (one tier up when PV reaches the tier's requirement, at each
   * credit). A tier not listed is not reached by qualification.
   */
  ranks: z
    .array(rankRuleInput)
    .max(50)
    .refine((ranks) => new Set(ranks.map((rank) => rank.member_id)).size === ranks.length, {
      message: say("rank_tier_twice", {}, "Each tier may have one rank rule only."),
    })
    .default([]),
  /** Whether a member who no longer qualifies for their tier moves down at the period's release. */
  demote: z.boolean().default(false),
});
export type CommissionPlanInput = z.input<typeof commissionPlanInput>;
export type CommissionPlanValues = z.output<typeof commissionPlanInput>;

export const commissionLevel = z.object({
  level: z.number(),
  rates: z.record(z.string(), moneyOut),
  min_personal_pv: moneyOut,
  when_unqualified: z.enum(WHEN_UNQUALIFIED),
});
export type CommissionLevel = z.infer<typeof commissionLevel>;

/**
 * GET /api/commissionPlan: the plan in force. `default`: none was set, and
 * the answer shows the rule that stands instead (level 1 at each tier's
 * Member Earning %, paid at once, no hold).
 */
export const commissionPlan = z.object({
  default: z.boolean(),
  levels: commissionLevel.array(),
  cap_per_order: moneyOut.nullable(),
  cap_per_period: moneyOut.nullable(),
  hold_days: z.number(),
  period_start_day: z.number(),
  ranks: z
    .object({
      member_id: z.number(),
      personal_pv: moneyOut,
      group_pv: moneyOut,
      group_depth: z.number(),
      active_legs: z.number(),
    })
    .array(),
  demote: z.boolean(),
  updated_at: nullableTimestamp,
  version: recordVersion,
});
export type CommissionPlan = z.infer<typeof commissionPlan>;

/** POST /api/commissionPlan/preview: what an order of `amount` by the member would pay, under `plan` (unsaved) or the plan in force. */
export const commissionPreviewInput = z.object({
  user_id: wholeNumber("Member", 1, MAX_ID),
  amount: money("Amount").refine((v) => v !== "0.00", {
    message: say("above_zero", { field: "Amount" }, "Amount must be above zero."),
  }),
  plan: commissionPlanInput.optional(),
});
export type CommissionPreviewInput = z.input<typeof commissionPreviewInput>;

/**
 * Why an upline is or is not paid at a level: paid; skipped as unqualified
 * (inactive or short of the level's personal PV); passed over by compression;
 * nothing left under a cap.
 */
export const COMMISSION_LINE_OUTCOMES = [
  "paid",
  "unqualified",
  "compressed",
  "capped",
  "zero",
] as const;
export type CommissionLineOutcome = (typeof COMMISSION_LINE_OUTCOMES)[number];

/** One upline in an order's sponsor line as it stood at completion. */
export const commissionPreviewRow = z.object({
  user_id: z.number(),
  username: z.string(),
  /** The plan level this upline is paid at (null when not paid). */
  level: z.number().nullable(),
  /** How far up the line (1: the buyer's referrer). */
  depth: z.number(),
  outcome: z.enum(COMMISSION_LINE_OUTCOMES),
  percent: moneyOut,
  amount: moneyOut,
});
export type CommissionPreviewRow = z.infer<typeof commissionPreviewRow>;

export const COMMISSION_PERIOD_STATUSES = ["open", "calculated", "approved", "released"] as const;
export type CommissionPeriodStatus = (typeof COMMISSION_PERIOD_STATUSES)[number];

/**
 * GET /api/commissionPeriods: a period and its figures (calculated from its
 * orders' lines; 0 while open). `first_approved_by`: the first of two
 * approvers above the second-approval amount.
 */
export const commissionPeriod = z.object({
  period_id: z.number(),
  starts_on: calendarDate,
  ends_on: calendarDate,
  status: z.enum(COMMISSION_PERIOD_STATUSES),
  total: moneyOut,
  members: z.number(),
  orders: z.number(),
  /** Total as a percentage of the period's sales (its orders' bases), two places. */
  percent_of_sales: moneyOut,
  calculated_at: nullableTimestamp,
  first_approved_by: z.string().nullable(),
  approved_by: z.string().nullable(),
  approved_at: nullableTimestamp,
  released_at: nullableTimestamp,
  /** The calculation or release running now (GET /api/jobs?job_id= shows its progress); null when none. */
  job_id: z.number().nullable(),
  version: recordVersion,
});
export type CommissionPeriod = z.infer<typeof commissionPeriod>;

/** A commission line's state: held until its period is released; paid at once (no plan); taken back. */
export const COMMISSION_LINE_STATES = ["held", "released", "paid", "reversed"] as const;
export type CommissionLineState = (typeof COMMISSION_LINE_STATES)[number];

/** One line of a member's statement: what one order paid them at one level. */
export const statementLine = z.object({
  orders_id: z.number(),
  buyer_username: z.string().nullable(),
  level: z.number(),
  percent: moneyOut,
  base_amount: moneyOut,
  amount: moneyOut,
  state: z.enum(COMMISSION_LINE_STATES),
  completed_at: timestamp,
});
export type StatementLine = z.infer<typeof statementLine>;

/** GET /api/users/{id}/statement?period_id=: the member's commissions in one period. */
export const commissionStatement = z.object({
  user_id: z.number(),
  username: z.string(),
  period: commissionPeriod,
  lines: statementLine.array(),
  /** Per level: what it paid. */
  levels: z.object({ level: z.number(), amount: moneyOut }).array(),
  earned: moneyOut,
  held: moneyOut,
  released: moneyOut,
  paid: moneyOut,
  reversed: moneyOut,
  /** What the member still owes from reversals, now. */
  owed: moneyOut,
  /** Corrections of earlier, calculated periods counted in this one (an order reversed or completed again since). */
  adjustments: z
    .object({
      orders_id: z.number(),
      of_period_id: z.number(),
      of_starts_on: calendarDate,
      level: z.number().nullable(),
      amount: moneyOut,
      created_at: timestamp,
    })
    .array()
    .default([]),
  adjusted: moneyOut.default("0.00"),
});
export type CommissionStatement = z.infer<typeof commissionStatement>;

export const statementQuery = z.object({
  period_id: wholeNumber("Period", 1, MAX_ID),
  _format: z.enum(["json", "csv", "pdf"]).default("json"),
});

/** POST /api/commissionPeriods/{id}/calculate and /release (202): the period, and the job doing the work (GET /api/jobs shows its progress). */
export const commissionPeriodRun = z.object({ period: commissionPeriod, job });
export type CommissionPeriodRun = z.infer<typeof commissionPeriodRun>;

/** GET /api/commissionPeriods/{id}/report: a calculated period paid per level, per tier, and its top earners. */
export const commissionPeriodReport = z.object({
  period: commissionPeriod,
  levels: z.object({ level: z.number(), amount: moneyOut, lines: z.number() }).array(),
  tiers: z
    .object({
      member_id: z.number(),
      membership: z.string(),
      amount: moneyOut,
      members: z.number(),
    })
    .array(),
  top_earners: z.object({ user_id: z.number(), username: z.string(), amount: moneyOut }).array(),
});
export type CommissionPeriodReport = z.infer<typeof commissionPeriodReport>;

/** A member's tier change at a period's close: from the calculation, applied at the release. */
export const rankChange = z.object({
  period_id: z.number(),
  user_id: z.number(),
  username: z.string(),
  from_member: z.number(),
  to_member: z.number(),
  personal_pv: moneyOut,
  group_pv: moneyOut,
  active_legs: z.number(),
  /** When the release applied it; null while the period is not released. */
  applied_at: nullableTimestamp,
});
export type RankChange = z.infer<typeof rankChange>;
