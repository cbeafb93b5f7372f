import type { AdminData } from "@store/contract";
import { describe, expect, it } from "vitest";
import { ProfilePage } from "../pages/ProfilePage";
import { ADMIN, useBrowser } from "../support/browser";

async function storedAdmin(profile: ProfilePage): Promise<AdminData> {
  return profile.page.evaluate(
    () => JSON.parse(localStorage.getItem("adminData") ?? "null") as AdminData,
  );
}

describe("profile (Account Management)", () => {
  const s = useBrowser();

  it("shows the admin's details with a way back to /admin", async () => {
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

  it("says Invalid Password. when the current password is wrong", async () => {
    const profile = new ProfilePage(s.page);
    await profile.goto();
    await profile.edit().click();
    await profile.currentPassword().fill("not-my-password");
    await profile.save().click();
    await s.page.getByText("Invalid Password.", { exact: true }).waitFor();
    expect(await profile.email().isVisible()).toBe(true);
  });

  it("says the confirm password does not match, and shows or hides the passwords", async () => {
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

  it("saves a new contact number after checking the password, and keeps it in the stored admin data", async () => {
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

  it("sends a browser without admin data to /login-back", async () => {
    await s.page.goto("/admin");
    await s.page.evaluate(() => localStorage.removeItem("adminData"));
    await s.page.goto("/profile");
    await s.page.waitForURL("**/login-back");
  });
});
