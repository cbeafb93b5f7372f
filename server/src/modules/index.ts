import type { App } from "../appType";
import { PASSWORD_RESET_JOB, passwordResetJob } from "../auth/passwordReset";
import { BACKUP_JOB, backupJob } from "../backup/schedule";
import type { Config } from "../config";
import type { Database } from "../db/client";
import { registerAgencyRoutes } from "./agency/routes";
import { registerAuditRoutes } from "./audit/routes";
import { registerCatalogRoutes } from "./catalog/routes";
import { calculatePeriod, PERIOD_CALCULATE_JOB, PERIOD_RELEASE_JOB } from "./commissions/close";
import { releasePeriod } from "./commissions/release";
import { registerCommissionRoutes } from "./commissions/routes";
import { registerContentRoutes } from "./content/routes";
import { registerDashboardRoutes } from "./dashboard/routes";
import { EINVOICE_SUBMIT_JOB } from "./einvoices/documents";
import { registerEinvoiceRoutes } from "./einvoices/routes";
import {
  EINVOICE_DAILY_JOB,
  EINVOICE_ORDER_JOB,
  EINVOICE_POLL_JOB,
  einvoicesDaily,
  einvoicesForOrder,
  pollEinvoice,
  submitEinvoice,
} from "./einvoices/submission";
import { registerImportRoutes } from "./imports/routes";
import { IMPORT_JOB, runImportJob } from "./imports/service";
import { JOB_PRUNE_JOB, pruneJobs } from "./jobs/queue";
import { registerJobRoutes } from "./jobs/routes";
import type { JobHandler } from "./jobs/runner";
import type { JobSchedule } from "./jobs/schedules";
import { registerKycRoutes } from "./kyc/routes";
import { RECONCILE_JOB, runReconcile } from "./ledger/reconcileRun";
import { registerLedgerRoutes } from "./ledger/routes";
import { MESSAGE_SEND_JOB } from "./messages/outbox";
import { registerMessageRoutes } from "./messages/routes";
import { type AttachmentDrawers, sendMessageJob } from "./messages/send";
import { registerNotificationRoutes } from "./notifications/routes";
import { registerOrderBulkRoutes } from "./orders/bulk";
import { registerOrderDocumentRoutes } from "./orders/documentRoutes";
import { invoiceAttachment } from "./orders/documents";
import { registerReturnRoutes } from "./orders/returnRoutes";
import { registerOrderRoutes } from "./orders/routes";
import { registerPayoutRoutes } from "./payouts/routes";
import { registerPeopleBulkRoutes } from "./people/bulk";
import { registerPeopleRoutes } from "./people/routes";
import { registerDeclaredRecordRoutes } from "./records/routes";
import { registerReportRoutes } from "./reports/routes";
import { registerSettingsRoutes } from "./settings/routes";
import { registerStoreIdentityRoutes } from "./settings/storeIdentity";
import { registerStaffRoutes } from "./staff/routes";
import { CP58_JOB, makeCp58 } from "./tax/cp58";
import { registerCp58Routes } from "./tax/cp58Routes";
import { registerWithholdingRoutes } from "./tax/withholdingRoutes";
import { registerUploadRoutes } from "./uploads/routes";
import { sweepUploads, UPLOAD_SWEEP_JOB } from "./uploads/sweep";
import { registerVoucherRoutes } from "./vouchers/routes";
import { registerWithdrawalBulkRoutes } from "./withdrawals/bulk";
import { registerWithdrawalRoutes } from "./withdrawals/routes";

