import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { BrowserContext, Page } from "@playwright/test";
import { expect, loginThroughForm, test } from "../support/browser";
import { chooseTheme } from "../support/theme";
import { sampled } from "../support/tier";

/**
 * Every screen of web/src/routes.tsx (and the login and 404 pages), in the light
 * and in the dark colour mode, as axe-core sees it: no serious or critical
 * violation (docs/decisions/dark-mode.md). Screens that show one record are
 * opened with a record of the demo store, found through the links the lists show.
 * `npm test` walks a sixteenth of the screens in each mode, a different one
 * in each, and the 404 page (support/tier.ts); `npm run test:long` every screen in both.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const WEB_SRC = path.resolve(import.meta.dirname, "../../web/src");

/**
 * The paths of the route table, read from its sources (routes.tsx and the
 * resources' declarations it is made from) so new screens are walked too.
 */
function routePaths(): string[] {
  const resources = path.join(WEB_SRC, "resources");
  const files = [
    path.join(WEB_SRC, "routes.tsx"),
    ...fs.readdirSync(resources).map((name) => path.join(resources, name)),
  ];
  const paths = files.flatMap((file) =>
    [...fs.readFileSync(file, "utf8").matchAll(/\bpath:\s*"(\/[^"]*)"/g)].map((m) => m[1] ?? ""),
  );
  return [...new Set(paths)];
}

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

async function axeFindings(page: Page): Promise<Finding[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<unknown> } }).axe;
    return (await axe.run({ resultTypes: ["violations"] })) as { violations: Finding[] };
  });
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** Loaded: the screen's calls answered and its placeholders replaced. */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle");
  await page
    .locator(".placeholder-glow, .spinner-border, .spinner-grow")
    .first()
    .waitFor({ state: "detached", timeout: 10_000 })
    .catch(() => undefined);
}

function describeFinding(where: string, f: Finding): string {
  const nodes = f.nodes
    .slice(0, 4)
    .map(
      (n) =>
        `${n.target.join(" ")}: ${(n.failureSummary ?? "").split("\n").slice(1).join(" ").trim()}`,
    )
    .join(" | ");
  return `${where} ${f.id} (${f.impact}) ${f.help}: ${nodes}`;
}

for (const mode of ["light", "dark"] as const) {
  test.describe(`every screen in the ${mode} colour mode`, () => {
    let context: BrowserContext;
    let page: Page;
    test.beforeAll(async ({ browser, store }) => {
      // axe is put into the page; the app's policy allows only its own scripts.
      context = await browser.newContext({
        baseURL: store.baseURL,
        bypassCSP: true,
        viewport: { width: 1400, height: 900 },
        locale: "en-GB",
        timezoneId: "Asia/Kuala_Lumpur",
        // The system's mode is the other one: the choice, not the system, decides.
        colorScheme: mode === "dark" ? "light" : "dark",
      });
      context.setDefaultTimeout(15_000);
      page = await context.newPage();
    });
    test.afterAll(() => context?.close());

    test("the login page has no serious or critical axe violation", async () => {
      await page.addInitScript((theme) => localStorage.setItem("theme", theme), mode);
      await page.goto("/login-back");
      await settle(page);
      expect(await page.locator("html").getAttribute("data-bs-theme")).toBe(mode);
      expect((await axeFindings(page)).map((f) => describeFinding("/login-back", f))).toEqual([]);
    });

    test("no screen has a serious or critical axe violation", async () => {
      test.setTimeout(600_000);
      await loginThroughForm(page);
      await chooseTheme(page, mode === "dark" ? "Dark" : "Light");
      const paths = routePaths();
      expect(paths.length).toBeGreaterThan(30);
      const screens = sampled(paths, mode === "light" ? 0 : 16, 32);
      const withRecord = new Map<string, string>();
      const problems: string[] = [];
      const visit = async (url: string) => {
        await page.goto(url);
        await settle(page);
        expect(await page.locator("html").getAttribute("data-bs-theme"), url).toBe(mode);
        for (const f of await axeFindings(page)) problems.push(describeFinding(url, f));
        // Links to one record (/editProduct?pid=3): the screens that need one get it.
        const hrefs = await page
          .locator("a[href*='?']")
          .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
        for (const href of hrefs) {
          const [pathname] = href.split("?");
          if (pathname && screens.includes(pathname) && !withRecord.has(pathname)) {
            withRecord.set(pathname, href);
          }
        }
      };
      for (const url of [...screens, "/404"]) await visit(url);
      for (const href of withRecord.values()) await visit(href);
      expect(problems).toEqual([]);
    });
  });
}
