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

export interface SuiteStores {
  /** One per worker, in the order of the workers' parallelIndex. */
  stores: Store[];
  /** A migrated store with only the admin, to copy for a file's own server. */
  emptyStore: string;
}

function read(): SuiteStores {
  const file = process.env[STORES_FILE];
  if (!file) throw new Error(`${STORES_FILE} is not set: run the tests with \`playwright test\``);
  return JSON.parse(fs.readFileSync(file, "utf8")) as SuiteStores;
}

/** The suite's stores, in the order of the workers' parallelIndex. */
export function suiteStores(): Store[] {
  return read().stores;
}

/** The prepared empty store (support/ownServer.ts copies it). */
export function emptyStore(): string {
  return read().emptyStore;
}
