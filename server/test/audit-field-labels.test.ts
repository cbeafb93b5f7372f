import fs from "node:fs";
import path from "node:path";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../src/db/schema";

// An audit row's before and after hold a record's columns; the web app names
// each changed field from its catalogues' `recordFields` (packages/i18n), so a
// column without a label there would show its raw name on a Malay or Chinese screen.

/** Tables whose rows never reach an audit row's before or after. */
const NOT_AUDITED = new Set([
  "audit_log",
  "login_failures",
  "running_totals",
  "running_total_changes",
  "running_totals_time_zone",
  "sessions",
  "recovery_codes",
  // Wrong authenticator codes and the lock they make: audited as the person's two_step_login.
  "totp_failures",
  "totp_locks",
  "user_groups",
  "genders",
  "languages",
  "currencies",
  "roles",
  "order_statuses",
  // An upload is audited as its event (EVENT_FIELDS), never as its row.
  "uploads",
  // Kept by the server itself: the scheduled backups' runs, the jobs and the reports' roll-ups.
  "backup_runs",
  "jobs",
  "report_rollups",
  "report_rollup_changes",
  "report_time_zone",
  // A period's tier changes and corrections: written by its jobs and orders,
  // audited as the members' User rows and ledger entries they make.
  "commission_period_ranks",
  "commission_adjustments",
  // A year's CP58 statements: written by its run, audited as the run's Job rows (docs/decisions/cp58.md).
  "cp58_statements",
]);
/**
 * What sign-in and upload rows record (auth/service.ts, auth/routes.ts,
 * modules/uploads), and a job's retry or cancel (modules/jobs/service.ts).
 */
const EVENT_FIELDS = ["address", "check", "kind", "file_name", "size", "key", "status", "tries"];

const auditedFields = [
  ...new Set([
    ...(Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable)
      .map((table) => getTableConfig(table))
      .filter((table) => !NOT_AUDITED.has(table.name))
      .flatMap((table) => table.columns.map((column) => column.name)),
    ...EVENT_FIELDS,
  ]),
];

describe("the audit log's field names", () => {
  it("finds the audited tables' columns", () => {
    expect(auditedFields).toContain("withdraw_max_amt");
    expect(auditedFields.length).toBeGreaterThan(120);
  });

  it.each(["en", "ms", "zh"])("%s names every field an audit row can hold", (code) => {
    const file = path.resolve(import.meta.dirname, `../../packages/i18n/src/${code}.json`);
    const labels = JSON.parse(fs.readFileSync(file, "utf8")).recordFields as Record<string, string>;
    expect(auditedFields.filter((field) => !labels[field]?.trim())).toEqual([]);
  });
});
