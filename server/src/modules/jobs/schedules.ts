import { Cron } from "croner";
import type { Db } from "../../db/client";
import { enqueueJob } from "./queue";

/**
 * Work on a clock (docs/decisions/jobs.md, "Schedules"): each tick of a cron
 * expression, in the store's time zone, is one job whose key is the tick, so
 * however many servers see it, it is enqueued once and runs once.
 */
export interface JobSchedule {
  /** The job kind each tick enqueues. */
  kind: string;
  /** Minute, hour, day of month, month, day of week (croner). */
  cron: string;
  /**
   * A tick missed while every server was down: `run` it once at start (the
   * latest only), or `skip` it and wait for the next.
   */
  missed: "run" | "skip";
}

/** A tick is due from its time until this long after; later it was missed. */
const TICK_LATE_MS = 60_000;

const tickKey = (at: Date) => `tick:${at.toISOString()}`;

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
  const crons = schedules.map((schedule) => ({
    schedule,
    cron: new Cron(schedule.cron, { timezone: timeZone, paused: true }),
  }));
  /** The latest tick each kind enqueued (or found enqueued) from this server. */
  const handled = new Map<string, number>();
  let first = true;
  return async (now = new Date()) => {
    let enqueued = 0;
    for (const { schedule, cron } of crons) {
      const [latest] = cron.previousRuns(1, new Date(now.getTime() + 1));
      if (!latest || handled.get(schedule.kind) === latest.getTime()) continue;
      const late = now.getTime() - latest.getTime() > TICK_LATE_MS;
      if (late && !(first && schedule.missed === "run")) continue;
      const { created } = await enqueueJob(db, { kind: schedule.kind, key: tickKey(latest) });
      handled.set(schedule.kind, latest.getTime());
      if (created) enqueued += 1;
    }
    first = false;
    return enqueued;
  };
}
