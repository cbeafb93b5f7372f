import fs from "node:fs";
import type { BrowserContext, Page } from "@playwright/test";
import type { User } from "@store/contract";
import { Secret, TOTP } from "otpauth";
import { LayoutPage } from "../pages/LayoutPage";
import { LoginPage } from "../pages/LoginPage";
import { UserListPage } from "../pages/UserPages";
import { axeViolations } from "../support/axe";
import {
  ADMIN,
  expect,
  loginThroughForm,
  newStoreContext,
  test,
  useBrowser,
} from "../support/browser";
import { OwnServer } from "../support/ownServer";

/**
 * Two-step login (issue 22; docs/decisions/two-step-login.md) on a fresh Admin
 * account, so no other file meets it: set up on the profile (after the step-up
 * dialog), log out, log in with a code computed here from the secret with the
 * same library the server uses (RFC 6238), then with a recovery code, and turn
 * it off again with the dialog taking a recovery code.
 */
test.describe("two-step login", () => {
  const s = useBrowser({ loggedIn: false });
  const tag = Date.now().toString(36);
  const username = `twostep${tag}`;
  const email = `${username}@people.my`;
  const password = `Two-step#${tag}`;
  let secret = "";
  let codes: string[] = [];
  let userId = 0;
  const dialog = () => s.page.getByRole("dialog", { name: "Confirm it is you" });

  /** The code an authenticator app shows `ahead` steps from now (one step of drift is accepted). */
  const codeOf = (ahead = 0) =>
    TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + ahead * 30_000 });

  async function passwordStep() {
    const login = new LoginPage(s.page);
    await login.goto();
    await login.fill(email, password);
    await login.loginButton().click();
    return login;
  }

  test.beforeAll(async () => {
    // The account, made by the demo admin (a fresh proof first: it is an Admin).
    await loginThroughForm(s.page);
    const proof = await s.page.request.post("/api/stepUp", { data: { password: ADMIN.password } });
    expect(proof.status()).toBe(200);
    userId = (
      await new UserListPage(s.page).apiCreate(username, { email, password, role: "Admin" })
    ).user_id;
    await s.page.evaluate(() => localStorage.clear());
    await s.context.clearCookies();
  });

  test("is set up on the profile: step-up, QR code and key, a code, ten recovery codes", async () => {
    await loginThroughForm(s.page, { email, password });
    await s.page.goto("/profile");
    const section = s.page.getByRole("region", { name: "Two-step login" });
    await section.getByRole("button", { name: "Set up two-step login" }).click();

    // A fresh proof first: the password (two-step login is not on yet).
    await dialog().waitFor();
    await dialog().getByLabel("Password", { exact: true }).fill(password);
    await dialog().getByRole("button", { name: "Confirm", exact: true }).click();
    await dialog().waitFor({ state: "hidden" });

    await section.getByRole("img", { name: "QR code for your authenticator app" }).waitFor();
    await expect(section.locator("svg")).toBeVisible();
    secret = ((await section.getByTestId("totp-secret").textContent()) ?? "").replaceAll(" ", "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await section.getByLabel("Authenticator code").fill("000000");
    await section.getByRole("button", { name: "Turn on" }).click();
    await section.getByText(/^The code is not valid\./).waitFor();
    expect(await axeViolations(s.page, "#content")).toEqual([]);
    await section.getByLabel("Authenticator code").fill(codeOf());
    await section.getByRole("button", { name: "Turn on" }).click();

    const list = section.getByRole("list", { name: "Recovery codes" });
    await list.waitFor();
    codes = (await list.getByRole("listitem").allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    expect(await axeViolations(s.page, "#content")).toEqual([]);
    const [download] = await Promise.all([
      s.page.waitForEvent("download"),
      section.getByRole("button", { name: "Download as .txt" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("recovery-codes.txt");
    expect(
      fs
        .readFileSync(await download.path(), "utf8")
        .trim()
        .split("\n"),
    ).toEqual(codes);
    await section.getByRole("button", { name: "Done" }).click();
    await section.getByRole("button", { name: "Turn off two-step login" }).waitFor();
  });

  test("asks for the authenticator code after the password, then signs in with it", async () => {
    await new LayoutPage(s.page).logout(username);
    const login = await passwordStep();
    const code = s.page.getByLabel("Authenticator code");
    await code.waitFor();
    // The password alone opened nothing.
    expect((await s.page.request.get("/api/me")).status()).toBe(401);
    await code.fill("123456");
    await s.page.getByRole("button", { name: "Verify" }).click();
    expect(await login.messageText()).toMatch(/^The code is not valid\./);
    expect(await axeViolations(s.page)).toEqual([]);
    // The next step's code: the one the set-up spent is good once.
    await code.fill(codeOf(1));
    await s.page.getByRole("button", { name: "Verify" }).click();
    await s.page.waitForURL("**/admin");
    expect((await s.page.request.get("/api/me")).status()).toBe(200);
  });

  test("signs in with a recovery code, once", async () => {
    await new LayoutPage(s.page).logout(username);
    await passwordStep();
    await s.page.getByRole("button", { name: "Use a recovery code" }).click();
    await s.page.getByLabel("Recovery code").fill(codes[0] ?? "");
    await s.page.getByRole("button", { name: "Verify" }).click();
    await s.page.waitForURL("**/admin");
  });

  test("is turned off after the dialog takes a recovery code", async () => {
    await s.page.goto("/profile");
    const section = s.page.getByRole("region", { name: "Two-step login" });
    await section.getByRole("button", { name: "Turn off two-step login" }).click();
    await dialog().waitFor();
    // With two-step login on, the dialog asks for a code; the spent recovery code is refused.
    const field = dialog().getByLabel("Authenticator code");
    await field.fill(codes[0] ?? "");
    await dialog().getByRole("button", { name: "Confirm", exact: true }).click();
    await dialog()
      .getByText(/^The code is not valid\./)
      .waitFor();
    await field.fill(codes[1] ?? "");
    await dialog().getByRole("button", { name: "Confirm", exact: true }).click();
    await section.getByRole("button", { name: "Set up two-step login" }).waitFor();
    const me = await (await s.page.request.get("/api/me")).json();
    expect(me.totp_enabled).toBe(false);
  });

  test("an Admin turns it off from Edit User for a person who lost the authenticator", async () => {
    // Set up again by the person, through the calls the profile makes.
    await s.page.request.post("/api/stepUp", { data: { password } });
    secret = (await (await s.page.request.post("/api/me/totp")).json()).secret;
    const on = await s.page.request.post("/api/me/totp/confirm", { data: { code: codeOf() } });
    expect(on.status()).toBe(200);
    await new LayoutPage(s.page).logout(username);

    await loginThroughForm(s.page);
    await s.page.goto(`/editUser?uid=${userId}`);
    const section = s.page.getByRole("region", { name: "Two-step login" });
    await section.getByRole("button", { name: "Turn off two-step login" }).click();
    await s.page
      .getByRole("dialog", { name: "Turn off two-step login" })
      .getByRole("button", { name: "Confirm", exact: true })
      .click();
    // A fresh proof of the Admin's own, then the call is sent again.
    await dialog().getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await dialog().getByRole("button", { name: "Confirm", exact: true }).click();
    await expect(section).toContainText("Two-step login is off.");
    await expect(section.getByRole("button")).toHaveCount(0);
    const login = await s.page.request.post("/api/login", { data: { email, password } });
    expect((await login.json()).totp_required).toBeUndefined();
  });
});

/**
 * A person whose two-step login locked after too many wrong codes (auth/codeGuesses.ts:
 * a hundred an hour across every address, more than one address can send here),
 * on a store of its own so the lock is written in the database; an Admin frees it
 * from Edit User.
 */
test.describe("two-step login locked out", () => {
  const server = OwnServer.empty();
  let context: BrowserContext | undefined;
  let page: Page;
  let person: User;

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(120_000);
    await server.start();
    context = await newStoreContext(browser, server.baseURL);
    page = await context.newPage();
    await loginThroughForm(page);
    await page.request.post("/api/stepUp", { data: { password: ADMIN.password } });
    person = await new UserListPage(page).apiCreate(`locked${Date.now().toString(36)}`, {
      role: "Admin",
    });
    // A new session, whose unlock asks for its own proof.
    await context.clearCookies();
    await loginThroughForm(page);
    await server.sql(`
      with locked as (insert into totp_locks (user_id) values (${person.user_id}))
      update users set totp_secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
      where user_id = ${person.user_id}`);
  });

  test.afterAll(async () => {
    await context?.close();
    await server.remove();
  });

  test("an Admin unlocks it from Edit User, after a fresh proof", async () => {
    await page.goto(`/editUser?uid=${person.user_id}`);
    const section = page.getByRole("region", { name: "Two-step login" });
    await expect(section).toContainText("Locked after too many wrong codes.");
    await section.getByRole("button", { name: "Unlock two-step login" }).click();
    await page
      .getByRole("dialog", { name: "Unlock two-step login" })
      .getByRole("button", { name: "Confirm", exact: true })
      .click();
    const proof = page.getByRole("dialog", { name: "Confirm it is you" });
    await proof.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await proof.getByRole("button", { name: "Confirm", exact: true }).click();
    await page.getByText("Two-step login is unlocked.").waitFor();
    await expect(section.getByRole("button", { name: "Unlock two-step login" })).toHaveCount(0);
    await expect(section.getByRole("button", { name: "Turn off two-step login" })).toBeVisible();
    const record = (await (await page.request.get(`/api/users/${person.user_id}`)).json()) as User;
    expect(record.totp_locked).toBe(false);
  });
});
