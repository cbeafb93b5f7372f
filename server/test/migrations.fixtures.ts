import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_ROOT } from "../src/serverRoot";

const FOLDER = path.join(SERVER_ROOT, "drizzle");

/**
 * A copy of the migrations folder as it was before `tag`: its journal and SQL
 * files up to the one before, for a store to be migrated up to there, filled
 * the old way, and then taken through the migration under test.
 */
export function migrationsBefore(tag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "migrations-before-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync(path.join(FOLDER, "meta", "_journal.json"), "utf8"));
  const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag === tag);
  journal.entries = journal.entries.slice(0, upTo);
  fs.writeFileSync(path.join(dir, "meta", "_journal.json"), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[]) {
    fs.copyFileSync(path.join(FOLDER, `${entry.tag}.sql`), path.join(dir, `${entry.tag}.sql`));
  }
  return dir;
}
