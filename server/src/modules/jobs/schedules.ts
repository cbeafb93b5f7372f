import { Cron } from "croner";
import type { Db } from "../../db/client";
import { enqueueJob } from "./queue";

/**
 * Work on a clock (docs/decisions/jobs.md, "Schedules"): each tick of a cron
 * expression, in the store's time zone, is one job whose key is the tick, so
 * however many servers see it, it is enqueued once and runs once.
 */
export type JobSchedule = ScheduleTerms &
  (
    | {
        /** Minute, hour, day of month, month, day of week (croner; a sixth field in front for seconds). */
        cron: string;
        everyHours?: never;
      }
    | {
        /** Every so many hours from midnight of 2000-01-01 in the store's zone (BACKUP_EVERY need not divide a day). */
        everyHours: number;
        cron?: never;
      }
  );

interface ScheduleTerms {
  /** The job kind each tick enqueues; the schedule's name. */
  kind: string;
  /**
   * A tick missed while every server was down: `run` it once at start (the
   * latest only), or `skip` it and wait for the next.
   */
  missed: "run" | "skip";
  /** Tries of each tick's job (default the queue's). */
  maxTries?: number;
}

/** A tick is due from its time until this long after; later it was missed. */
const TICK_LATE_MS = 60_000;

const tickKey = (at: Date) => `tick:${at.toISOString()}`;

/** A schedule's ticks: the latest at or before a time, and the next after it. */
export interface Ticks {
  latest(now: Date): Date | undefined;
  next(now: Date): Date | undefined;
  /** The cron expression, or "every N h". */
  text: string;
}

export function ticksOf(schedule: JobSchedule, timeZone: string): Ticks {
  if (schedule.cron !== undefined) {
    const cron = new Cron(schedule.cron, { timezone: timeZone, paused: true });
    return {
      latest: (now) => cron.previousRuns(1, new Date(now.getTime() + 1))[0],
      next: (now) => cron.nextRun(now) ?? undefined,
      text: schedule.cron,
    };
  }
  const every = schedule.everyHours * 3_600_000;
  // Midnight of 2000-01-01 in the zone: the tick every interval counts from.
  const anchor = new Cron("0 0 1 1 *", { timezone: timeZone, paused: true }).nextRun(
    new Date("1999-12-31T00:00:00Z"),
  );
  const from = anchor?.getTime() ?? Date.UTC(2000, 0, 1);
  const latest = (now: Date) => new Date(from + Math.floor((now.getTime() - from) / every) * every);
  return {
    latest,
    next: (now) => new Date(latest(now).getTime() + every),
    text: `every ${schedule.everyHours} h`,
  };
}

/**
 * A server's look at its schedules (the runner calls it before taking a job):
 * each schedule's latest tick, enqueued once (its key), when it is at most
 * TICK_LATE_MS old, or at the first look when missed ticks run.
 */
export function scheduleLooker(
  db: Db,
  schedules: readonly JobSchedule[],
  timeZone: string,
): (now?: Date) => Promise<number> {
  const clocks = schedules.map((schedule) => ({ schedule, ticks: ticksOf(schedule, timeZone) }));
  /** The latest tick each kind enqueued (or found enqueued) from this server. */
  const handled = new Map<string, number>();
  let first = true;
  return async (now = new Date()) => {
    let enqueued = 0;
    for (const { schedule, ticks } of clocks) {
      const latest = ticks.latest(now);
      if (!latest || handled.get(schedule.kind) === latest.getTime()) continue;
      const late = now.getTime() - latest.getTime() > TICK_LATE_MS;
      if (late && !(first && schedule.missed === "run")) continue;
      const { created } = await enqueueJob(db, {
        kind: schedule.kind,
        key: tickKey(latest),
        maxTries: schedule.maxTries,
      });
      handled.set(schedule.kind, latest.getTime());
      if (created) enqueued += 1;
    }
    first = false;
    return enqueued;
  };
}
