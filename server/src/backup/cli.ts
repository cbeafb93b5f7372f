/**
 * npm run backup -- <file>          one archive of the store (docs/OPERATIONS.md, "Backup")
 * npm run restore -- <file> [--force] [--allow-unsigned]
 *                                   into an empty DATA_DIR or DATABASE_URL ("Restore")
 * Both read the server's own settings (DATA_DIR, DATABASE_URL, TZ, BACKUP_SIGNING_KEY).
 */
import path from "node:path";
import { applyTimeZone, readConfig } from "../config";
import { DataDirInUseError } from "../db/dataDirLock";
import { backupCommand, restoreCommand } from "./commands";
import { RestoreRefused } from "./restore";

const config = readConfig();
applyTimeZone(config.timeZone);
const [command, ...rest] = process.argv.slice(2);
const force = rest.includes("--force");
// An archive whose signature cannot be checked (unsigned, or no key here): the operator vouches for it.
const allowUnsigned = rest.includes("--allow-unsigned");
const given = rest.filter((arg) => arg !== "--force" && arg !== "--allow-unsigned");
// npm runs the script in server/; a file is named from where the operator typed it.
const file = given[0] ? path.resolve(process.env.INIT_CWD ?? process.cwd(), given[0]) : undefined;

if ((command !== "backup" && command !== "restore") || !file || given.length > 1) {
  console.error(
    "Usage: npm run backup -- <file.tar.gz>   |   npm run restore -- <file.tar.gz> [--force] [--allow-unsigned]",
  );
  process.exit(2);
}

try {
  if (command === "backup") {
    console.log(await backupCommand(config, file));
  } else {
    const { text, clean } = await restoreCommand(config, file, force, allowUnsigned);
    console.log(text);
    process.exit(clean ? 0 : 1);
  }
  process.exit(0);
} catch (error) {
  // A refusal is one plain line; anything else keeps its stack for a bug report.
  const known = error instanceof RestoreRefused || error instanceof DataDirInUseError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
}
