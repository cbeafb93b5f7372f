import fs from "node:fs";

/**
 * The browser the tests drive: CHROMIUM_PATH, else Debian's old headless shell
 * (package chromium-headless-shell), else Debian's Chromium. No browser is ever
 * downloaded. The headless shell is the same Blink without the full browser
 * around it: the browser suite took 305 s with it, 521 s with the full
 * Chromium (docs/decisions/browser-runner.md).
 */
export const CHROMIUM_CANDIDATES = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];

export function chromiumPath() {
  return (
    process.env.CHROMIUM_PATH ??
    CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate)) ??
    CHROMIUM_CANDIDATES[0]
  );
}

/** Headless, with the flags this closed network needs. */
export const CHROMIUM_LAUNCH = {
  executablePath: chromiumPath(),
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
