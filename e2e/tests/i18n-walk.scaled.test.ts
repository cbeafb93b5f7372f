import type { Page } from "@playwright/test";
import { listOf } from "../pages/Typeahead";
import { expect, test, useBrowser } from "../support/browser";
import { englishAmong, englishLeft, saveOwnLanguage, waitForLanguage } from "../support/i18n";
import { ROUTES } from "../support/routes";
import { LONG_TIER, sampled } from "../support/tier";

/**
 * Every route (support/routes.ts), in Malay and in Chinese: no text of the
 * English catalogue and no known English word left on the screen, once the
 * screen has loaded. `npm test` walks an eighth of the routes, a different
 * sixteenth in each language (lists, forms, records, the print view, settings;
 * support/tier.ts); `npm run test:long` every route in both.
 */

/** The store's own data on the screens (not the app's texts). */
const storeData = (text: string) => /^Copyright ©/.test(text);

for (const code of ["ms", "zh"] as const) {
  test.describe(`every screen in ${code}`, () => {
    const s = useBrowser();
    let page: Page;
    const name = code === "ms" ? "Bahasa Melayu" : "中文";
    /**
     * The dialogs' checks, half in each language in `npm test` (the forms and
     * the Adjust dialog in Malay, the type-ahead and the 404 page in Chinese),
     * all in both in the long tier.
     */
    const dialogsIn = (language: typeof code) => LONG_TIER || code === language;

    test("takes the admin's language from the top bar", async () => {
      page = s.page;
      await page.goto("/admin");
      await page.getByRole("button", { name: "Language" }).click();
      await page.getByRole("button", { name }).click();
      await waitForLanguage(page, code);
    });

    test.afterAll(async () => {
      // The other browser tests share this server: leave the admin in English.
      if (page) await saveOwnLanguage(page, "English");
    });

    for (const path of sampled(ROUTES, code === "ms" ? 0 : 16, 32)) {
      test(`${path} has no English left`, async () => {
        await page.goto(path);
        await waitForLanguage(page, code);
        await page.locator("main h1").first().waitFor();
        // Loaded: no skeleton, spinner or loading row left.
        await page.waitForFunction(
          () =>
            !document.querySelector(
              ".placeholder-glow, .placeholder, .spinner-grow, .spinner-border",
            ),
        );
        expect(await englishLeft(page, code, storeData)).toEqual([]);
      });
    }

    if (dialogsIn("ms"))
      test("a form's validation messages and a delete question have no English left", async () => {
        const add = code === "ms" ? "Tambah" : "添加";
        await page.goto("/addBrands");
        await waitForLanguage(page, code);
        await page.getByRole("button", { name: add, exact: true }).click();
        await page.locator(".invalid-feedback").first().waitFor();
        expect(await englishLeft(page, code, storeData)).toEqual([]);

        await page.goto("/brands");
        await page.waitForFunction(() => !document.querySelector(".placeholder, .spinner-grow"));
        await page
          .getByRole("button", { name: code === "ms" ? /^Padam / : /^删除 / })
          .first()
          .click();
        await page.getByRole("dialog").waitFor();
        expect(await englishLeft(page, code, storeData)).toEqual([]);
        await page.getByRole("button", { name: code === "ms" ? "Batal" : "取消" }).click();
      });

    /** Waits until the screen has loaded (no skeleton, spinner or loading row left). */
    const loaded = () =>
      page.waitForFunction(
        () =>
          !document.querySelector(
            ".placeholder-glow, .placeholder, .spinner-grow, .spinner-border",
          ),
      );
    const cancel = () =>
      page
        .getByRole("dialog")
        .getByRole("button", { name: code === "ms" ? "Batal" : "取消", exact: true })
        .click();

    if (dialogsIn("ms"))
      test("the Adjust dialog and a wallet's delete question have no English left", async () => {
        await page.goto("/walletStatement?uid=2");
        await waitForLanguage(page, code);
        await loaded();
        // A line's reference sits in a cell, where only whole catalogue texts count.
        expect(await page.locator("main").textContent()).not.toMatch(/\b(?:Order|Withdrawal) #\d/);
        await page
          .getByRole("button", { name: code === "ms" ? "Laraskan" : "调整", exact: true })
          .click();
        const adjust = page.getByRole("dialog");
        await adjust.waitFor();
        // An amount shows the balance it would leave ("Now … · after …").
        await adjust.locator("#adjust-amount").fill("-1.50");
        expect(await englishLeft(page, code, storeData)).toEqual([]);
        expect(await page.locator("#adjust-amount-hint").textContent()).not.toMatch(
          /\b(?:Now|after)\b/,
        );
        // A closed list's options are not on show: read them.
        const accounts = await adjust.locator("#adjust-account option").allTextContents();
        expect(accounts).toHaveLength(3);
        expect(englishAmong(accounts, code)).toEqual([]);
        await cancel();
        await adjust.waitFor({ state: "detached" });

        await page.goto("/userWallets");
        await waitForLanguage(page, code);
        await loaded();
        await page
          .getByRole("button", { name: code === "ms" ? /^Padam dompet / : /^删除 .+ 的钱包$/ })
          .first()
          .click();
        await page.getByRole("dialog").waitFor();
        expect(await englishLeft(page, code, storeData)).toEqual([]);
        await cancel();
      });

    if (dialogsIn("zh"))
      test("a type-ahead's list and its status have no English left", async () => {
        // The customer type-ahead: no fixed choice ("None"), so a miss says "No matches."
        await page.goto("/addTestimonial");
        await waitForLanguage(page, code);
        // A type-ahead, not a <select> (also a combobox).
        const input = page.locator(".typeahead input[role=combobox]").first();
        await input.waitFor();
        const list = await listOf(input);
        const status = input.locator("xpath=..").getByRole("status");
        await input.click();
        await input.press("ArrowDown");
        await list.and(page.locator("[aria-busy=false]")).waitFor();
        expect(await englishLeft(page, code, storeData)).toEqual([]);

        await input.fill("no-such-member-zz");
        await list.and(page.locator("[aria-busy=false]")).waitFor();
        const said = (await status.textContent()) ?? "";
        expect(said).not.toBe("");
        expect(englishAmong([said], code)).toEqual([]);
        expect(await englishLeft(page, code, storeData)).toEqual([]);
      });

    if (dialogsIn("zh"))
      test("the 404 page and the login page have no English left", async () => {
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
}
