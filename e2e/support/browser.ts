import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";

export const ADMIN = { email: "admin@store.my", password: "Admin@12345" };
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, headless, with the flags this closed network needs. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

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
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL,
    viewport,
    locale: "en-GB",
    timezoneId: "Asia/Kuala_Lumpur",
  });
  context.setDefaultTimeout(15_000);
  return context;
}

let shared: Promise<Browser> | undefined;

/**
 * One Chromium for every file that uses `useBrowser` (vitest.config.ts keeps
 * this module across files: isolate false); launching one took about a second
 * a file. A fresh one after a crash.
 */
function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on("disconnected", () => {
      shared = undefined;
    });
    return browser;
  });
  return shared;
}

/**
 * A browser for a test file: the run's shared Chromium, in which every context
 * the file opens is closed after it. Dialogs are left to each test.
 */
export function useBrowser(
  options: { loggedIn?: boolean; viewport?: { width: number; height: number } } = {},
) {
  const session = {} as BrowserSession;
  let before = new Set<BrowserContext>();
  beforeAll(async () => {
    session.baseURL = inject("baseURL");
    session.browser = await sharedBrowser();
    before = new Set(session.browser.contexts());
    session.context = await newStoreContext(session.browser, session.baseURL, options.viewport);
    session.page = await session.context.newPage();
    if (options.loggedIn !== false) await loginThroughForm(session.page);
  });
  afterAll(async () => {
    for (const context of session.browser?.contexts() ?? []) {
      if (!before.has(context)) await context.close();
    }
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
