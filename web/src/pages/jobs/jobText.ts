import type { JobStatus } from "@store/contract";
import { translate } from "../../i18n/messages";
import { formatDateTime } from "../../lib/format";

/** The kinds of job the server runs (server/src/modules/index.ts, jobHandlers), as people say them. */
export const JOB_KINDS: Readonly<Record<string, string>> = {
  backup: "Scheduled backup",
  "uploads.sweep": "Sweep of unused images",
  reconcile: "Books balance check",
  "jobs.prune": "Pruning of old jobs",
  "commissions.calculate": "Commission period calculation",
  "commissions.release": "Commission period release",
};

/** A kind in English words for translate() or a filter's option; one the web does not know, as it is. */
export const kindLabel = (kind: string) =>
  (Object.hasOwn(JOB_KINDS, kind) ? JOB_KINDS[kind] : kind) ?? kind;

/** A kind in the chosen language. */
export const jobKindName = (kind: string) =>
  Object.hasOwn(JOB_KINDS, kind) ? translate(kindLabel(kind)) : kind;

/** Each state's badge: waiting grey, running blue, failed red, done green, canceled outlined. */
export const JOB_STATUS_STYLE: Record<
  JobStatus,
  { bg: string; text?: "dark"; label: string; className?: string }
> = {
  queued: { bg: "secondary", label: "Queued" },
  running: { bg: "primary", label: "Running" },
  failed: { bg: "danger", label: "Failed" },
  done: { bg: "success", label: "Done" },
  canceled: { bg: "light", text: "dark", label: "Canceled", className: "border" },
};

/**
 * A job's last error: the sentences the store itself writes in the chosen
 * language (a job taken back from a server that stopped answering, queue.ts;
 * a job a restored backup caught running, backup/restore.ts); a job's own
 * error as it was thrown (a file system's, a remote server's).
 */
export function errorText(error: string): string {
  switch (error) {
    case "Taken back: the server running it stopped answering.":
      return translate("Taken back: the server running it stopped answering.");
    case "Running when the backup was taken: retry it if it is still wanted.":
      return translate("Running when the backup was taken: retry it if it is still wanted.");
    default:
      return error;
  }
}

const NUMBER = /^\d{1,2}$/;

/**
 * When a schedule runs, in words: "every 24 h" (BACKUP_EVERY), or a cron
 * expression of a minute, or a minute and an hour, of every day; any other
 * expression as it is written.
 */
export function whenText(cron: string): string {
  const every = /^every (\d+(?:\.\d+)?) h$/.exec(cron.trim());
  if (every) return translate("Every {{hours}} h", { hours: every[1] ?? "" });
  const [minute = "", hour = "", day, month, weekday, ...more] = cron.trim().split(/\s+/);
  if (more.length === 0 && day === "*" && month === "*" && weekday === "*" && NUMBER.test(minute)) {
    if (hour === "*")
      return translate("Every hour at minute {{minute}}", { minute: Number(minute) });
    if (NUMBER.test(hour))
      return translate("Every day at {{time}}", {
        time: `${hour.padStart(2, "0")}:${minute.padStart(2, "0")}`,
      });
  }
  return cron;
}

const TICK = /^tick:(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z)$/;

/**
 * A job's key in words: a schedule's tick (`tick:<instant>`, schedules.ts) as
 * the time it stands for in the store's zone, "Scheduled for 30/11/2026, 00:00";
 * any other key as it is. The zone is the schedules' (none known yet: as it is).
 */
export function keyText(key: string, timeZone: string | undefined): string {
  const instant = TICK.exec(key)?.[1];
  if (!instant || !timeZone) return key;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(new Date(instant))
      .map((part) => [part.type, part.value]),
  );
  const wire = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
  return translate("Scheduled for {{time}}", { time: formatDateTime(wire) });
}
