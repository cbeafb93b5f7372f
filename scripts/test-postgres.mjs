// Runs the server's API tests against a throw-away PostgreSQL server:
//   node scripts/test-postgres.mjs [vitest filters...]
import { spawnSync } from "node:child_process";
import { startPostgres } from "./postgres.mjs";

const postgres = await startPostgres();
if (!postgres) {
  console.error("No PostgreSQL binaries could be found or installed.");
  process.exit(1);
}
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
