/** Debian's Chromium's launch options (scripts/chromium.mjs). */
export const CHROMIUM_LAUNCH: { executablePath: string; headless: boolean; args: string[] };
