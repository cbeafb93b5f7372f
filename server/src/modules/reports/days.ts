import {
  daysIn,
  REPORT_DEFAULT_DAYS,
  type ReportCompare,
  type ReportGroup,
  type ReportQuery,
} from "@store/contract";

// The days of a report: its range in the store's zone, the range before it, its periods.

/** A report's query with its days settled: `to` today by default, `from` 29 days before it. */
export type Asked = Omit<ReportQuery, "from" | "to"> & { from: string; to: string };

/** The days of a query, defaults filled in (the process runs in the store's zone: config.ts). */
export function settle(query: ReportQuery, today = todayHere()): Asked {
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  const from = query.from ?? shiftDay(to, -(REPORT_DEFAULT_DAYS - 1));
  return { ...query, from, to };
}

/** Today in the store's zone (the process runs in it). */
export function todayHere(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** "2026-11-27" moved by `days`. */
export function shiftDay(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** "2028-02-29" a year before: the same day of the month, or the month's last (2027-02-28). */
export function yearBefore(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return `${String(year - 1).padStart(4, "0")}-${day.slice(5, 8)}${String(Math.min(date, last)).padStart(2, "0")}`;
}

/**
 * The range asked and the one compared: of equal length just before it
 * (`previous`, the default), or the same days a year before (`year`).
 */
export function rangesOf(query: Pick<Asked, "from" | "to"> & { compare?: ReportCompare }) {
  const compare = query.compare ?? "previous";
  const length = daysIn(query.from, query.to);
  return {
    range: { from: query.from, to: query.to },
    compare,
    previous_range:
      compare === "year"
        ? { from: yearBefore(query.from), to: yearBefore(query.to) }
        : { from: shiftDay(query.from, -length), to: shiftDay(query.from, -1) },
  };
}

/** The first day of each period from `from` to `to` (weeks start on Monday, as date_trunc's). */
export function periodsOf(from: string, to: string, group: ReportGroup): string[] {
  const first = periodStart(from, group);
  const periods: string[] = [];
  const at = new Date(`${first}T00:00:00Z`);
  for (let day = first; day <= to; day = at.toISOString().slice(0, 10)) {
    periods.push(day);
    if (group === "day") at.setUTCDate(at.getUTCDate() + 1);
    else if (group === "week") at.setUTCDate(at.getUTCDate() + 7);
    else at.setUTCMonth(at.getUTCMonth() + 1);
  }
  return periods;
}

function periodStart(day: string, group: ReportGroup): string {
  if (group === "day") return day;
  if (group === "month") return `${day.slice(0, 8)}01`;
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  return shiftDay(day, -weekday);
}
