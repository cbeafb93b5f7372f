import type { BrowserContext, Page } from "@playwright/test";
import type { Settings, WithdrawRequest } from "@store/contract";
import { SettingsPage } from "../pages/SettingsPage";
import { WithdrawRequestPage } from "../pages/WithdrawRequestPage";
import { expect, loginThroughForm, newStoreContext, test, useBrowser } from "../support/browser";
import {
  createGroup,
  createStaffAccount,
  type Person,
  rejectWithdrawal,
  stepUp,
} from "../support/staff";

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
    await expect(row.locator("td.col-status .badge")).toHaveText("Awaiting second approval");
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
    await expect(row.locator("td.col-status .badge")).toHaveText("Awaiting second approval");
    dialog = await second.ask(row, "Approve");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect(row.locator("td.col-status .badge")).toHaveText("Completed");
    const done = await requestNow(two);
    expect(done.withdraw_status).toBe("completed");
    expect(cents(done.c_wallet_amt)).toBe(
      cents(request.c_wallet_amt) - cents(request.withdraw_amt),
    );
  });
});

/** "RM 1,234.50" from cents, as the screens show money (en). */
const money = (sen: bigint) => {
  const whole = (sen / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `RM ${whole}.${(sen % 100n).toString().padStart(2, "0")}`;
};

/**
 * Issue 34, item 6: a bulk approval across the second-approval amount says
 * before Confirm which requests get only a first approval, asks for the
 * password once for the whole call, and a first approval's dialog says no
 * "After approval" (nothing moves).
 */
test.describe("a bulk approval across the second-approval amount", () => {
  const admin = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let before: Settings;
  let small: WithdrawRequest;
  let large: WithdrawRequest;
  let alsoLarge: WithdrawRequest;
  const person: Person = {
    username: `payer_${stamp}`,
    email: `payer_${stamp}@example.my`,
    password: PASSWORD,
  };

  test.beforeAll(async ({ browser, store }) => {
    const api = admin.page.request;
    const group = await createGroup(api, `Payers ${stamp}`, ["payouts:manage"]);
    await createStaffAccount(api, person, [group]);
    // Three processing requests of three members who have no other one open, of
    // different amounts: the smallest is paid, the other two are above the amount.
    // The first page of the screen's processing requests (its order, 100 a page).
    const shown = (await (
      await api.get("/api/withdrawRequest?withdraw_status=processing&_page=1&_limit=100")
    ).json()) as WithdrawRequest[];
    const open = (
      (await (
        await api.get("/api/withdrawRequest?withdraw_status=processing")
      ).json()) as WithdrawRequest[]
    ).filter((r) => shown.some((s) => s.withdraw_id === r.withdraw_id));
    // An inactive member's request cannot be approved (another test may have switched one off).
    const active = new Set<number>();
    for (const r of open) {
      if (r.user_id === null) continue;
      const member = (await (await api.get(`/api/users/${r.user_id}`)).json()) as {
        user_status: number;
      };
      if (member.user_status === 1) active.add(r.user_id);
    }
    const alone = open
      .filter(
        (r) =>
          r.user_id !== null &&
          active.has(r.user_id) &&
          open.filter((o) => o.username === r.username).length === 1 &&
          cents(r.c_wallet_amt) >= cents(r.withdraw_amt) &&
          cents(r.withdraw_amt) > 1n,
      )
      .sort((a, b) => Number(cents(a.withdraw_amt) - cents(b.withdraw_amt)));
    const [first, ...rest] = alone;
    const bigger = rest.filter((r) => first && cents(r.withdraw_amt) > cents(first.withdraw_amt));
    if (!first || bigger.length < 2) throw new Error("The demo store has too few open requests.");
    small = first;
    [large, alsoLarge] = bigger.slice(-2) as [WithdrawRequest, WithdrawRequest];
    before = (await (await api.get("/api/settings/1")).json()) as Settings;
    await stepUp(api);
    const saved = await api.put("/api/settings/1", {
      data: { ...before, payout_second_approval_above: small.withdraw_amt },
    });
    expect(saved.status()).toBe(200);
    context = await newStoreContext(browser, store.baseURL);
    page = await context.newPage();
    // Signed in, without a fresh proof: the bulk call asks for it.
    await loginThroughForm(page, person);
  });
  test.afterAll(async () => {
    const api = admin.page.request;
    const now = (await (await api.get("/api/settings/1")).json()) as Settings;
    // Raising the amount back loosens a money control: a fresh proof first.
    await stepUp(api);
    const restored = await api.put("/api/settings/1", {
      data: { ...now, payout_second_approval_above: before.payout_second_approval_above },
    });
    expect(restored.status(), await restored.text()).toBe(200);
    await rejectWithdrawal(api, large.withdraw_id);
    await context?.close();
  });

  test("the dialog names the first approvals only, the password is asked once, and each gets its approval", async () => {
    await page.goto("/withdrawRequest?withdraw_status=processing&size=100");
    for (const r of [small, large]) {
      await page
        .getByRole("checkbox", { name: `Select withdrawal of [${r.username}]`, exact: true })
        .check();
    }
    await page
      .getByRole("toolbar", { name: "Bulk actions" })
      .getByRole("button", { name: "Approve", exact: true })
      .click();
    const dialog = page.getByRole("dialog");
    const note = dialog.getByTestId("bulk-approval-note");
    await expect(note.locator("p").first()).toHaveText(
      "Only a first approval for these (nothing is paid until a second person approves):",
    );
    await expect(note.getByRole("list", { name: "First approval only" })).toHaveText(
      `${large.username} ${money(cents(large.withdraw_amt))}`,
    );
    await expect(note.getByTestId("step-up-note")).toHaveText(
      "You will be asked for your password or authenticator code once.",
    );
    let bulkCalls = 0;
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/withdrawRequest/bulk")) bulkCalls++;
    });
    await dialog.getByRole("button", { name: "Confirm", exact: true }).click();
    // Once, for the whole call.
    const proof = page.getByRole("dialog", { name: "Confirm it is you" });
    await proof.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await proof.getByRole("button", { name: "Confirm", exact: true }).click();
    const result = page.getByRole("dialog", { name: "Approve Result" });
    await expect(result.getByTestId("bulk-summary")).toHaveText("2 of 2 succeeded.");
    await expect(result.getByTestId("bulk-awaiting")).toHaveText(
      `1 await a second approval. withdrawal of [${large.username}]`,
    );
    expect(bulkCalls).toBe(2);
    const now = (await (
      await page.request.get("/api/withdrawRequest?withdraw_status=processing")
    ).json()) as WithdrawRequest[];
    expect(now.find((r) => r.withdraw_id === small.withdraw_id)).toBeUndefined();
    expect(now.find((r) => r.withdraw_id === large.withdraw_id)?.first_approved_by_username).toBe(
      person.username,
    );
    await result.getByRole("button", { name: "OK" }).click();

    // A single first approval: said so, and the cash wallet as it stays (no "After approval").
    const list = new WithdrawRequestPage(page);
    await list.goto();
    const row = await list.findRequest(alsoLarge);
    const single = await list.ask(row, "Approve");
    await expect(single.getByTestId("approval-stage")).toHaveText(
      `A first approval only: it is above the second-approval amount of ${money(cents(small.withdraw_amt))}. Nothing is paid until a second person approves.`,
    );
    await expect(single.getByTestId("cash-now")).toHaveText(money(cents(alsoLarge.c_wallet_amt)));
    await expect(single.getByText("After approval")).toHaveCount(0);
    await single.getByRole("button", { name: "Cancel" }).click();
  });
});
