// The demo store the browser suite starts from, prepared once in a folder and
// copied for each worker's server (support/globalSetup.ts). scripts/test.mjs
// runs this file while the earlier suites run and passes the folder on
// (E2E_SEEDED_DIR):   node --import tsx e2e/support/seed.ts <dataDir>
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "../..");
/** Written into the folder once the seed has finished: a folder without it is not a store. */
export const SEEDED_MARK = "seeded";

/**
 * The server's own preparation (migrations and the demo seed) with nothing
 * served: server/src/main.ts with STORE_PREPARE_ONLY exits once the store is
 * ready and closed, so the folder can be copied as it is.
 */
export function seedDemoStore(dataDir: string): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, "seed.log");
  const log = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SEED_DEMO: "1",
      STORE_PREPARE_ONLY: "1",
      TZ: "Asia/Kuala_Lumpur",
    },
    stdio: ["ignore", log, log],
  });
  fs.closeSync(log);
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) {
        fs.writeFileSync(path.join(dataDir, SEEDED_MARK), new Date().toISOString());
        resolve();
      } else {
        reject(
          new Error(
            `Seeding the demo store failed (${code}):\n${fs.readFileSync(logFile, "utf8").slice(-3000)}`,
          ),
        );
      }
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const [dataDir] = process.argv.slice(2);
  if (!dataDir) throw new Error("usage: seed.ts <dataDir>");
  await seedDemoStore(path.resolve(dataDir));
}
