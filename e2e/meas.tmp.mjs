import { chromium } from "@playwright/test";
import { CHROMIUM_LAUNCH } from "/work/main/scripts/chromium.mjs";
const args = process.argv.slice(2);
const browser = await chromium.launch({ ...CHROMIUM_LAUNCH, args: [...CHROMIUM_LAUNCH.args, ...args] });
const base = "http://127.0.0.1:4598";
const t = Date.now();
for (let i = 0; i < 8; i++) {
  const ctx = await browser.newContext({ baseURL: base, viewport: { width: 1400, height: 900 }, locale: "en-GB", reducedMotion: "reduce" });
  const page = await ctx.newPage();
  await page.goto("/login-back");
  await page.getByLabel("E-mail").fill("admin@store.my");
  await page.getByLabel("Password", { exact: true }).fill("Admin@12345");
  await page.getByRole("button", { name: "Login" }).click();
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
  for (const p of ["/order", "/users"]) { await page.goto(p); await page.locator("main table tbody tr").first().waitFor(); }
  await ctx.close();
}
await browser.close();
console.error(args.join(" ") || "(default)", Date.now() - t, "ms");
