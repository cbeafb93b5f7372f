// A session's browser and system by name (Account Management's sessions, sign-in alerts).

/**
 * A browser's short name from its user agent. Order matters: Edge and Opera
 * also say "Chrome", Chrome also says "Safari".
 */
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\bOPR\/|\bOpera\b/, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bFirefox\/|\bFxiOS\//, "Firefox"],
  [/\b(Headless)?Chrom(e|ium)\/|\bCriOS\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bLinux\b/, "Linux"],
];

/** The browser and its system by short names; "" for what the user agent does not name. */
export function browserOf(userAgent: string): { browser: string; system: string } {
  const named = (list: [RegExp, string][]) =>
    list.find(([pattern]) => pattern.test(userAgent))?.[1] ?? "";
  return { browser: named(BROWSERS), system: named(SYSTEMS) };
}
