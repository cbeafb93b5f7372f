import { LedgerApi } from "../pages/LedgerPages";
import { text, UserFormPage, UserListPage } from "../pages/UserPages";
import { ADMIN, expect, settled, test, useBrowser } from "../support/browser";

const tag = `pu${Date.now().toString(36)}`;
const username = `${tag}siti`;

test.describe("users", () => {
  const s = useBrowser();

  test("lists every column of docs/REQUIREMENTS.md section 2 and highlights Admin rows", async () => {
    const list = new UserListPage(s.page);
    await list.goto();
    // Every column, in the spec's order, once chosen (the default set leaves some out).
    await list.showColumns();
    expect(await list.headerTexts()).toEqual([
      "Username",
      "First Name",
      "Last Name",
      "Gender",
      "D.O.B",
      "E-mail",
      "Contact",
      "Role",
      // Issue 34: who has two-step login on.
      "Two-step login",
      // Issue 39: the member's KYC, the number masked.
      "KYC",
      "Membership",
      "Down Line",
      "Referral of",
      "Total Order",
      "Status",
      "Created Date",
      "Updated Date",
      "Actions",
    ]);
    const admin = await list.findUser("admin");
    expect(await admin.getAttribute("class")).toContain("table-warning");
    const member = await list.apiCreate(`${tag}plain`);
    const plain = await list.findUser(member.username);
    expect((await plain.getAttribute("class")) ?? "").not.toContain("table-warning");
  });

  test("checks the Add User form, then adds a user with a referrer and returns to /users", async () => {
    const list = new UserListPage(s.page);
    const form = new UserFormPage(s.page);
    const referrer = await list.apiCreate(`${tag}ref`);
    await list.goto();
    await list.addNew().click();
    await s.page.waitForURL("**/addUser");
    await form.add().waitFor();

    // Required selects open on a disabled blank option; Referral, a type-ahead, offers None and users.
    for (const select of [form.gender(), form.role(), form.language(), form.currency()]) {
      expect(await select.inputValue()).toBe("");
      expect(await select.locator("option").first().isDisabled()).toBe(true);
    }
    expect(await form.referral().inputValue()).toBe("");
    expect(await form.options("gender")).toEqual(["", "Male", "Female"]);
    expect((await form.referralChoices(""))[0]).toBe("None");
    expect(await form.referralChoices(referrer.username)).toEqual([referrer.username]);
    await form.referral().fill("");
    expect(await form.contact().getAttribute("maxlength")).toBe("12");
    expect(await form.password().isVisible()).toBe(true);

    await form.add().click();
    expect(await form.errors().allInnerTexts()).toEqual([
      "Username is required.",
      "E-mail is required.",
      "First name is required.",
      "Last name is required.",
      "Contact is required.",
      "Password is required.",
      "Gender is required.",
      "Role is required.",
      "Referral is required.",
      "Language is required.",
      "Currency is required.",
    ]);

    await form.username().fill(username);
    await form.email().fill("not-an-email");
    await form.firstName().fill("Siti");
    await form.lastName().fill("Aminah");
    await form.contact().fill("0123456789999");
    expect(await form.contact().inputValue()).toBe("012345678999");
    await form.password().fill("Secret#123");
    await form.dob().fill("14/03/1995");
    await form.gender().selectOption("Female");
    await form.role().selectOption("Member");
    await form.membership().selectOption({ label: "Silver" });
    await form.chooseReferral(referrer.username);
    await form.language().selectOption("English");
    await form.currency().selectOption("MYR");
    await form.status().check();
    await form.add().click();
    await expect
      .poll(() => form.errors().allInnerTexts())
      .toEqual(["E-mail must be a valid e-mail address."]);
    await form.email().fill(`${username}@people.my`);
    await form.add().click();
    await s.page.waitForURL((url) => url.pathname === "/users");

    const row = await list.findUser(username);
    const cells = await list.cellTexts(row);
    expect(cells.slice(0, 15)).toEqual([
      username,
      "Siti",
      "Aminah",
      "Female",
      "14/03/1995",
      `${username}@people.my`,
      "012345678999",
      "Member",
      "Off",
      "Not started",
      "Silver",
      "0",
      referrer.username,
      "0",
      "Active",
    ]);
    expect(cells[16]).toBe("-");
    // The referrer's down line counts the new user.
    const referrerRow = await list.findUser(referrer.username);
    expect((await list.cellTexts(referrerRow))[11]).toBe("1");
  });

  test("refuses a username already taken, keeping what was typed", async () => {
    const form = new UserFormPage(s.page);
    await s.page.goto("/addUser");
    await form.username().fill(username.toUpperCase());
    await form.email().fill(`${tag}other@people.my`);
    await form.firstName().fill("Other");
    await form.lastName().fill("Person");
    await form.contact().fill("0111");
    await form.password().fill("Secret#123");
    await form.gender().selectOption("Male");
    await form.role().selectOption("Staff");
    await form.chooseReferral("None");
    await form.language().selectOption("English");
    await form.currency().selectOption("SGD");
    await form.add().click();
    // The toast says why, in the server's plain words.
    await s.page
      .getByText(`The username "${username.toUpperCase()}" is already taken.`, { exact: true })
      .waitFor();
    expect(new URL(s.page.url()).pathname).toBe("/addUser");
    expect(await form.firstName().inputValue()).toBe("Other");
  });

  test("edits a user without a password field, the referral select excluding the user, and saves to /users", async () => {
    const list = new UserListPage(s.page);
    const form = new UserFormPage(s.page);
    await list.goto();
    await list.findUser(username);
    await list.edit(username);
    await s.page.waitForURL("**/editUser?uid=*");
    await form.save().waitFor();
    expect(await form.password().count()).toBe(0);
    expect(await form.username().inputValue()).toBe(username);
    expect(await text(form.membership().locator("option:checked"))).toBe("Silver");
    expect(await form.referralChoices(username)).not.toContain(username);
    await form.chooseReferral("None");
    await form.lastName().fill("Rahman");
    await form.save().click();
    await s.page.waitForURL((url) => url.pathname === "/users");
    const row = await list.findUser(username);
    await expect.poll(async () => (await list.cellTexts(row))[2]).toBe("Rahman");
    const cells = await list.cellTexts(row);
    expect(cells[12]).toBe("-");
    expect(cells[16]).not.toBe("-");
  });

  test("back and cancel lead to /users", async () => {
    const form = new UserFormPage(s.page);
    await s.page.goto("/addUser");
    await form.cancel().click();
    await s.page.waitForURL((url) => url.pathname === "/users");
    await s.page.goto("/addUser");
    await form.back().click();
    await s.page.waitForURL((url) => url.pathname === "/users");
  });

  test("says plainly when the user to edit does not exist", async () => {
    for (const uid of ["999999", "abc"]) {
      await s.page.goto(`/editUser?uid=${uid}`);
      await s.page.getByText("This user could not be found.").waitFor();
    }
    await s.page.getByRole("link", { name: "Back to Users" }).click();
    await s.page.waitForURL((url) => url.pathname === "/users");
  });

  test("asks before deleting, with the exact question, and deletes on Confirm", async () => {
    const list = new UserListPage(s.page);
    await list.goto();
    await list.findUser(username);
    let dialog = await list.askDelete(username);
    expect(await text(dialog.getByRole("heading"))).toBe("Delete Alert");
    expect(await text(dialog.locator(".modal-body"))).toBe(
      `Are you sure you want to delete "${username}"?`,
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await list.apiUser(username)).toBeDefined();
    // Deleting a member needs a fresh proof (the step-up dialog's own test: step-up.test.ts).
    await s.page.request.post("/api/stepUp", { data: { password: ADMIN.password } });
    dialog = await list.askDelete(username);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await list.row(username).waitFor({ state: "detached" });
    expect(await list.apiUser(username)).toBeUndefined();
  });

  test("deleting a referrer holding money: the Alert asks where the referrals go, then refuses with a link to the statement", async () => {
    const list = new UserListPage(s.page);
    const ledger = new LedgerApi(s.page);
    const grand = await list.apiCreate(`${tag}gp`);
    const parent = await list.apiCreate(`${tag}pa`, { referral_of: grand.user_id });
    const kids = [
      await list.apiCreate(`${tag}k1`, { referral_of: parent.user_id }),
      await list.apiCreate(`${tag}k2`, { referral_of: parent.user_id }),
    ];
    await ledger.adjust(parent.user_id, "cash_wallet", "300");
    await ledger.adjust(parent.user_id, "wallet", "20");
    await list.goto();
    await list.findUser(parent.username);
    let dialog = await list.askDelete(parent.username);
    expect(await text(dialog.locator("legend"))).toBe(`${parent.username} refers 2 members.`);
    const confirm = dialog.getByRole("button", { name: "Confirm" });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`Move them to ${grand.username}`).check();
    await confirm.click();
    const refusal = dialog.getByRole("alert");
    await refusal.waitFor();
    expect(await text(refusal.locator("p"))).toBe(
      `${parent.username} holds RM 300.00 in the cash wallet, RM 20.00 in the wallet and 0.00 PV. Zero them with an adjustment on the statement (paid out by hand, or forfeited), then delete.`,
    );
    // Said in the dialog, not in a toast as well.
    await settled(s.page);
    expect(await s.page.locator(".toast").count()).toBe(0);
    await refusal.getByRole("link", { name: `Open ${parent.username}'s statement` }).click();
    await s.page.waitForURL((url) => url.pathname === "/walletStatement");
    expect(new URL(s.page.url()).searchParams.get("uid")).toBe(String(parent.user_id));

    // Paid out by hand: the adjustments zero the balances, and the delete goes through.
    await ledger.adjust(parent.user_id, "cash_wallet", "-300", "Paid out by hand");
    await ledger.adjust(parent.user_id, "wallet", "-20", "Forfeited");
    await list.goto();
    await list.findUser(parent.username);
    await s.page.request.post("/api/stepUp", { data: { password: ADMIN.password } });
    dialog = await list.askDelete(parent.username);
    await dialog.getByLabel(`Move them to ${grand.username}`).check();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await list.row(parent.username).waitFor({ state: "detached" });
    for (const kid of kids) {
      expect((await list.apiUser(kid.username))?.referral_of).toBe(grand.user_id);
    }
    expect((await list.apiUser(grand.username))?.down_line).toBe(2);
  });
});
