import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../db/client";
import { MIGRATIONS_FOLDER } from "../db/client";
import { SERVER_ROOT } from "../serverRoot";
import { MONEY_SUMS } from "./snapshot";

/** manifest.json, the archive's first member (docs/decisions/backups.md). */
export const BACKUP_FORMAT = "store-backup/1";

const digest = z.object({
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  app_version: z.string(),
  /** The last migration applied to the store the archive was taken from. */
  migration: z.string(),
  engine: z.enum(["pglite", "postgres"]),
  created_at: z.string(),
  /** Rows of every table at the snapshot. */
  counts: z.record(z.string(), z.number().int().nonnegative()),
  /** Sums of the money columns (MONEY_SUMS), exact decimals as text. */
  money: z.object(
    Object.fromEntries(Object.keys(MONEY_SUMS).map((name) => [name, z.string()])) as Record<
      keyof typeof MONEY_SUMS,
      z.ZodString
    >,
  ),
  /** Every other member of the archive: its size and sha-256. */
  files: z.record(z.string(), digest),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const MANIFEST_NAME = "manifest.json";
export const SEQUENCES_NAME = "database/sequences.json";
export const tableMember = (table: string) => `database/${table}.ndjson`;
export const uploadMember = (file: string) => `uploads/${file}`;

export function appVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(path.join(SERVER_ROOT, "package.json"), "utf8")) as {
    version: string;
  };
  return pkg.version;
}

interface JournalEntry {
  tag: string;
  when: number;
}

function journal(): JournalEntry[] {
  const text = fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8");
  return (JSON.parse(text) as { entries: JournalEntry[] }).entries;
}

/** This version's last migration. */
export function newestMigration(): string {
  return journal().at(-1)?.tag ?? "";
}

/** The last migration the store has applied, by drizzle's record of it. */
export async function appliedMigration(db: Tx): Promise<string> {
  const { rows } = await db.execute<{ created_at: string | null }>(
    sql`select max(created_at)::text as created_at from drizzle.__drizzle_migrations`,
  );
  const when = Number(rows[0]?.created_at ?? 0);
  const entry = journal().find((e) => e.when === when);
  if (!entry) throw new Error("The store's last migration is not one this version knows.");
  return entry.tag;
}

/**
 * A copy of the migrations up to and including `tag`: a restore builds the
 * archive's schema first, loads the rows, then applies the newer migrations.
 * undefined when this version does not know the tag (an archive of a newer version).
 */
export function migrationsUpTo(tag: string, dir: string): string | undefined {
  const entries = journal();
  const upTo = entries.findIndex((entry) => entry.tag === tag);
  if (upTo < 0) return undefined;
  const folder = path.join(dir, "migrations");
  fs.mkdirSync(path.join(folder, "meta"), { recursive: true });
  const full = JSON.parse(
    fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
  ) as { entries: JournalEntry[] };
  full.entries = entries.slice(0, upTo + 1);
  fs.writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify(full));
  for (const entry of full.entries) {
    fs.copyFileSync(
      path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`),
      path.join(folder, `${entry.tag}.sql`),
    );
  }
  return folder;
}
