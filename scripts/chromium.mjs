/**
 * Debian's Chromium (or CHROMIUM_PATH), headless, with the flags this closed
 * network needs: no browser is ever downloaded. Used by the browser tests
 * (e2e/support/browser.ts) and the first-load measurement (web-first-load.mjs).
 */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
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
};
