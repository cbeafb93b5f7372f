/**
 * CP58 (docs/decisions/cp58.md): for each member the store paid more than
 * RM 5,000.00 in commissions in a calendar year (modules/tax/earnings.ts), the
 * statement of what it paid them by kind. A year's bulk run is a job that
 * records the year's statements (cp58_statements, its rows replaced by a run
 * again); each PDF is drawn on download from the ledger and the member's
 * current particulars, its identity number in full: kyc:view, audited.
 */
import { randomUUID } from "node:crypto";
import {
  CP58_THRESHOLD,
  type Cp58Run,
  type Cp58Summary,
  type Cp58YearStatements,
  fromSen,
  maskIdNumber,
  toSen,
} from "@store/contract";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { cp58Statements, jobs, orders, settings, userKyc, users } from "../../db/schema";
import { type Actor, recordAudit } from "../../lib/audit";
import { conflict, notFound } from "../../lib/errors";
import { enqueueJob } from "../jobs/queue";
import type { JobContext } from "../jobs/runner";
import { jobRecord } from "../jobs/service";
import { commissionsPaid } from "./earnings";

export const CP58_JOB = "cp58.make";

interface Cp58JobPayload {
  year: number;
  actor: Actor;
}

const yearSpan = (year: number) => ({ from: `${year}-01-01`, to: `${year}-12-31` });

/** Paid more than RM 5,000.00: a CP58 is due (5,000.00 exactly is not). */
const eligible = (paid: string) => toSen(paid) > toSen(CP58_THRESHOLD);

/** The year is over in the store's zone: its figures can no longer change. */
async function yearEnded(tx: Tx, year: number): Promise<boolean> {
  const result = await tx.execute<{ ended: boolean }>(sql`
    select (now() at time zone (select time_zone from report_time_zone where id = 1))::date
      > make_date(${year}::int, 12, 31) as ended`);
  return result.rows[0]?.ended === true;
}

async function requireYearEnded(tx: Tx, year: number): Promise<void> {
  if (!(await yearEnded(tx, year))) {
    throw conflict(
      "cp58_year_not_ended",
      { year },
      `The year ${year} has not ended yet; its CP58 statements can be made from 1 January ${year + 1}.`,
    );
  }
}

/** The latest run's job of the year, if any. */
async function latestRun(tx: Tx, year: number) {
  const [row] = await tx
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, CP58_JOB), sql`(${jobs.payload} ->> 'year')::int = ${year}`))
    .orderBy(desc(jobs.job_id))
    .limit(1);
  return row;
}

/**
 * POST cp58/{year}: queues the year's run (202), audited as the job's
 * creation. A run already queued or running for the year is answered again.
 */
export async function startCp58Run(db: Db, actor: Actor, year: number): Promise<Cp58Run> {
  return db.transaction(async (tx) => {
    await requireYearEnded(tx, year);
    const running = await latestRun(tx, year);
    if (running && (running.status === "queued" || running.status === "running")) {
      return { year, job: jobRecord(running) };
    }
    // Who asked, by name only: the job is kept, the session's other fields are not its business.
    const payload: Cp58JobPayload = {
      year,
      actor: { user_id: actor.user_id, username: actor.username },
    };
    const key = `${year}:${randomUUID()}`;
    const { job_id } = await enqueueJob(tx, { kind: CP58_JOB, key, payload, maxTries: 3 });
    await recordAudit(tx, actor, {
      entity: "Job",
      entityId: job_id,
      action: "create",
      after: { job_id, kind: CP58_JOB, key, year },
    });
    const [job] = await tx.select().from(jobs).where(eq(jobs.job_id, job_id));
    if (!job) throw new Error(`job ${job_id} not found after its insert`);
    return { year, job: jobRecord(job) };
  });
}

/**
 * The run: every member paid more than RM 5,000.00 in the year gets a
 * statement row, in one transaction with the year's summary audited; the
 * summary's total is the sum of commissionsPaid over those members.
 */
export async function makeCp58(db: Db, { job, progress }: JobContext): Promise<Cp58Summary> {
  const { year, actor } = job.payload as Cp58JobPayload;
  await progress(0, 1);
  // Progress only outside the transaction: the embedded store has one connection.
  const summary = await db.transaction(async (tx) => {
    const paid = await commissionsPaid(tx, yearSpan(year));
    const due = [...paid].filter(([, amount]) => eligible(amount));
    await tx.delete(cp58Statements).where(eq(cp58Statements.year, year));
    if (due.length > 0) {
      await tx.execute(sql`
        insert into cp58_statements (year, user_id, commissions, total, job_id)
        select ${year}, d.user_id, d.paid, d.paid, ${job.job_id}
        from unnest(${`{${due.map(([id]) => id).join(",")}}`}::int[],
          ${`{${due.map(([, amount]) => amount).join(",")}}`}::numeric[]) as d(user_id, paid)`);
    }
    const [totals] = (
      await tx.execute<{ members: number; total: string }>(sql`
        select count(*)::int as members, coalesce(sum(total), 0)::numeric(14, 2)::text as total
        from cp58_statements where year = ${year}`)
    ).rows;
    const made: Cp58Summary = {
      year,
      members: Number(totals?.members ?? 0),
      total: totals?.total ?? "0.00",
    };
    await recordAudit(tx, actor, {
      entity: "Job",
      entityId: job.job_id,
      action: "update",
      after: { job_id: job.job_id, kind: CP58_JOB, key: job.key, ...made },
    });
    return made;
  });
  await progress(1, 1);
  return summary;
}

