/**
 * CP58 (issue 39 item 4, docs/decisions/cp58.md): the yearly statement of what
 * the store paid an agent, dealer or distributor, for each member paid more
 * than RM 5,000.00 in commissions in a calendar year.
 */
import { z } from "zod";
import { job } from "./jobs";
import { EXPORT_LANGUAGES } from "./listExport";
import { moneyOut, timestamp, wholeNumber } from "./primitives";

/** A CP58 is due for a member paid more than this in the year. */
export const CP58_THRESHOLD = "5000.00";

/** A calendar year of CP58 statements. */
export const cp58Year = wholeNumber("Year", 2000, 2999);

/** POST/GET /api/cp58/{year}. */
export const cp58Params = z.object({ year: cp58Year });

/** GET /api/users/{id}/cp58?year=YYYY: the member's statement as PDF, in `lang` (else the caller's language). */
export const cp58Query = z.object({
  year: cp58Year,
  lang: z.enum(EXPORT_LANGUAGES).optional(),
});

/** One statement the year's run made: the member and the amounts by kind (Part C). */
export const cp58Statement = z.object({
  user_id: z.number(),
  username: z.string(),
  name: z.string(),
  commissions: moneyOut,
  /** No incentive record exists in this store: 0.00. */
  incentives: moneyOut,
  /** Non-monetary: 0.00 unless a record of it exists (none in this store). */
  in_kind: moneyOut,
  total: moneyOut,
  made_at: timestamp,
});
export type Cp58Statement = z.infer<typeof cp58Statement>;

/**
 * GET /api/cp58/{year}: the statements the year's latest run made (member
 * order), their count and total, and that run's job (null before the first).
 * `ended`: the year is over in the store's zone (a run needs it).
 */
export const cp58YearStatements = z.object({
  year: z.number(),
  ended: z.boolean(),
  members: z.number(),
  total: moneyOut,
  job: job.nullable(),
  statements: cp58Statement.array(),
});
export type Cp58YearStatements = z.infer<typeof cp58YearStatements>;

/** POST /api/cp58/{year} (202): the job making the year's statements (GET /api/cp58/{year} shows its progress). */
export const cp58Run = z.object({ year: z.number(), job });
export type Cp58Run = z.infer<typeof cp58Run>;

/** What the run's job keeps as its result: the year's summary. */
export const cp58Summary = z.object({ year: z.number(), members: z.number(), total: moneyOut });
export type Cp58Summary = z.infer<typeof cp58Summary>;
