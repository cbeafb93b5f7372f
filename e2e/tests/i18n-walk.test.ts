import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { loginThroughForm, newStoreContext, useBrowser } from "../support/browser";
import { englishLeft, saveOwnLanguage, waitForLanguage } from "../support/i18n";

/**
 * Every route, in Malay and in Chinese: no text of the English catalogue and
 * no known English word left on the screen, once the screen has loaded.
 */
const ROUTES = [
  "/admin",
  "/products",
  "/addProduct",
  "/editProduct?pid=1",
  "/productDetails?pid=1",
  "/categories",
  "/addCategories",
  "/editCategories?cid=1",
  "/brands",
  "/addBrands",
  "/editBrands?bid=1",
  "/order",
  "/editOrder?oid=1",
  "/coupon",
  "/addCoupon",
  "/editCoupon?vid=1",
  "/users",
  "/addUser",
  "/editUser?uid=2",
  "/roles",
  "/userWallets",
  "/walletStatement?uid=2",
  "/genealogy?uid=2",
  "/memberships",
  "/addMemberships",
  "/editMemberships?mid=1",
  "/withdrawRequest",
  "/agency",
  "/addAgency",
  "/editAgency?sid=1",
  "/banner",
  "/addBanner",
  "/editBanner?bnid=1",
  "/testimonial",
  "/addTestimonial",
  "/editTestimonial?tid=1",
  "/settings",
  "/paymentMethod",
  "/auditLog",
  "/profile",
  "/terms",
  "/privacy",
];

/** The store's own data on the screens (not the app's texts). */
const storeData = (text: string) => /^Copyright ©/.test(text);

describe.each(["ms", "zh"] as const)("every screen in %s", (code) => {
  const s = useBrowser({ loggedIn: false });
  let context: BrowserContext;
  let page: Page;
  const name = code === "ms" ? "Bahasa Melayu" : "中文";

  it("signs in and takes the admin's language", async () => {
    context = await newStoreContext(s.browser, s.baseURL);
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

  it.each(ROUTES)("%s has no English left", async (path) => {
    await page.goto(path);
    await waitForLanguage(page, code);
    await page.locator("main h1").first().waitFor();
    // Loaded: no skeleton, spinner or loading row left.
    await page.waitForFunction(
      () =>
        !document.querySelector(".placeholder-glow, .placeholder, .spinner-grow, .spinner-border"),
    );
    expect(await englishLeft(page, code, storeData)).toEqual([]);
  });

  it("a form's validation messages and a delete question have no English left", async () => {
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