/** GET cp58/{year}: the statements the latest run made, their count and total, and its job. */
export async function cp58Year(db: Db, year: number): Promise<Cp58YearStatements> {
  const rows = await db
    .select({
      user_id: cp58Statements.user_id,
      username: users.username,
      name: sql<string>`trim(${users.f_name} || ' ' || ${users.l_name})`,
      commissions: cp58Statements.commissions,
      incentives: cp58Statements.incentives,
      in_kind: cp58Statements.in_kind,
      total: cp58Statements.total,
      made_at: sql<string>`to_char(${cp58Statements.made_at}, 'YYYY-MM-DD HH24:MI:SS')`,
    })
    .from(cp58Statements)
    .innerJoin(users, eq(users.user_id, cp58Statements.user_id))
    .where(eq(cp58Statements.year, year))
    .orderBy(users.username);
  let total = 0n;
  for (const row of rows) total += toSen(row.total);
  const job = await latestRun(db, year);
  return {
    year,
    ended: await yearEnded(db, year),
    members: rows.length,
    total: fromSen(total),
    job: job ? jobRecord(job) : null,
    statements: rows,
  };
}

/** What a statement prints: the payer (Part A), the member (Part B), the amounts (Part C). */
export interface Cp58Document {
  year: number;
  payer: { name: string; registration: string; address: string; contact: string };
  payee: {
    username: string;
    name: string;
    nric: string | null;
    passport: string | null;
    tin: string;
    address: string;
    contact: string;
    email: string;
  };
  amounts: { commissions: string; incentives: string; in_kind: string; total: string };
}

/**
 * GET users/{id}/cp58?year=: one member's statement, counted from the ledger,
 * its reading audited as a view of the member's KYC (the number masked in
 * the row). 409 cp58_not_eligible when they were paid RM 5,000.00 or less.
 */
export async function cp58Of(
  db: Db,
  actor: Actor,
  userId: number,
  year: number,
): Promise<Cp58Document> {
  return db.transaction(async (tx) => {
    const [member] = await tx
      .select({
        username: users.username,
        f_name: users.f_name,
        l_name: users.l_name,
        contact: users.contact,
        email: users.email,
        nric: userKyc.nric,
        passport: userKyc.passport,
        tin: userKyc.tin,
      })
      .from(users)
      .leftJoin(userKyc, eq(userKyc.user_id, users.user_id))
      .where(eq(users.user_id, userId));
    if (!member) throw notFound("User");
    await requireYearEnded(tx, year);
    const paid = (await commissionsPaid(tx, yearSpan(year), [userId])).get(userId) ?? "0.00";
    if (!eligible(paid)) {
      throw conflict(
        "cp58_not_eligible",
        { year, paid },
        `This member was paid RM ${paid} in ${year}; a CP58 is due only above RM ${CP58_THRESHOLD}.`,
      );
    }
    const [store] = await tx.select().from(settings).where(eq(settings.setting_id, 1));
    // The member record holds no address: the latest delivery address of their orders is the one the store has.
    const [delivery] = await tx
      .select({
        parts: sql<string>`concat_ws(', ', nullif(${orders.address_1}, ''), nullif(${orders.address_2}, ''),
          nullif(trim(${orders.postcode} || ' ' || ${orders.state}), ''), nullif(${orders.country}, ''))`,
      })
      .from(orders)
      .where(and(eq(orders.user_id, userId), sql`${orders.address_1} <> ''`))
      .orderBy(desc(orders.orders_id))
      .limit(1);
    await recordAudit(tx, actor, {
      entity: "Kyc",
      entityId: userId,
      action: "view",
      after: {
        user_id: userId,
        viewed: "cp58",
        year,
        nric: maskIdNumber(member.nric),
        passport: maskIdNumber(member.passport),
      },
    });
    return {
      year,
      payer: {
        name: store?.store_name ?? "",
        registration: store?.store_registration ?? "",
        address: store?.store_address ?? "",
        contact: store?.store_contact ?? "",
      },
      payee: {
        username: member.username,
        name: `${member.f_name} ${member.l_name}`.trim(),
        nric: member.nric ?? null,
        passport: member.passport ?? null,
        tin: member.tin ?? "",
        address: delivery?.parts ?? "",
        contact: member.contact,
        email: member.email,
      },
      // No incentive record exists in this store: cash incentives and in kind are 0.00.
      amounts: { commissions: paid, incentives: "0.00", in_kind: "0.00", total: paid },
    };
  });
}
