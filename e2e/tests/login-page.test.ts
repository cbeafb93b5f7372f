import { LoginPage } from "../pages/LoginPage";
import { ADMIN, expect, test, useBrowser } from "../support/browser";

test.describe("the login page (/login-back)", () => {
  const s = useBrowser({ loggedIn: false });
  const login = () => new LoginPage(s.page);

  test.afterEach(async () => {
    await s.page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("asks for both fields and sends nothing while one is empty", async () => {
    const sent: string[] = [];
    s.page.on("request", (r) => {
      if (r.url().endsWith("/api/login")) sent.push(r.url());
    });
    const page = login();
    await page.goto();
    await page.loginButton().click();
    expect(await page.messageText()).toBe("*Please fill in your credentials");
    await page.fill(ADMIN.email, "");
    await page.loginButton().click();
    expect(await page.messageText()).toBe("*Please fill in your credentials");
    await page.fill("", "something");
    await page.password().press("Enter");
    expect(await page.messageText()).toBe("*Please fill in your credentials");
    expect(sent).toEqual([]);
    expect(new URL(s.page.url()).pathname).toBe("/login-back");
  });

  test("says *Invalid Credential for a refused login, submitted with Enter in the password field", async () => {
    const page = login();
    await page.goto();
    // A unique e-mail: this failure counts against no real account.
    await page.fill(`nobody-${Date.now()}@store.my`, "wrong-password");
    const answer = s.page.waitForResponse("**/api/login");
    await page.password().press("Enter");
    expect((await answer).status()).toBe(401);
    expect(await page.messageText()).toBe("*Invalid Credential");
    expect(new URL(s.page.url()).pathname).toBe("/login-back");
  });

  test("says *Invalid Credential for any other non-200 status, and shows the server's words for 429", async () => {
    const page = login();
    await page.goto();
    await s.page.route("**/api/login", (route) =>
      route.fulfill({ status: 500, json: { message: "Something broke." } }),
    );
    await page.fill(ADMIN.email, "whatever");
    await page.loginButton().click();
    expect(await page.messageText()).toBe("*Invalid Credential");

    await s.page.unrouteAll({ behavior: "ignoreErrors" });
    const limited = "Too many failed attempts. Please wait a few minutes and try again.";
    await s.page.route("**/api/login", (route) =>
      route.fulfill({ status: 429, json: { status: 429, message: limited } }),
    );
    await page.loginButton().click();
    await expect(page.message()).toHaveText(limited);
  });

  test("shows and hides the password with the toggle button", async () => {
    const page = login();
    await page.goto();
    await page.password().fill("secret-words");
    expect(await page.password().getAttribute("type")).toBe("password");
    await page.showPassword().click();
    expect(await page.password().getAttribute("type")).toBe("text");
    expect(await page.password().inputValue()).toBe("secret-words");
    await page.hidePassword().click();
    expect(await page.password().getAttribute("type")).toBe("password");
  });

  test("Forgot password? asks for a link by e-mail and says the same whatever the e-mail", async () => {
    const page = login();
    await page.goto();
    await page.forgotPassword().click();
    await s.page.waitForURL("**/forgot-password");
    // The page is loaded on demand: until it is drawn, the login form (its E-mail too) is still shown.
    await s.page.getByRole("heading", { name: "Forgot password" }).waitFor();
    await s.page.getByLabel("E-mail").fill("nobody-here@example.my");
    await s.page.getByRole("button", { name: "Send the link" }).click();
    await expect(
      s.page.getByText(
        "If this e-mail belongs to a staff account, a link to reset the password is on its way. It works for 30 minutes.",
      ),
    ).toBeVisible();
    await s.page.getByRole("link", { name: "Back to login" }).click();
    await s.page.waitForURL("**/login-back");
  });

  test("a reset link already used or unknown says so and offers a new one", async () => {
    await s.page.goto("/reset-password?token=no-such-token");
    await s.page.getByLabel("New password", { exact: true }).fill("New#Secret-456");
    await s.page.getByLabel("Repeat the new password").fill("New#Secret-456");
    await s.page.getByRole("button", { name: "Change password" }).click();
    await expect(s.page.getByRole("alert")).toHaveText(
      "This link has expired or was already used. Ask for a new one.",
    );
    await expect(s.page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
  });

  test("logs in with Enter, keeps the browser-storage flags of docs/REQUIREMENTS.md section 4 for 10 hours and goes to /admin", async () => {
    const page = login();
    await page.goto();
    await page.fill(ADMIN.email, ADMIN.password);
    const before = Date.now();
    await page.password().press("Enter");
    await s.page.waitForURL("**/admin");
    const stored = await s.page.evaluate(() => ({
      flag: localStorage.getItem("isAdminLoggedIn"),
      admin: JSON.parse(localStorage.getItem("adminData") ?? "null") as { email: string } | null,
      expires: Number(localStorage.getItem("expirationTime")),
    }));
    expect(stored.flag).toBe("true");
    expect(stored.admin?.email).toBe(ADMIN.email);
    expect(stored.admin).not.toHaveProperty("password");
    expect(stored.expires - before).toBeGreaterThanOrEqual(36_000_000 - 5_000);
    expect(stored.expires - before).toBeLessThanOrEqual(36_000_000 + 30_000);
  });

  test("sends an already logged-in admin from /login-back to /admin", async () => {
    await s.page.goto("/login-back");
    await s.page.waitForURL("**/admin");
    expect(new URL(s.page.url()).pathname).toBe("/admin");
  });
});
