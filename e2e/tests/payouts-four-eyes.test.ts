import type { BrowserContext, Page } from "@playwright/test";
import type { Settings, WithdrawRequest } from "@store/contract";
import { SettingsPage } from "../pages/SettingsPage";
import { WithdrawRequestPage } from "../pages/WithdrawRequestPage";
import { expect, loginThroughForm, newStoreContext, test, useBrowser } from "../support/browser";
import { createGroup, createStaffAccount, type Person, stepUp } from "../support/staff";

/**
 * Four-eyes payouts (issue 22): above the second-approval amount, one
 * "Finance" staff member's approval leaves the request awaiting a second
 * approval (no money moves); a second Finance member completes it, and the
 * member's cash wallet moves once.
 */
const stamp = Date.now();
const PASSWORD = "Finance#2026-ok";

/** Cents of an exact decimal string, for comparing amounts without floats. */
const cents = (value: string) => {
  const [whole = "0", frac = ""] = value.split(".");
  return BigInt(whole) * 100n + BigInt(`${frac}00`.slice(0, 2));
};
const decimal = (sen: bigint) => `${sen / 100n}.${(sen % 100n).toString().padStart(2, "0")}`;

test.describe("a payout above the second-approval amount", () => {
  const admin = useBrowser();
  const contexts: BrowserContext[] = [];
  const finance: (Person & { page?: Page })[] = [1, 2].map((n) => ({
    username: `finance${n}_${stamp}`,
    email: `finance${n}_${stamp}@example.my`,
    password: PASSWORD,
  }));
  let request: WithdrawRequest;
  let before: Settings;

  const requestNow = async (page: Page) => {
    const all = (await (
      await page.request.get("/api/withdrawRequest")
    ).json()) as WithdrawRequest[];
    const found = all.find((r) => r.withdraw_id === request.withdraw_id);
    if (!found) throw new Error("the request is gone");
    return found;
  };

  test.beforeAll(async ({ browser, store }) => {
    const api = admin.page.request;
    // A group of payouts:manage and two staff members in it, as the admin makes them.
    const group = await createGroup(api, `Finance ${stamp}`, ["payouts:manage"]);
    for (const person of finance) await createStaffAccount(api, person, [group]);
    // A processing request the member's cash wallet covers, found alone by its account.
    const all = (await (await api.get("/api/withdrawRequest")).json()) as WithdrawRequest[];
    const found = all.find(
      (r) =>
        r.withdraw_status === "processing" &&
        cents(r.withdraw_amt) > 1n &&
        cents(r.c_wallet_amt) >= cents(r.withdraw_amt) &&
        all.filter((o) => o.bank_acc === r.bank_acc).length === 1,
    );
    if (!found) throw new Error("The demo store has no suitable processing request left.");
    request = found;
    // The amount just under it, typed on the General tab, so it takes two
    // approvals; put back afterwards.
    before = (await (await api.get("/api/settings/1")).json()) as Settings;
    const above = decimal(cents(found.withdraw_amt) - 1n);
    const settings = new SettingsPage(admin.page);
    await settings.goto();
    await admin.page.getByLabel("Second Approval Above").fill(above);
    await settings.saveButton().click();
    await admin.page.getByRole("button", { name: "Saved", exact: true }).waitFor();
    const stored = (await (await api.get("/api/settings/1")).json()) as Settings;
    expect(stored.payout_second_approval_above).toBe(above);

    for (const person of finance) {
      const context = await newStoreContext(browser, store.baseURL);
      contexts.push(context);
      person.page = await context.newPage();
      await loginThroughForm(person.page, person);
      // The fresh proof the approval asks for (the step-up dialog gives it the same way).
      await stepUp(person.page.request, PASSWORD);
    }
  });
  test.afterAll(async () => {
    const now = (await (await admin.page.request.get("/api/settings/1")).json()) as Settings;
    // Switching it off again loosens a money control: a fresh proof first.
    await stepUp(admin.page.request);
    await admin.page.request.put("/api/settings/1", {
      data: { ...now, payout_second_approval_above: before.payout_second_approval_above },
    });
    for (const context of contexts) await context.close();
  });

  test("the first Finance member's approval awaits a second; the second completes it; the wallet moves once", async () => {
    const [one, two] = finance.map((p) => p.page) as [Page, Page];
    const first = new WithdrawRequestPage(one);
    await first.goto();
    let row = await first.findRequest(request);
    let dialog = await first.ask(row, "Approve");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect(
      one.getByText(
        `Withdrawal of [${request.username}] approved once; a second person must approve it.`,
      ),
    ).toBeVisible();
    await expect(row.locator(".badge")).toHaveText("Awaiting second approval");
    await expect(row).toContainText(`First approved by ${finance[0]?.username}`);
    // The first approver is not offered a second Approve (it would be refused); Reject stays.
    await expect(row.getByRole("button", { name: /^Approve / })).toHaveCount(0);
    await expect(row).toContainText("Another person approves");
    await expect(row.getByRole("button", { name: /^Reject / })).toBeVisible();
    // No money moved; the list's filter finds it among those awaiting.
    expect((await requestNow(one)).c_wallet_amt).toBe(request.c_wallet_amt);
    const awaiting = (await (
      await one.request.get("/api/withdrawRequest?awaiting_second_approval=1")
    ).json()) as WithdrawRequest[];
    expect(awaiting.map((r) => r.withdraw_id)).toContain(request.withdraw_id);

    const second = new WithdrawRequestPage(two);
    await second.goto();
    row = await second.findRequest(request);
    await expect(row.locator(".badge")).toHaveText("Awaiting second approval");
    dialog = await second.ask(row, "Approve");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect(row.locator(".badge")).toHaveText("Completed");
    const done = await requestNow(two);
    expect(done.withdraw_status).toBe("completed");
    expect(cents(done.c_wallet_amt)).toBe(
      cents(request.c_wallet_amt) - cents(request.withdraw_amt),
    );
  });
});
