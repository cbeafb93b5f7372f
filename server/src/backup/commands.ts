/** The two commands' work, apart from the command line (backup/cli.ts), so tests run it. */
import type { Config } from "../config";
import { isNewPgliteStore, type OpenOptions, openDatabase } from "../db/client";
import { DataDirInUseError, lockDataDir } from "../db/dataDirLock";
import { openUploadStorage } from "../modules/uploads/storage";
import { createBackup } from "./backup";
import { backupFromRunningServer } from "./localSocket";
import type { Manifest } from "./manifest";
import {
  checkArchive,
  RestoreRefused,
  type RestoreResult,
  redacted,
  restoreBackup,
} from "./restore";

/** Writes a backup of the store `config` names to `target`; answers what to print. */
export async function backupCommand(config: Config, target: string): Promise<string> {
  const source = config.databaseUrl
    ? redacted(config.databaseUrl)
    : `the embedded store in ${config.dataDir}`;
  if (config.databaseUrl) {
    await backupOpened(config, target, { databaseUrl: config.databaseUrl });
  } else {
    if (isNewPgliteStore(config.dataDir))
      throw new RestoreRefused(`There is no store in ${config.dataDir} (DATA_DIR).`);
    const lock = await lockDataDir(config.dataDir).catch((error: unknown) => {
      if (error instanceof DataDirInUseError) return undefined;
      throw error;
    });
    if (lock) {
      await backupOpened(config, target, { dataDir: config.dataDir, heldLock: lock });
    } else {
      // The server holds the folder: it makes the archive from its own connection.
      await backupFromRunningServer(config.dataDir, target);
    }
  }
  // Read back whole: what was written is what a restore will accept.
  const { manifest, signature } = await checkArchive(target, {
    signingKey: config.backupSigningKey,
    allowUnsigned: true,
  });
  const signed = signature.signed
    ? "  manifest signed with BACKUP_SIGNING_KEY"
    : `  Warning: ${signature.warning}. Set BACKUP_SIGNING_KEY (on the server too) so a restore can tell a changed copy from it.`;
  return `Backup of ${source} written to ${target}\n${summary(manifest)}\n${signed}`;
}

/** Opens the store as `where` says (no migrations: a backup reads it as it is), writes the archive, closes it. */
async function backupOpened(
  config: Config,
  target: string,
  where: Pick<OpenOptions, "databaseUrl" | "dataDir" | "heldLock">,
): Promise<void> {
  const database = await openDatabase({ ...where, timeZone: config.timeZone, migrations: false });
  try {
    await createBackup(database, {
      file: target,
      storage: await openUploadStorage(database.db, config),
      signingKey: config.backupSigningKey,
    });
  } finally {
    await database.close();
  }
}

/**
 * Restores `source` into the store `config` names; clean: reconcile found no
 * mismatch. `allowUnsigned` (--allow-unsigned): an archive whose signature
 * cannot be checked with BACKUP_SIGNING_KEY is restored with a warning instead of refused.
 */
export async function restoreCommand(
  config: Config,
  source: string,
  force: boolean,
  allowUnsigned = false,
): Promise<{ text: string; clean: boolean; result: RestoreResult }> {
  const into = config.databaseUrl
    ? `the database ${redacted(config.databaseUrl)}`
    : `the embedded store in ${config.dataDir}`;
  const result = await restoreBackup(source, {
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    timeZone: config.timeZone,
    s3: config.s3,
    force,
    signingKey: config.backupSigningKey,
    allowUnsigned,
  });
  const report = result.reconcile;
  const mismatches = report.mismatches.length + report.order_mismatches.length;
  const text = [
    `Restored ${source} into ${into}`,
    summary(result.manifest),
    result.signature.signed
      ? "  manifest signature checked with BACKUP_SIGNING_KEY"
      : `  Warning: ${result.signature.warning}; restored because --allow-unsigned was given.`,
    `Reconcile: ${report.wallets_checked} wallets and ${report.orders_checked} orders checked, ${mismatches === 0 ? "no mismatch" : `${mismatches} mismatches (GET /api/walletLedger/reconcile lists them)`}.`,
  ].join("\n");
  return { text, clean: mismatches === 0, result };
}

function summary(manifest: Manifest): string {
  const rows = Object.values(manifest.counts).reduce((sum, n) => sum + n, 0);
  const uploads = Object.keys(manifest.files).filter((name) => name.startsWith("uploads/")).length;
  return [
    `  taken ${manifest.created_at} from ${manifest.engine}, app ${manifest.app_version}, migration ${manifest.migration}`,
    `  ${Object.keys(manifest.counts).length} tables, ${rows} rows, ${uploads} uploaded files; every checksum checked`,
    `  orders ${manifest.counts.orders ?? 0}, wallet ledger entries ${manifest.counts.wallet_ledger ?? 0}, ledger sum ${manifest.money["wallet_ledger.amount"]}`,
  ].join("\n");
}