/** Every domain's HTTP calls, mounted under /api. */
export const modules: ((app: App) => void | Promise<void>)[] = [
  registerCatalogRoutes,
  registerDeclaredRecordRoutes,
  registerOrderRoutes,
  registerOrderDocumentRoutes,
  registerReturnRoutes,
  registerVoucherRoutes,
  registerPeopleRoutes,
  registerWithdrawalRoutes,
  registerLedgerRoutes,
  registerAgencyRoutes,
  registerContentRoutes,
  registerSettingsRoutes,
  registerStoreIdentityRoutes,
  registerStaffRoutes,
  registerDashboardRoutes,
  registerReportRoutes,
  registerUploadRoutes,
  registerAuditRoutes,
  registerNotificationRoutes,
  registerJobRoutes,
  registerCommissionRoutes,
  registerPayoutRoutes,
  registerKycRoutes,
  registerWithholdingRoutes,
  registerCp58Routes,
  registerEinvoiceRoutes,
  registerMessageRoutes,
  registerImportRoutes,
  // POST <list>/bulk of the lists whose routes are written by hand (lib/bulk.ts).
  registerOrderBulkRoutes,
  registerPeopleBulkRoutes,
  registerWithdrawalBulkRoutes,
];

/** What a message may carry, drawn by the module that owns it (messages/send.ts). */
export const MESSAGE_ATTACHMENTS: AttachmentDrawers = { invoice: invoiceAttachment };

/** Every kind of job and its work (modules/jobs, docs/decisions/jobs.md). */
export function jobHandlers(
  app: Pick<App, "uploadStorage" | "config" | "log">,
  database: Database,
): Record<string, JobHandler> {
  const { backups, backupSigningKey } = app.config;
  return {
    [RECONCILE_JOB]: runReconcile,
    [UPLOAD_SWEEP_JOB]: async (db) => ({ removed: await sweepUploads(db, app.uploadStorage) }),
    [JOB_PRUNE_JOB]: async (db) => ({ pruned: await pruneJobs(db) }),
    [PERIOD_CALCULATE_JOB]: calculatePeriod,
    [PERIOD_RELEASE_JOB]: releasePeriod,
    [CP58_JOB]: makeCp58,
    [EINVOICE_SUBMIT_JOB]: submitEinvoice,
    [EINVOICE_POLL_JOB]: pollEinvoice,
    [EINVOICE_ORDER_JOB]: einvoicesForOrder,
    [EINVOICE_DAILY_JOB]: einvoicesDaily,
    [IMPORT_JOB]: runImportJob,
    // Without SMTP_URL a message's job says why it waits; it stays queued (messages/send.ts).
    [MESSAGE_SEND_JOB]: sendMessageJob(app.config.mail, MESSAGE_ATTACHMENTS),
    [PASSWORD_RESET_JOB]: passwordResetJob(app.config),
    // Only a server with BACKUP_DIR takes the backups (its folder is where they go).
    ...(backups && {
      [BACKUP_JOB]: backupJob(
        database,
        backups,
        app.uploadStorage,
        { info: (line) => app.log.info(line), error: (line) => app.log.error(line) },
        backupSigningKey,
      ),
    }),
  };
}

/**
 * The work on a clock, in the store's zone: the sweep of images no record
 * names every hour, the books' check and the pruning of old jobs every night,
 * and with BACKUP_DIR a backup every BACKUP_EVERY hours. A tick missed while
 * every server was down waits for the next (a start does no heavy work),
 * except a backup's: it runs once at start, as the timer before it did.
 */
export function jobSchedules(config: Pick<Config, "backups">): JobSchedule[] {
  return [
    { kind: UPLOAD_SWEEP_JOB, cron: "0 * * * *", missed: "skip" },
    { kind: RECONCILE_JOB, cron: "30 3 * * *", missed: "skip" },
    { kind: JOB_PRUNE_JOB, cron: "15 4 * * *", missed: "skip" },
    // E-invoices: the month's consolidated invoice in its first week (a missed tick: the next day's), what orders missed.
    { kind: EINVOICE_DAILY_JOB, cron: "0 2 * * *", missed: "skip" },
    ...(config.backups
      ? [
          {
            kind: BACKUP_JOB,
            everyHours: config.backups.everyHours,
            missed: "run" as const,
            maxTries: 1,
          },
        ]
      : []),
  ];
}
