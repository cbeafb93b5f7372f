// Runs SQL on a stopped server's embedded database (PGlite in DATA_DIR), the
// way the server opens it (server/src/db/client.ts: extensions, migrations,
// the folder lock). Used by browser tests that need rows no call creates
// (a withdrawal request) or too many to create one call at a time.
//   node --import tsx e2e/support/runSql.mjs <dataDir> <file.sql>
import fs from "node:fs";
import { sql } from "drizzle-orm";
import { openDatabase } from "../../server/src/db/client.ts";

const [dataDir, file] = process.argv.slice(2);
if (!dataDir || !file) throw new Error("usage: runSql.mjs <dataDir> <file.sql>");
const database = await openDatabase({
  dataDir,
  timeZone: process.env.TZ ?? "Asia/Kuala_Lumpur",
  durable: false,
});
try {
  await database.db.execute(sql.raw(fs.readFileSync(file, "utf8")));
} finally {
  await database.close();
}
