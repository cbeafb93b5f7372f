// Runs the server's API tests against a throw-away PostgreSQL server:
//   node scripts/test-postgres.mjs [vitest filters...]
import { spawnSync } from "node:child_process";
import { startPostgres } from "./postgres.mjs";

// TEST_DATABASE_URL names a server of one's own; otherwise a throw-away one.
const given = process.env.TEST_DATABASE_URL;
const postgres = given ? { url: given, stop() {} } : await startPostgres();
if (!postgres) process.exit(1);
let status = 1;
try {
  status = spawnSync("npx", ["vitest", "run", "--root", "server", ...process.argv.slice(2)], {
    stdio: "inherit",
    env: { ...process.env, TEST_DATABASE_URL: postgres.url },
  }).status;
} finally {
  postgres.stop();
}
process.exit(status ?? 1);
