/**
 * Moments of the demo store, relative to "now", as wire timestamps in the
 * store's time zone (the process TZ), so the data always looks current.
 */
import type { Random } from "./random";

const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

const pad = (n: number) => String(n).padStart(2, "0");

/** "yyyy-MM-dd HH:mm:ss" in local time; a hand-rolled format, as the seed writes tens of thousands. */
export function wire(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

export interface Calendar {
  now: number;
  /** 1 January of the current year, 00:00 local. */
  thisYear: number;
  /** 1 January of last year, 00:00 local. */
  lastYear: number;
}

export function calendarOf(now: Date): Calendar {
  // Whole seconds: wire timestamps carry no milliseconds.
  const nowMs = Math.floor(now.getTime() / 1000) * 1000;
  return {
    now: nowMs,
    thisYear: new Date(now.getFullYear(), 0, 1).getTime(),
    lastYear: new Date(now.getFullYear() - 1, 0, 1).getTime(),
  };
}

/** A whole-second moment in [from, to]. */
export function between(random: Random, from: number, to: number): number {
  const span = Math.max(0, Math.floor((to - from) / 1000));
  return from + random.int(0, span) * 1000;
}

/** A moment in last year or this year (until now), with `thisYearShare` of them this year. */
export function inTwoYears(random: Random, cal: Calendar, thisYearShare: number): number {
  return random.chance(thisYearShare)
    ? between(random, cal.thisYear, cal.now)
    : between(random, cal.lastYear, cal.thisYear - 1000);
}

/**
 * A moment between 1 January last year and now, denser towards now, as a
 * growing shop's orders are: a third spread evenly, the rest rising linearly.
 */
export function growing(random: Random, cal: Calendar): number {
  const share = random.chance(0.3) ? random.next() : Math.sqrt(random.next());
  return cal.lastYear + Math.floor(((cal.now - cal.lastYear) * share) / 1000) * 1000;
}

/** `at` plus a random span of `minHours`..`maxHours`, never past `limit`. */
export function later(
  random: Random,
  at: number,
  minHours: number,
  maxHours: number,
  limit = Number.POSITIVE_INFINITY,
): number {
  return Math.min(limit, between(random, at + minHours * HOUR, at + maxHours * HOUR));
}
