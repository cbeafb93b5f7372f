import {
  type Browser,
  type BrowserContext,
  test as base,
  expect,
  type LaunchOptions,
  type Page,
} from "@playwright/test";
import { CHROMIUM_LAUNCH } from "../../scripts/chromium.mjs";
import { type Store, suiteStores } from "./stores";

export { expect };

export const ADMIN = { email: "admin@store.my", password: "Admin@12345" };

/** Debian's Chromium, headless, with the flags this closed network needs (no browser download). */
export const LAUNCH_OPTIONS: LaunchOptions = CHROMIUM_LAUNCH;

/**
 * The suite's test: `store` is this worker's copy of the demo store
 * (support/globalSetup.ts), by its parallelIndex, so two workers never share one.
 */
export const test = base.extend<object, { store: Store }>({
  store: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern.
    async ({}, use, workerInfo) => {
      const stores = suiteStores();
      const store = stores[workerInfo.parallelIndex % stores.length];
      if (!store) throw new Error("no store for this worker");
      await use(store);
    },
    { scope: "worker" },
  ],
});

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  baseURL: string;
}

/** A fresh browser profile on the store, as an admin in Kuala Lumpur with en-GB settings has it. */
export async function newStoreContext(
  browser: Browser,
  baseURL: string,
  viewport = { width: 1400, height: 900 },
  storageState?: string,
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: "en-GB",
    timezoneId: "Asia/Kuala_Lumpur",
    // Bootstrap's fades and slides off (they honour the setting): no click
    // waits for a dialog to settle, no frame is painted for one.
    reducedMotion: "reduce",
    storageState,
  });
  context.setDefaultTimeout(15_000);
  return context;
}

/**
 * A browser page for the tests of a describe block, who share it in order: a
 * context on this worker's store, logged in as the demo admin from the login
 * saved at the start (support/globalSetup.ts) unless `loggedIn: false`.
 */
export function useBrowser(
  options: { loggedIn?: boolean; viewport?: { width: number; height: number } } = {},
) {
  const session = {} as BrowserSession;
  test.beforeAll(async ({ browser, store }) => {
    // The contexts the worker's earlier blocks left open (their own afterAll
    // hooks may still use them, and run after an afterAll registered here).
    for (const context of browser.contexts()) await context.close();
    session.baseURL = store.baseURL;
    session.browser = browser;
    session.context = await newStoreContext(
      browser,
      store.baseURL,
      options.viewport,
      options.loggedIn === false ? undefined : store.storageState,
    );
    session.page = await session.context.newPage();
  });
  return session;
}

/** Logs in through the real login form, as an administrator would. */
export async function loginThroughForm(page: Page, credentials = ADMIN): Promise<void> {
  await page.goto("/login-back");
  await page.getByLabel("E-mail").fill(credentials.email);
  await page.getByLabel("Password", { exact: true }).fill(credentials.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL("**/admin");
}

/**
 * The page's queued work has run: a timer's turn (the app decides some toasts
 * in one, web/src/main.tsx), then two frames, so whatever it would show is on
 * screen. For a check that something is not shown, instead of a fixed sleep.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((done) =>
        setTimeout(() => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
      ),
  );
}
