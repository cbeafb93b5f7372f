import type { Browser, BrowserContext, Page } from "@playwright/test";
import { LayoutPage } from "../pages/LayoutPage";
import { LoginPage } from "../pages/LoginPage";
import { expect, loginThroughForm, test, useBrowser } from "../support/browser";

const NOT_FOUND_TEXT =
  "Opps! Looks like you're on an alternate universe. The page you're looking for doesn't exist.";

test.describe("sessions, redirects and the 404 page", () => {
  const s = useBrowser({ loggedIn: false });
  const contexts: BrowserContext[] = [];

  async function freshPage(browser: Browser, loggedIn: boolean): Promise<Page> {
    const context = await browser.newContext({
      baseURL: s.baseURL,
      viewport: { width: 1400, height: 900 },
    });
    context.setDefaultTimeout(15_000);
    contexts.push(context);
    const page = await context.newPage();
    if (loggedIn) await loginThroughForm(page);
    return page;
  }
  const path = (page: Page) => new URL(page.url()).pathname;
  const storedLogin = (page: Page) =>
    page.evaluate(() => ({
      admin: localStorage.getItem("adminData"),
      expires: localStorage.getItem("expirationTime"),
    }));

  test.afterEach(async () => {
    for (const context of contexts.splice(0)) await context.close();
  });

  test("sends a logged-out visitor of /admin (or any screen) to /login-back", async () => {
    await s.page.goto("/admin");
    await s.page.waitForURL("**/login-back");
    await s.page.goto("/products");
    await s.page.waitForURL("**/login-back");
    expect(path(s.page)).toBe("/login-back");
  });

  test("shows the 404 text without the layout; Back to Earth goes to /login-back when logged out", async () => {
    await s.page.goto("/no-such-page");
    await s.page.waitForURL("**/404");
    await s.page.getByText(NOT_FOUND_TEXT, { exact: true }).waitFor();
    const layout = new LayoutPage(s.page);
    expect(await layout.sidebar().count()).toBe(0);
    expect(await layout.toggle().count()).toBe(0);
    expect(await s.page.getByRole("link", { name: "Terms" }).count()).toBe(0);
    await s.page.getByRole("button", { name: "Back to Earth" }).click();
    await s.page.waitForURL("**/login-back");
  });

  test("Back to Earth goes to /admin when logged in; routes are case-sensitive", async () => {
    const page = await freshPage(s.browser, true);
    await page.goto("/Admin");
    await page.waitForURL("**/404");
    await page.getByText(NOT_FOUND_TEXT, { exact: true }).waitFor();
    await page.getByRole("button", { name: "Back to Earth" }).click();
    await page.waitForURL("**/admin");
    expect(path(page)).toBe("/admin");
  });

  test("logs out when the stored expiration time has passed (checked at start)", async () => {
    const page = await freshPage(s.browser, true);
    await page.evaluate(() => localStorage.setItem("expirationTime", String(Date.now() - 1000)));
    await page.reload();
    await page.waitForURL("**/login-back");
    expect(await storedLogin(page)).toEqual({ admin: null, expires: null });
    await new LoginPage(page).email().waitFor();
  });

  test("logs out within a minute when the expiration passes while a screen is open", async () => {
    const context = await s.browser.newContext({ baseURL: s.baseURL });
    contexts.push(context);
    const page = await context.newPage();
    await page.clock.install();
    await loginThroughForm(page);
    // Ten hours later, the next 60-second check finds the login expired.
    await page.clock.fastForward("10:00:30");
    await page.clock.runFor(61_000);
    await page.waitForURL("**/login-back");
    expect(await storedLogin(page)).toEqual({ admin: null, expires: null });
  });

  test("goes to /login-back when the server's session has ended (401)", async () => {
    const page = await freshPage(s.browser, true);
    // The session ends on the server (another tab, expiry, a restart...).
    expect((await page.request.post("/api/logoutAdmin")).status()).toBe(200);
    // The next call the app makes (here: reopening the dashboard) answers 401.
    await page.reload();
    await page.waitForURL("**/login-back");
    expect(await storedLogin(page)).toEqual({ admin: null, expires: null });
  });

  test("logs out from the admin menu: flags removed, server session ended, /admin then asks for login", async () => {
    const page = await freshPage(s.browser, true);
    const layout = new LayoutPage(page);
    const username = JSON.parse(
      (await page.evaluate(() => localStorage.getItem("adminData"))) ?? "{}",
    ).username as string;
    await layout.logout(username);
    expect(await storedLogin(page)).toEqual({ admin: null, expires: null });
    expect((await page.request.get("/api/dashboard")).status()).toBe(401);
    await page.goto("/admin");
    await page.waitForURL("**/login-back");
  });
});
