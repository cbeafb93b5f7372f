import fs from "node:fs";

/** One copy of the seeded demo store with its own server, for one worker (support/globalSetup.ts). */
export interface Store {
  baseURL: string;
  dataDir: string;
  /** The demo admin's login (cookie and local storage), saved from the real login form. */
  storageState: string;
}

/** Where globalSetup writes the stores for the workers (the environment reaches them). */
export const STORES_FILE = "E2E_STORES_FILE";

/** The suite's stores, in the order of the workers' parallelIndex. */
export function suiteStores(): Store[] {
  const file = process.env[STORES_FILE];
  if (!file) throw new Error(`${STORES_FILE} is not set: run the tests with \`playwright test\``);
  return JSON.parse(fs.readFileSync(file, "utf8")) as Store[];
}
