import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/**
 * The serious and critical axe-core violations of what the page shows now (a
 * dialog open, a step of a form) within the element `within` selects, as
 * "rule: target" lines, once the page's transitions have ended: for the states the screen walk of
 * theme-axe.scaled.test.ts does not reach.
 */
export async function axeViolations(page: Page, within = "body"): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async (include) => {
    // Once the page has settled: a colour read mid-transition (a button just
    // pressed) is neither the one before nor the one after.
    await Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .map((a) => a.finished.catch(() => undefined)),
    );
    const axe = (
      window as unknown as {
        axe: { run: (context: object, options: object) => Promise<unknown> };
      }
    ).axe;
    return (await axe.run({ include: [include] }, { resultTypes: ["violations"] })) as {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    };
  }, within);
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")}`));
}
