// The stores the browser suite starts from, prepared once and copied: the demo
// store for each worker's server (support/globalSetup.ts), an empty one for the
// files that need a store of their own (support/ownServer.ts). scripts/test.mjs
// runs this file while the earlier suites run and passes the folder on
// (E2E_SEEDED_DIR):   node --import tsx e2e/support/seed.ts <folder>
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serverArgs } from "./serverCommand";

const root = path.resolve(import.meta.dirname, "../..");
/** Written into the folder once the seed has finished: a folder without it is not a store. */
export const SEEDED_MARK = "seeded";

/** In the folder of prepareStores: the demo store and a migrated store with only the admin. */
export const DEMO = "demo";
export const EMPTY = "empty";

/** Both stores, side by side, in `folder`. */
export async function prepareStores(folder: string): Promise<void> {
  await Promise.all([
    prepareStore(path.join(folder, DEMO), true),
    prepareStore(path.join(folder, EMPTY), false),
  ]);
}

/** A folder prepareStores finished. */
export function isPrepared(folder: string): boolean {
  return [DEMO, EMPTY].every((store) => fs.existsSync(path.join(folder, store, SEEDED_MARK)));
}

/**
 * The server's own preparation (migrations and, with `demo`, the demo seed) with
 * nothing served: server/src/main.ts with STORE_PREPARE_ONLY exits once the
 * store is ready and closed, so the folder can be copied as it is.
 */
function prepareStore(dataDir: string, demo: boolean): Promise<void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const logFile = path.join(dataDir, "seed.log");
  const log = fs.openSync(logFile, "w");
  const child = spawn(process.execPath, serverArgs(), {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      SEED_DEMO: demo ? "1" : "0",
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
            `Preparing the ${demo ? "demo" : "empty"} store failed (${code}):\n${fs.readFileSync(logFile, "utf8").slice(-3000)}`,
          ),
        );
      }
    });
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const [folder] = process.argv.slice(2);
  if (!folder) throw new Error("usage: seed.ts <folder>");
  await prepareStores(path.resolve(folder));
}
