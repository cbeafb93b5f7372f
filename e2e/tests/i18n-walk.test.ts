import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { loginThroughForm, useBrowser } from "../support/browser";
import { englishLeft, saveOwnLanguage, waitForLanguage } from "../support/i18n";

/**
 * Every route, in Malay and in Chinese: no text of the English catalogue and
 * no known English word left on the screen. Each route waits for its own
 * heading (or text) in that language before the screen is read.
 */
const ROUTES: { path: string; ready: { ms: string; zh: string } }[] = [
  { path: "/admin", ready: { ms: "Status Semasa Jenis Pengguna", zh: "用户类型现状" } },
  { path: "/terms", ready: { ms: "Terma dan Syarat", zh: "条款与细则" } },
  { path: "/privacy", ready: { ms: "Dasar Privasi", zh: "隐私政策" } },
];

/** The store's own data on the screens (not the app's texts). */
const storeData = (text: string) => /^Copyright ©/.test(text);

describe.each(["ms", "zh"] as const)("every screen in %s", (code) => {
  const s = useBrowser({ loggedIn: false });
  let context: BrowserContext;
  let page: Page;
  const name = code === "ms" ? "Bahasa Melayu" : "中文";

  it("signs in and takes the admin's language", async () => {
    context = await s.browser.newContext({
      baseURL: s.baseURL,
      viewport: { width: 1400, height: 900 },
      locale: "en-GB",
      timezoneId: "Asia/Kuala_Lumpur",
    });
    context.setDefaultTimeout(15_000);
    page = await context.newPage();
    await loginThroughForm(page);
    await page.getByRole("button", { name: "Language" }).click();
    await page.getByRole("button", { name }).click();
    await waitForLanguage(page, code);
  });

  afterAll(async () => {
    // The other browser tests share this server: leave the admin in English.
    if (page) await saveOwnLanguage(page, "English");
    await context?.close();
  });

  it.each(ROUTES)("$path has no English left", async ({ path, ready }) => {
    await page.goto(path);
    await waitForLanguage(page, code);
    await page.getByText(ready[code], { exact: true }).first().waitFor();
    await page.waitForFunction(() => !document.querySelector(".placeholder-glow, .spinner-grow"));
    expect(await englishLeft(page, code, storeData)).toEqual([]);
  });

  it("the 404 page and the login page have no English left", async () => {
    await page.goto("/no-such-page");
    await page.waitForURL("**/404");
    await page
      .getByRole("button", { name: code === "ms" ? "Kembali ke Bumi" : "返回地球" })
      .waitFor();
    expect(await englishLeft(page, code)).toEqual([]);

    const visitor = await s.browser.newContext({
      baseURL: s.baseURL,
      locale: code === "ms" ? "ms-MY" : "zh-CN",
    });
    const login = await visitor.newPage();
    await login.goto("/login-back");
    await waitForLanguage(login, code);
    await login
      .getByRole("heading", { name: code === "ms" ? "Log Masuk Pentadbir" : "管理员登录" })
      .waitFor();
    expect(await englishLeft(login, code)).toEqual([]);
    await visitor.close();
  });
});
