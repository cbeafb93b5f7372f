import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { chromium } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { LAUNCH_OPTIONS, loginThroughForm, newStoreContext } from "./browser";
import { OwnServer } from "./ownServer";
import { DEMO, EMPTY, isPrepared, prepareStores } from "./seed";
import { STORES_FILE, type Store, type SuiteStores } from "./stores";

const root = path.resolve(import.meta.dirname, "../..");

/**
 * The demo store seeded once (or given seeded by scripts/test.mjs in
 * E2E_SEEDED_DIR, support/seed.ts), then one copy of it per worker, each with its own server:
 * the files of one worker run one after another on their store as they did on
 * the single shared one, and two workers never write to the same store. The
 * demo admin logs in once per store through the real form; tests get a
 * context from the saved state (support/browser.ts). A mail server that takes
 * every message (SMTP_URL, for every server the suite starts): the screens show
 * messages sent. Answers the teardown.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  const webDist = process.env.WEB_DIST ?? path.join(root, "web/dist");
  if (!fs.existsSync(path.join(webDist, "index.html"))) {
    throw new Error("web/dist is missing: run `npm run build -w web` first (npm test does).");
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "store-e2e-"));
  let prepared = process.env.E2E_SEEDED_DIR;
  if (!prepared || !isPrepared(prepared)) {
    prepared = path.join(work, "prepared");
    await prepareStores(prepared);
  }
  const mail = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      stream.resume();
      stream.on("end", () => done());
    },
  });
  await new Promise<void>((resolve) => mail.listen(0, "127.0.0.1", resolve));
  const { port } = mail.server.address() as AddressInfo;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = "Kedai Harmoni <no-reply@kedai.test>";
  const seeded = path.join(prepared, DEMO);
  const servers = Array.from({ length: Math.max(1, config.workers) }, (_, i) => {
    const dataDir = path.join(work, `store-${i}`);
    fs.cpSync(seeded, dataDir, { recursive: true });
    return new OwnServer({ SEED_DEMO: "0" }, dataDir);
  });
  const teardown = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await new Promise<void>((resolve) => mail.close(() => resolve()));
    fs.rmSync(work, { recursive: true, force: true });
  };
  try {
    await Promise.all(servers.map((server) => server.start()));
    const browser = await chromium.launch(LAUNCH_OPTIONS);
    try {
      const stores: Store[] = await Promise.all(
        servers.map(async (server, i) => {
          const context = await newStoreContext(browser, server.baseURL);
          await loginThroughForm(await context.newPage());
          const storageState = path.join(work, `admin-${i}.json`);
          await context.storageState({ path: storageState });
          await context.close();
          return { baseURL: server.baseURL, dataDir: server.dataDir, storageState };
        }),
      );
      const file = path.join(work, "stores.json");
      const suite: SuiteStores = { stores, emptyStore: path.join(prepared, EMPTY) };
      fs.writeFileSync(file, JSON.stringify(suite));
      process.env[STORES_FILE] = file;
    } finally {
      await browser.close();
    }
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
