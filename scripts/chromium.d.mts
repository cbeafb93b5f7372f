/** The browser the tests drive and its launch options (scripts/chromium.mjs). */
export const CHROMIUM_CANDIDATES: string[];
export function chromiumPath(): string;
export const CHROMIUM_LAUNCH: { executablePath: string; headless: boolean; args: string[] };
