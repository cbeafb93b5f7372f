import type { AdminData } from "@store/contract";
import { ProfilePage } from "../pages/ProfilePage";
import { ADMIN, expect, loginThroughForm, test, useBrowser } from "../support/browser";

async function storedAdmin(profile: ProfilePage): Promise<AdminData> {
  return profile.page.evaluate(
    () => JSON.parse(localStorage.getItem("adminData") ?? "null") as AdminData,
  );
}

test.describe("profile (Account Management)", () => {
  const s = useBrowser();

  test("shows the admin's details with a way back to /admin", async () => {
    const profile = new ProfilePage(s.page);
    await profile.goto();
    const admin = await storedAdmin(profile);
    expect(await profile.shown("Username")).toBe(admin.username);
    expect(await profile.shown("Full Name")).toBe(`${admin.f_name} ${admin.l_name}`);
    expect(await profile.shown("E-mail")).toBe(ADMIN.email);
    expect(await profile.shown("Contact Number")).toBe(admin.contact);
    expect(await profile.shown("Gender")).toMatch(new RegExp(`^[♂♀⚲]${admin.gender}$`));
    expect(await profile.shown("Birthday")).toMatch(/^\d{2}\/\d{2}\/\d{4}$|^-$/);
    await profile.back().click();
    await s.page.waitForURL("**/admin");
  });

  test("says Invalid Password. when the current password is wrong", async () => {
    const profile = new ProfilePage(s.page);
    await profile.goto();
    await profile.edit().click();
    await profile.currentPassword().fill("not-my-password");
    await profile.save().click();
    await s.page.getByText("Invalid Password.", { exact: true }).waitFor();
    expect(await profile.email().isVisible()).toBe(true);
  });

  test("says the confirm password does not match, and shows or hides the passwords", async () => {
    const profile = new ProfilePage(s.page);
    await profile.goto();
    await profile.edit().click();
    await profile.currentPassword().fill(ADMIN.password);
    await profile.newPassword().fill("NewPass@2026");
    await profile.confirmPassword().fill("NewPass@2027");
    expect(await profile.newPassword().getAttribute("type")).toBe("password");
    await profile.showPasswords().click();
    expect(await profile.newPassword().getAttribute("type")).toBe("text");
    expect(await profile.confirmPassword().getAttribute("type")).toBe("text");
    await profile.showPasswords().click();
    expect(await profile.newPassword().getAttribute("type")).toBe("password");
    await profile.save().click();
    await s.page.getByText("Password does not match confirm Password.", { exact: true }).waitFor();
    await profile.cancel().click();
    await profile.edit().waitFor();
    expect(await profile.currentPassword().count()).toBe(0);
  });

  test("saves a new contact number after checking the password, and keeps it in the stored admin data", async () => {
    const profile = new ProfilePage(s.page);
    await profile.goto();
    const before = await storedAdmin(profile);
    const contact = `01${String(Date.now()).slice(-8)}`;
    await profile.edit().click();
    expect(await profile.email().inputValue()).toBe(before.email);
    await profile.contact().fill(contact);
    await profile.currentPassword().fill(ADMIN.password);
    await profile.save().click();
    await profile.edit().waitFor();
    expect(await profile.shown("Contact Number")).toBe(contact);
    expect((await storedAdmin(profile)).contact).toBe(contact);
    const user = await (await s.page.request.get(`/api/users/${before.user_id}`)).json();
    expect(user).toMatchObject({ contact, email: before.email });
    await s.page.reload();
    await profile.heading().waitFor();
    expect(await profile.shown("Contact Number")).toBe(contact);

    // Put the demo admin back as it was for the other test files.
    await profile.edit().click();
    await profile.contact().fill(before.contact);
    await profile.currentPassword().fill(ADMIN.password);
    await profile.save().click();
    await profile.edit().waitFor();
    expect(await profile.shown("Contact Number")).toBe(before.contact);
  });

  test("changes one's own password only with the current one and the contract's rule; this session stays, the others end", async () => {
    // A fresh administrator, so the demo admin's password is left alone.
    const name = `pw${Date.now()}`;
    const admin = { email: `${name}@example.my`, password: "First-pass#2026" };
    // Making an Admin needs a fresh proof (docs/decisions/staff-accounts.md).
    await s.page.request.post("/api/stepUp", { data: { password: ADMIN.password } });
    const created = await s.page.request.post("/api/users", {
      data: {
        username: name,
        email: admin.email,
        f_name: "Pass",
        l_name: "Word",
        contact: "0123456789",
        password: admin.password,
        DOB: "1990-01-01",
        gender: "Male",
        role: "Admin",
        membership: 1,
        referral_of: 0,
        languages: "English",
        currency: "MYR",
        user_status: 1,
      },
    });
    expect(created.status()).toBe(201);
    const elsewhere = await (await s.browser.newContext({ baseURL: s.baseURL })).newPage();
    await loginThroughForm(elsewhere, admin);
    const here = await (await s.browser.newContext({ baseURL: s.baseURL })).newPage();
    await loginThroughForm(here, admin);

    const profile = new ProfilePage(here);
    await profile.goto();
    await profile.edit().click();
    await profile.currentPassword().fill(admin.password);
    for (const [weak, message] of [
      ["Ab#1234", "Password must be at least 8 characters."],
      ["Password123", "This password is too common. Choose another."],
    ] as const) {
      await profile.newPassword().fill(weak);
      await profile.confirmPassword().fill(weak);
      await profile.save().click();
      await here.getByText(message, { exact: true }).waitFor();
    }
    await profile.newPassword().fill("Second-pass#2026");
    await profile.confirmPassword().fill("Second-pass#2026");
    // Each answer said, should one not be 200 (this step once waited out its minute in CI).
    const answered = (method: string, path: RegExp) =>
      here.waitForResponse((r) => r.request().method() === method && path.test(r.url()));
    const checked = answered("POST", /\/api\/loginAdmin$/);
    const saved = answered("PUT", /\/api\/users\/\d+$/);
    await profile.save().click();
    for (const answer of [await checked, await saved])
      expect(answer.status(), `${answer.url()}: ${await answer.text()}`).toBe(200);
    await profile.edit().waitFor();

    // This session still works; the other one is sent to the login page.
    await here.goto("/users");
    await here.getByRole("heading", { name: "Users" }).first().waitFor();
    expect(here.url()).toMatch(/\/users$/);
    await elsewhere.goto("/users");
    await elsewhere.waitForURL("**/login-back");
    await loginThroughForm(elsewhere, { email: admin.email, password: "Second-pass#2026" });
  });

  test("sends a browser without admin data to /login-back", async () => {
    await s.page.goto("/admin");
    await s.page.evaluate(() => localStorage.removeItem("adminData"));
    await s.page.goto("/profile");
    await s.page.waitForURL("**/login-back");
  });
});
