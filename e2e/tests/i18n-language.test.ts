import type { BrowserContext, Page } from "@playwright/test";
import { expect, loginThroughForm, test, useBrowser } from "../support/browser";
import { chooseLanguage, HTML_LANG, waitForLanguage } from "../support/i18n";

test.describe("the admin's language follows them to another browser", () => {
  const s = useBrowser({ loggedIn: false });
  const contexts: BrowserContext[] = [];

  /** A new browser profile: nothing stored, its own cookies, the given browser language. */
  async function freshPage(locale = "en-GB"): Promise<Page> {
    const context = await s.browser.newContext({
      baseURL: s.baseURL,
      viewport: { width: 1400, height: 900 },
      locale,
      timezoneId: "Asia/Kuala_Lumpur",
    });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    return context.newPage();
  }

  test.afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });
  // The other browser tests share this server: leave the admin in English (over
  // the API, with the worker's saved login: no browser page to load for it).
  test.afterAll(async ({ playwright, store }) => {
    const api = await playwright.request.newContext({
      baseURL: store.baseURL,
      storageState: store.storageState,
    });
    const saved = await api.put("/api/adminLanguage", { data: { languages: "English" } });
    expect(saved.status(), await saved.text()).toBe(200);
    await api.dispose();
  });

  test("Language (top bar) switches to Bahasa Melayu; a fresh browser signs in and sees Malay", async () => {
    const first = await freshPage();
    await loginThroughForm(first);
    await first.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await chooseLanguage(first, "Bahasa Melayu");
    await first.getByRole("heading", { name: "Papan Pemuka", level: 1 }).waitFor();
    await first
      .getByRole("navigation", { name: "Bar sisi" })
      .getByRole("link", { name: "Produk" })
      .waitFor();
    expect(await first.evaluate(() => document.documentElement.lang)).toBe(HTML_LANG.ms);

    // Another browser profile, English by its own settings: the login page is English,
    // and once signed in the admin's own language takes over.
    const second = await freshPage("en-GB");
    await second.goto("/login-back");
    await second.getByRole("heading", { name: "Admin Login" }).waitFor();
    await loginThroughForm(second);
    await second.getByRole("heading", { name: "Papan Pemuka", level: 1 }).waitFor();
    await waitForLanguage(second, "ms");
    await second.getByRole("heading", { name: "Jumlah Hasil" }).waitFor();
    // The code the button shows (drawn from data-short by CSS, layout/LanguageMenu.tsx).
    const shown = second.getByRole("button", { name: "Language" }).locator("[data-short]");
    expect(await shown.getAttribute("data-short")).toBe("BM");

    // A reload keeps it, and so does the next screen.
    await second.reload();
    await second.getByRole("heading", { name: "Papan Pemuka", level: 1 }).waitFor();
    await second.getByRole("link", { name: "Terma" }).click();
    await second.getByRole("heading", { name: "Terma dan Syarat" }).waitFor();

    // Chosen again in the second browser, 中文 is what the first gets at its next sign-in.
    await chooseLanguage(second, "中文");
    await second.getByRole("heading", { name: "条款与细则" }).waitFor();
    const third = await freshPage("en-GB");
    await loginThroughForm(third);
    await third.getByRole("heading", { name: "仪表板", level: 1 }).waitFor();

    // And back to English.
    await chooseLanguage(third, "English");
    await third.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();
    await waitForLanguage(third, "en");
  });

  test("before signing in, the login page speaks the browser's language", async () => {
    const malay = await freshPage("ms-MY");
    await malay.goto("/login-back");
    await malay.getByRole("heading", { name: "Log Masuk Pentadbir" }).waitFor();
    await malay.getByRole("button", { name: "Log Masuk" }).click();
    await malay.getByText("*Sila isi maklumat log masuk anda").waitFor();

    const chinese = await freshPage("zh-CN");
    await chinese.goto("/login-back");
    await chinese.getByRole("heading", { name: "管理员登录" }).waitFor();
    await chinese.getByLabel("电子邮件").fill("admin@store.my");
    await chinese.getByLabel("密码", { exact: true }).fill("wrong password");
    await chinese.getByRole("button", { name: "登录" }).click();
    await chinese.getByText("*登录信息无效").waitFor();

    const french = await freshPage("fr-FR");
    await french.goto("/login-back");
    await french.getByRole("heading", { name: "Admin Login" }).waitFor();
    expect(await french.evaluate(() => document.documentElement.lang)).toBe(HTML_LANG.en);
  });
});
