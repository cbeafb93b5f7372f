import type { PaymentMethod } from "@store/contract";
import { maskSecret } from "@store/contract";
import { SettingsPage } from "../pages/SettingsPage";
import { UserFormPage, UserListPage } from "../pages/UserPages";
import { axeViolations } from "../support/axe";
import { ADMIN, expect, loginThroughForm, test, useBrowser } from "../support/browser";

/**
 * The step-up dialog (issue 22; docs/decisions/two-step-login.md): a harmful
 * call refused with 403 step_up_required opens "Confirm it is you"; a wrong
 * password is said in the dialog, Cancel leaves the call refused, and the right
 * password sends the call again. A login of its own: logging in is no step-up,
 * and the suite's shared session may have given one.
 */
test.describe("the step-up dialog", () => {
  const s = useBrowser({ loggedIn: false });
  const tag = Date.now().toString(36);
  const dialog = () => s.page.getByRole("dialog", { name: "Confirm it is you" });
  const dialogPassword = () => dialog().getByLabel("Password", { exact: true });
  const confirm = () => dialog().getByRole("button", { name: "Confirm", exact: true });

  test.beforeAll(async () => {
    await loginThroughForm(s.page);
  });

  test("asks before a payment secret key changes; Cancel saves nothing, a wrong password is said, the right one saves", async () => {
    const settings = new SettingsPage(s.page);
    await settings.goto("payment");
    await settings.gatewayUri().waitFor();
    const before = (await (
      await s.page.request.get("/api/paymentMethodsId/1")
    ).json()) as PaymentMethod;
    await settings.secretKey().fill(`sk_live_${tag}_4321`);
    if (!(await settings.publishKey().inputValue())) await settings.publishKey().fill("pk_live_1");
    if (!(await settings.gatewayUri().inputValue()))
      await settings.gatewayUri().fill("https://pay.example.my/checkout");
    await settings.saveButton().click();

    // Asked, with the focus in the password field; Escape leaves the key as it was and
    // gives the focus back to the button that asked.
    await dialog().waitFor();
    await expect(dialogPassword()).toBeFocused();
    await s.page.keyboard.press("Escape");
    await dialog().waitFor({ state: "hidden" });
    await expect(settings.saveButton()).toBeFocused();
    const kept = (await (
      await s.page.request.get("/api/paymentMethodsId/1")
    ).json()) as PaymentMethod;
    expect(kept.secret_key).toBe(before.secret_key);
    // The typing is still there to save again.
    expect(await settings.secretKey().inputValue()).toBe(`sk_live_${tag}_4321`);

    await settings.saveButton().click();
    await dialog().waitFor();
    // Cancel leaves it refused as well; then a wrong password, then the right one.
    await dialog().getByRole("button", { name: "Cancel", exact: true }).click();
    await dialog().waitFor({ state: "hidden" });
    await settings.saveButton().click();
    await dialog().waitFor();
    await dialogPassword().fill("not-my-password");
    await confirm().click();
    await dialog().getByText("Invalid Password.", { exact: true }).waitFor();
    await expect(dialogPassword()).toHaveAttribute("aria-invalid", "true");
    expect(await axeViolations(s.page, ".modal")).toEqual([]);

    await dialogPassword().fill(ADMIN.password);
    await confirm().click();
    await dialog().waitFor({ state: "hidden" });
    await s.page.getByRole("button", { name: "Saved" }).waitFor();
    const saved = (await (
      await s.page.request.get("/api/paymentMethodsId/1")
    ).json()) as PaymentMethod;
    expect(saved.secret_key).toBe(maskSecret(`sk_live_${tag}_4321`));
  });

  test("asks before an Admin account is created on Add User, then adds it", async () => {
    // A new login: the proof given above still counts for 5 minutes.
    await s.context.clearCookies();
    await loginThroughForm(s.page);
    const list = new UserListPage(s.page);
    const form = new UserFormPage(s.page);
    const username = `admin${tag}`;
    await s.page.goto("/addUser");
    await form.add().waitFor();
    await form.username().fill(username);
    await form.email().fill(`${username}@people.my`);
    await form.firstName().fill("Farid");
    await form.lastName().fill("Owner");
    await form.contact().fill("0123456789");
    await form.password().fill("Secret#12345");
    await form.dob().fill("01/02/1990");
    await form.gender().selectOption("Male");
    await form.role().selectOption("Admin");
    await form.chooseReferral("None");
    await form.language().selectOption("English");
    await form.currency().selectOption("MYR");
    await form.status().check();
    await form.add().click();

    await dialog().waitFor();
    expect(await list.apiUser(username)).toBeUndefined();
    await dialogPassword().fill(ADMIN.password);
    await confirm().click();
    await s.page.waitForURL((url) => url.pathname === "/users");
    expect(await list.apiUser(username)).toMatchObject({ role: "Admin" });
  });
});
