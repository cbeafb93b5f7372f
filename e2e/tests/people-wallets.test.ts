import { text, UserListPage } from "../pages/UserPages";
import { WalletListPage } from "../pages/WalletListPage";
import { ADMIN, expect, test, useBrowser } from "../support/browser";

const tag = `pw${Date.now().toString(36)}`;

test.describe("users wallet", () => {
  const s = useBrowser();

  test("lists the columns of docs/REQUIREMENTS.md section 2; a new user's wallet shows RM 0.00, 0.00 PV and no spend date", async () => {
    const users = new UserListPage(s.page);
    const wallets = new WalletListPage(s.page);
    const owner = await users.apiCreate(`${tag}own`, { f_name: "Lim", l_name: "Wei" });
    await wallets.goto();
    // Every column, in the spec's order, once chosen (the default set leaves some out).
    await wallets.showColumns();
    expect(await wallets.headerTexts()).toEqual([
      "Username",
      "First Name",
      "Last Name",
      "E-mail",
      "Phone",
      "Wallet Amount",
      "Cash Wallet Amount",
      "PV Amount",
      "Recent Spend Date",
      "Actions",
    ]);
    const row = await wallets.find(owner.username);
    expect((await wallets.cellTexts(row)).slice(0, 9)).toEqual([
      owner.username,
      "Lim",
      "Wei",
      owner.email,
      "0123456789",
      "RM 0.00",
      "RM 0.00",
      "0.00 PV",
      "-",
    ]);
  });

  test("shows the demo store's amounts as RM with two decimals", async () => {
    const wallets = new WalletListPage(s.page);
    await wallets.goto();
    // The tick box is the first cell: Wallet Amount is the seventh. Read once the rows are in.
    const cells = wallets.bodyRows().locator("td:nth-child(7)");
    await expect(cells.first()).toBeVisible();
    const amounts = await cells.allInnerTexts();
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(amount.trim()).toMatch(/^RM \d{1,3}(,\d{3})*\.\d{2}$/);
  });

  test("asks before deleting a wallet with the exact question; Confirm deletes the wallet and its user", async () => {
    const users = new UserListPage(s.page);
    const wallets = new WalletListPage(s.page);
    const owner = await users.apiCreate(`${tag}del`);
    await wallets.goto();
    await wallets.find(owner.username);
    let dialog = await wallets.askDeleteWallet(owner.username);
    expect(await text(dialog.getByRole("heading"))).toBe("Delete Alert");
    expect(await text(dialog.locator(".modal-body"))).toContain(
      `Are you sure you want to delete "[${owner.username}]'s wallet"?`,
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await users.apiUser(owner.username)).toBeDefined();

    // Deleting a member needs a fresh proof (the step-up dialog's own test: step-up.test.ts).
    await s.page.request.post("/api/stepUp", { data: { password: ADMIN.password } });
    dialog = await wallets.askDeleteWallet(owner.username);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await wallets.row(owner.username).waitFor({ state: "detached" });
    expect(await users.apiUser(owner.username)).toBeUndefined();
  });
});
