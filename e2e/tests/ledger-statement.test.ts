import fs from "node:fs";
import type { WithdrawRequest } from "@store/contract";
import { addAmounts, LedgerApi, rm, WalletStatementPage } from "../pages/LedgerPages";
import { SettingsPage } from "../pages/SettingsPage";
import { text, UserListPage } from "../pages/UserPages";
import { WalletListPage } from "../pages/WalletListPage";
import { WithdrawRequestPage } from "../pages/WithdrawRequestPage";
import { expect, test, useBrowser } from "../support/browser";

const tag = `ld${Date.now().toString(36)}`;

test.describe("wallet statement", () => {
  const s = useBrowser();

  test("opens from Statement on /userWallets; Adjust adds a line on top and moves the balance", async () => {
    const member = await new UserListPage(s.page).apiCreate(`${tag}adj`);
    const wallets = new WalletListPage(s.page);
    const statement = new WalletStatementPage(s.page);
    await wallets.goto();
    await wallets.find(member.username);
    await s.page
      .getByRole("link", { name: `Statement of ${member.username}`, exact: true })
      .click();
    await s.page.waitForURL(`**/walletStatement?uid=${member.user_id}`);
    await s.page.getByRole("heading", { name: "Wallet Statement", level: 1 }).waitFor();
    await s.page.getByRole("heading", { name: member.username }).waitFor();
    await statement.balance("cash_wallet").getByText("RM 0.00").waitFor();

    const dialog = await statement.fillAdjustment("cash_wallet", "25.50", "Festive bonus");
    expect(await text(dialog.locator("#adjust-amount-hint"))).toBe("Now RM 0.00 · after RM 25.50");
    await statement.save().click();
    await dialog.waitFor({ state: "hidden" });
    await s.page.getByTestId("balance-cash_wallet").getByText("RM 25.50").waitFor();
    await statement.bodyRows().first().getByText("Festive bonus").waitFor();
    const line = await statement.firstLine();
    expect(line.slice(1)).toEqual([
      "Cash wallet",
      "Adjustment",
      "+RM 25.50",
      "RM 25.50",
      "-",
      "admin",
      "Festive bonus",
    ]);
    expect(line[0]).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(await text(statement.balance("wallet"))).toBe("RM 0.00");

    // Taking away more than is there: refused, said under the amount, nothing changes.
    await statement.fillAdjustment("cash_wallet", "-30", "Too much");
    await statement.save().click();
    const refused = s.page.locator("#adjust-amount-error");
    await refused.waitFor();
    expect(await text(refused)).toMatch(/below zero|not enough|negative/i);
    await statement.note().fill("ok");
    await statement.amount().fill("-5.25");
    await statement.save().click();
    await s.page.locator("#adjust-note-error").getByText("at least 3").waitFor();
    await statement.note().fill("Correction");
    await statement.save().click();
    await statement.dialog().waitFor({ state: "hidden" });
    await s.page.getByTestId("balance-cash_wallet").getByText("RM 20.25").waitFor();
    expect((await statement.firstLine()).slice(3, 5)).toEqual(["-RM 5.25", "RM 20.25"]);
    expect(await statement.bodyRows().count()).toBe(2);
  });

  test("exports the statement as CSV: this member's entries only, newest first, formulas defused", async () => {
    const member = await new UserListPage(s.page).apiCreate(`${tag}csv`);
    const other = await new UserListPage(s.page).apiCreate(`${tag}oth`);
    const ledger = new LedgerApi(s.page);
    await ledger.adjust(member.user_id, "wallet", "12.00", "=HYPERLINK(1)");
    await ledger.adjust(member.user_id, "pv", "3.50", "Points, with a comma");
    await ledger.adjust(other.user_id, "wallet", "1.00", "Not this member");
    const statement = new WalletStatementPage(s.page);
    await statement.open(member.user_id);
    await statement.bodyRows().nth(1).waitFor();
    await statement.exportMenu().click();
    const [download] = await Promise.all([
      s.page.waitForEvent("download"),
      statement.exportLink().click(),
    ]);
    const csv = fs.readFileSync(await download.path(), "utf8");
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const [header = "", ...lines] = csv.slice(1).trim().split("\r\n");
    const columns = header.split(",");
    expect(columns).toEqual(
      expect.arrayContaining(["account", "amount", "balance_after", "reason", "note"]),
    );
    expect(lines).toHaveLength(2);
    const cell = (line: string, name: string) => {
      // The notes here hold no quote; a quoted cell with a comma is read whole.
      const cells = line.match(/("[^"]*"|[^,]*)(,|$)/g)?.map((c) => c.replace(/,$/, "")) ?? [];
      return cells[columns.indexOf(name)];
    };
    expect([cell(lines[0] ?? "", "account"), cell(lines[0] ?? "", "amount")]).toEqual([
      "pv",
      "3.50",
    ]);
    expect(cell(lines[0] ?? "", "note")).toBe('"Points, with a comma"');
    expect(cell(lines[1] ?? "", "note")).toBe("'=HYPERLINK(1)");
    expect(csv).not.toContain("Not this member");
  });

  test("is linked from Edit User", async () => {
    const member = await new UserListPage(s.page).apiCreate(`${tag}edit`);
    await s.page.goto(`/editUser?uid=${member.user_id}`);
    await s.page.getByRole("link", { name: "Statement", exact: true }).click();
    await s.page.waitForURL(`**/walletStatement?uid=${member.user_id}`);
    await s.page.getByRole("heading", { name: member.username }).waitFor();
  });

  test("says so for an unknown member", async () => {
    await s.page.goto("/walletStatement?uid=99999999");
    await s.page.getByText("This member could not be found.").waitFor();
  });
});

test.describe("withdrawals and the cash wallet", () => {
  const s = useBrowser();

  test("the approve dialog shows the cash wallet now and after; Reverse needs a note and its own Confirm", async () => {
    const requests = new WithdrawRequestPage(s.page);
    const ledger = new LedgerApi(s.page);
    const all = await requests.apiRequests();
    // One whose bank account no other request shares: the row is found by it.
    const request = all.find(
      (r): r is WithdrawRequest & { user_id: number } =>
        r.withdraw_status === "processing" &&
        r.user_id !== null &&
        all.filter((other) => other.bank_acc === r.bank_acc).length === 1,
    );
    if (!request) throw new Error("the demo store has no processing request");
    // Enough in the cash wallet for the payout, whatever the demo store holds.
    await ledger.adjust(request.user_id, "cash_wallet", addAmounts(request.withdraw_amt, "100"));
    const before = await ledger.balance(request.user_id, "cash_wallet");
    const after = addAmounts(before, `-${request.withdraw_amt}`);

    await requests.goto();
    const row = await requests.findRequest(request);
    const approve = await requests.ask(row, "Approve");
    expect(await text(approve.getByRole("heading"))).toBe("Approve Alert");
    expect(await text(approve.locator(".modal-body"))).toContain(
      `Are you sure you want to approve withdrawal of [${request.username}]?`,
    );
    await approve.getByTestId("cash-now").getByText(rm(before)).waitFor();
    expect(await text(approve.getByTestId("cash-after"))).toBe(rm(after));
    await approve.getByRole("button", { name: "Confirm" }).click();
    await approve.waitFor({ state: "hidden" });
    await row.getByText("Completed").waitFor();
    expect(await ledger.balance(request.user_id, "cash_wallet")).toBe(after);

    await row.getByRole("button", { name: `Reverse ${request.username}` }).click();
    const reverse = requests.dialog();
    await reverse.waitFor();
    expect(await text(reverse.getByRole("heading"))).toBe("Reverse Alert");
    expect(await text(reverse.locator(".modal-body"))).toContain(
      `Are you sure you want to reverse withdrawal of [${request.username}]?`,
    );
    await reverse.getByTestId("cash-now").getByText(rm(after)).waitFor();
    expect(await text(reverse.getByTestId("cash-after"))).toBe(rm(before));
    await reverse.getByRole("button", { name: "Confirm" }).click();
    await reverse.getByText("Note is required.").waitFor();
    expect(await ledger.balance(request.user_id, "cash_wallet")).toBe(after);
    // Cancel leaves it as it is.
    await reverse.getByRole("button", { name: "Cancel" }).click();
    await reverse.waitFor({ state: "hidden" });
    expect(await ledger.balance(request.user_id, "cash_wallet")).toBe(after);

    await row.getByRole("button", { name: `Reverse ${request.username}` }).click();
    await reverse.getByLabel("Note").fill("Bank returned the transfer");
    await reverse.getByRole("button", { name: "Confirm" }).click();
    await reverse.waitFor({ state: "hidden" });
    await row.getByText("Reversed").waitFor();
    expect(await row.getByRole("button", { name: /^Reverse / }).count()).toBe(0);
    expect(await ledger.balance(request.user_id, "cash_wallet")).toBe(before);

    // The statement tells the story, newest first.
    const statement = new WalletStatementPage(s.page);
    await statement.open(request.user_id);
    await statement.bodyRows().nth(1).waitFor();
    const [reversal, payout] = [
      await statement.cellTexts(statement.bodyRows().nth(0)),
      await statement.cellTexts(statement.bodyRows().nth(1)),
    ];
    expect(reversal.slice(1, 8)).toEqual([
      "Cash wallet",
      "Withdrawal reversal",
      `+${rm(request.withdraw_amt)}`,
      rm(before),
      `Withdrawal #${request.withdraw_id}`,
      "admin",
      "Bank returned the transfer",
    ]);
    expect(payout.slice(1, 6)).toEqual([
      "Cash wallet",
      "Withdrawal",
      `-${rm(request.withdraw_amt)}`,
      rm(after),
      `Withdrawal #${request.withdraw_id}`,
    ]);
    // The reference opens that one request on the withdrawal list.
    await statement
      .bodyRows()
      .nth(1)
      .getByRole("link", { name: `Withdrawal #${request.withdraw_id}` })
      .click();
    await s.page.waitForURL(`**/withdrawRequest?withdraw_id=${request.withdraw_id}`);
    await requests.bodyRows().first().getByText(request.bank_acc).waitFor();
    expect(await requests.bodyRows().count()).toBe(1);
  });
});

test.describe("the money settings on the General tab", () => {
  const s = useBrowser();

  test("has the commission off by default; a maximum withdrawal saved there refuses an approval above it", async () => {
    const settings = new SettingsPage(s.page);
    const requests = new WithdrawRequestPage(s.page);
    const all = await requests.apiRequests();
    const request = all.find(
      (r) =>
        r.withdraw_status === "processing" &&
        r.user_id !== null &&
        all.filter((other) => other.bank_acc === r.bank_acc).length === 1,
    );
    if (!request) throw new Error("the demo store has no processing request");
    const maximum = addAmounts(request.withdraw_amt, "-0.01");
    try {
      await settings.goto();
      const commission = s.page.getByLabel(/^Referral Commission/);
      expect(await commission.isChecked()).toBe(false);
      await s.page.getByLabel("Maximum Withdrawal Amount").fill(maximum);
      await settings.saveButton().click();
      await settings.panel().getByRole("button", { name: "Saved" }).waitFor();

      await requests.goto();
      const row = await requests.findRequest(request);
      const approve = await requests.ask(row, "Approve");
      // Said before Confirm, from the saved settings.
      await approve
        .getByText(
          `${rm(request.withdraw_amt)} is above the store's maximum withdrawal of ${rm(maximum)}.`,
        )
        .waitFor();
      await approve.getByRole("button", { name: "Confirm" }).click();
      await approve.waitFor({ state: "hidden" });
      // The server refuses it all the same (its message, in the toast).
      await s.page
        .getByText(`above the store's maximum withdrawal of RM ${maximum}`, { exact: false })
        .first()
        .waitFor();
      await row.getByText("Processing").waitFor();
      expect(
        (await requests.apiRequests()).find((r) => r.withdraw_id === request.withdraw_id)
          ?.withdraw_status,
      ).toBe("processing");
    } finally {
      // The store is shared by the other test files: no maximum again.
      const current = (await (await s.page.request.get("/api/settings/1")).json()) as Record<
        string,
        unknown
      >;
      const { setting_id: _id, updated_at: _at, ...fields } = current;
      const restored = await s.page.request.put("/api/settings/1", {
        data: { ...fields, withdraw_max_amt: null },
      });
      expect(restored.status()).toBe(200);
    }
  });
});
