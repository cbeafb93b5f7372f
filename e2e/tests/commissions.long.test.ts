import fs from "node:fs";
import type { APIRequestContext, BrowserContext, Locator, Page } from "@playwright/test";
import type {
  CommissionPeriod,
  CommissionPlan,
  Membership,
  Order,
  Settings,
  User,
} from "@store/contract";
import { WalletStatementPage } from "../pages/LedgerPages";
import { OrderFormPage } from "../pages/OrderFormPage";
import { chooseInTypeahead } from "../pages/Typeahead";
import { axeViolations } from "../support/axe";
import { ADMIN, expect, loginThroughForm, newStoreContext, test } from "../support/browser";
import { OwnServer } from "../support/ownServer";
import { createGroup, createStaffAccount, type Person, stepUp } from "../support/staff";

/**
 * Issue 38's done-when, as a store admin does it: a three-level plan set and
 * previewed, an order completed, the held amounts on the statements, the
 * period calculated, approved by two people and released, and the statement
 * read as a PDF (docs/decisions/commission-plans.md).
 */

async function json<T>(api: APIRequestContext, path: string): Promise<T> {
  const response = await api.get(`/api/${path}`);
  if (!response.ok()) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as T;
}

async function created<T>(api: APIRequestContext, path: string, data: object): Promise<T> {
  const response = await api.post(`/api/${path}`, { data });
  if (response.status() !== 201) throw new Error(`${path}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** A member referred by `referrer`, in the lowest tier (no discount, 1% PV). */
const member = (api: APIRequestContext, username: string, referrer: number | null) =>
  created<User>(api, "users", {
    username,
    email: `${username}@members.my`,
    f_name: "Ahli",
    l_name: username,
    contact: "0123456789",
    password: "Secret#123",
    gender: "Female",
    role: "Member",
    languages: "English",
    currency: "MYR",
    user_status: 1,
    referral_of: referrer,
  });

/** The password the step-up dialog asks for, answered. */
async function answerStepUp(page: Page, password: string): Promise<void> {
  const proof = page.getByRole("dialog", { name: "Confirm it is you" });
  await proof.getByLabel("Password", { exact: true }).fill(password);
  await proof.getByRole("button", { name: "Confirm", exact: true }).click();
  await proof.waitFor({ state: "hidden" });
}

/**
 * Waits for `done`; answers the step-up dialog on the way if it comes. The
 * proof lasts 5 minutes, so whether a later money step asks again depends on
 * how long the steps before it took.
 */
async function doneAfterProofIfAsked(page: Page, done: Locator, password: string) {
  const proof = page.getByRole("dialog", { name: "Confirm it is you" });
  await done.or(proof).first().waitFor();
  if (await proof.isVisible()) await answerStepUp(page, password);
  await done.waitFor();
}

/** "01/11/2026 – 30/11/2026": a period as the screens name it in en-GB. */
const periodName = (p: Pick<CommissionPeriod, "starts_on" | "ends_on">) =>
  [p.starts_on, p.ends_on].map((day) => day.split("-").reverse().join("/")).join(" – ");

/** The one row of the periods list (the store is this file's own: one period). */
const periodRow = (page: Page) => page.locator("table.data-table tbody tr").first();

test.describe("a three-level commission plan from its setting to the period's release", () => {
  // A store of its own: periods, the plan and the commission switch are the
  // store's, and would change what the other files' stores pay.
  const server = OwnServer.empty();
  const contexts: BrowserContext[] = [];
  let page: Page;
  let tiers: Membership[];
  let a: User;
  let b: User;
  let c: User;
  let d: User;
  let order: Order;
  let period: CommissionPeriod;
  const second: Person = {
    username: "finance_two",
    email: "finance_two@store.my",
    password: "Finance#2026-ok",
  };

  test.beforeAll(async ({ browser, playwright }) => {
    // A store of its own to start (and fill) first.
    test.setTimeout(180_000);
    await server.start();
    // The set-up no screen of this flow makes, by the admin in a session of
    // its own (its step-ups leave the browser's session without a proof, so
    // the plan's Save asks for the password): the commission switch on, two
    // approvals above RM 15.00 (the period's total will be RM 17.00), the
    // sponsor line A → B → C → D, a RM 100.00 product, D's pending order of it
    // (as the Add Order screen sends it), and the second approver: a staff
    // member whose group manages commissions.
    const api = await playwright.request.newContext({ baseURL: server.baseURL });
    try {
      const login = await api.post("/api/login", { data: ADMIN });
      expect(login.status(), await login.text()).toBe(200);
      await stepUp(api);
      const { setting_id: _id, updated_at: _at, ...now } = await json<Settings>(api, "settings/1");
      const settings = await api.put("/api/settings/1", {
        data: { ...now, commission_status: 1, payout_second_approval_above: "15.00" },
      });
      expect(settings.status(), await settings.text()).toBe(200);
      a = await member(api, "upline_a", null);
      b = await member(api, "upline_b", a.user_id);
      c = await member(api, "upline_c", b.user_id);
      d = await member(api, "buyer_d", c.user_id);
      const category = await created<{ category_id: number }>(api, "categories", {
        category_name: "Wellness",
        cat_status: 1,
      });
      const product = await created<{ product_id: number }>(api, "products", {
        product_name: "Herbal Tonic",
        normal_price: "100.00",
        stock_qtt: 10,
        category_id: category.category_id,
        product_status: 1,
      });
      order = await created<Order>(api, "orders", {
        user_id: d.user_id,
        items: [{ product_id: product.product_id, quantity: 1 }],
        recipient_name: "Dina Buyer",
        recipient_contact: "0123456789",
        address_1: "12 Jalan Bunga Raya",
        postcode: "50000",
        state: "Selangor",
      });
      expect(order.total_price).toBe("100.00");
      tiers = await json<Membership[]>(api, "memberships");
      const group = await createGroup(api, "Commissions", ["commissions:manage"]);
      await createStaffAccount(api, second, [group]);
    } finally {
      await api.dispose();
    }
    const context = await newStoreContext(browser, server.baseURL);
    contexts.push(context);
    page = await context.newPage();
    await loginThroughForm(page);
  });

  test.afterAll(async () => {
    for (const context of contexts) await context.close();
    await server.remove();
  });

  test("the plan: 10 / 5 / 2 % for every tier, previewed unsaved, saved after the password", async () => {
    await page.goto("/admin");
    await page
      .getByRole("navigation", { name: "Sidebar" })
      .getByRole("link", { name: "Commissions" })
      .click();
    await page.waitForURL((url) => url.pathname === "/commissionPeriods");
    await expect(
      page.getByText(
        "No periods yet: the first opens with the first completed order under a plan.",
      ),
    ).toBeVisible();
    await page.getByRole("link", { name: "Commission Plan" }).click();
    await page.waitForURL((url) => url.pathname === "/commissionPlans");
    await expect(page.getByTestId("default-plan-note")).toBeVisible();

    // Level 1 shows the default (each tier's Member Earning %); two levels added.
    await page.getByRole("button", { name: "Add level" }).click();
    await page.getByRole("button", { name: "Add level" }).click();
    for (const [level, rate] of [
      [1, "10"],
      [2, "5"],
      [3, "2"],
    ] as const)
      for (const tier of tiers)
        await page
          .getByLabel(`Level ${level}: ${tier.membership} rate %`, { exact: true })
          .fill(rate);
    await page.getByLabel("Hold days", { exact: true }).fill("0");

    // The preview pays by the form as it stands, before it is saved.
    const preview = page.getByRole("region", { name: "Preview" });
    await chooseInTypeahead(preview.getByLabel("Member", { exact: true }), d.username);
    await preview.getByLabel("Amount (RM)").fill("100");
    await preview.getByRole("button", { name: "Preview", exact: true }).click();
    await expect(preview.getByTestId("preview-sentence")).toHaveText(
      `An order of RM 100.00 by ${d.username} pays ${c.username} RM 10.00 (level 1), ${b.username} RM 5.00 (level 2) and ${a.username} RM 2.00 (level 3).`,
    );
    const rows = preview.getByTestId("preview-rows").locator("tbody tr");
    await expect(rows).toHaveText([
      `1${c.username}10.00%RM 10.00Paid`,
      `2${b.username}5.00%RM 5.00Paid`,
      `3${a.username}2.00%RM 2.00Paid`,
    ]);
    expect(await axeViolations(page)).toEqual([]);

    // Saving decides who is paid: a fresh proof first, then the call goes again.
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await answerStepUp(page, ADMIN.password);
    await expect(page.getByText("Commission plan saved.")).toBeVisible();
    await expect(page.getByTestId("default-plan-note")).toHaveCount(0);
    const saved = await json<CommissionPlan>(page.request, "commissionPlan");
    expect(saved.default).toBe(false);
    expect(saved.hold_days).toBe(0);
    // Each level one rate, named for every tier.
    expect(
      saved.levels.map((l) => [
        l.level,
        Object.keys(l.rates).length,
        [...new Set(Object.values(l.rates).map(Number))],
      ]),
    ).toEqual([
      [1, tiers.length, [10]],
      [2, tiers.length, [5]],
      [3, tiers.length, [2]],
    ]);

    // Read again, the form shows the plan as stored.
    await page.reload();
    await expect(
      page.getByLabel(`Level 3: ${tiers[0]?.membership} rate %`, { exact: true }),
    ).toHaveValue(/^2(\.0+)?$/);
  });

  test("completing D's order holds RM 10.00 for C and RM 5.00 for B on their statements", async () => {
    const form = new OrderFormPage(page);
    await form.goto(order.orders_id);
    await form.loaded();
    await form.saveStatus("6. complete", "MY-COMM-0001");

    const wallet = new WalletStatementPage(page);
    await wallet.open(c.user_id);
    await expect(page.getByTestId("balance-held")).toHaveText("RM 10.00");
    await expect(page.getByTestId("balance-cash_wallet")).toHaveText("RM 0.00");
    await wallet.bodyRows().first().getByText("Commission held").waitFor();
    expect((await wallet.firstLine()).slice(1, 6)).toEqual([
      "Held commission",
      "Commission held\nLevel 1",
      "+RM 10.00",
      "RM 10.00",
      `Order #${order.orders_id}`,
    ]);

    // From the wallet to the commission statement of the newest period.
    await page.getByRole("link", { name: "Commission Statement", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/commissionStatement");
    const [opened] = await json<CommissionPeriod[]>(page.request, "commissionPeriods");
    if (!opened) throw new Error("no period opened with the completion");
    period = opened;
    expect(period.status).toBe("open");
    const totals = page.getByTestId("statement-totals");
    await expect(totals).toContainText("HeldRM 10.00");
    await expect(totals).toContainText("ReleasedRM 0.00");
    const lines = page.getByRole("table", { name: "Commission lines" }).locator("tbody tr");
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(
      new RegExp(`Order #${order.orders_id}.*${d.username}110\\.00%RM 100\\.00RM 10\\.00Held$`),
    );

    await page.goto(`/commissionStatement?uid=${b.user_id}&period=${period.period_id}`);
    await expect(
      page.getByRole("heading", { name: new RegExp(`^${b.username} · `) }),
    ).toBeVisible();
    await expect(totals).toContainText("HeldRM 5.00");
    await expect(lines.first()).toContainText(/25\.00%RM 100\.00RM 5\.00Held$/);

    // The buyer's PV is held too, until the same release.
    await wallet.open(d.user_id);
    await expect(page.getByTestId("balance-held_pv")).toHaveText("1.00 PV");
    await expect(page.getByTestId("balance-pv")).toHaveText("0.00 PV");
  });

  test("/commissionPeriods: Calculate, a first approval, a second person's after their password, Release", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.goto("/commissionPeriods");
    const row = periodRow(page);
    const name = periodName(period);
    await row.getByRole("button", { name: `Calculate ${name}`, exact: true }).click();
    await expect(page.getByText(`${name} calculated.`)).toBeVisible({ timeout: 30_000 });
    await expect(row.locator(".badge")).toHaveText("Calculated");
    period = await json<CommissionPeriod>(page.request, `commissionPeriods/${period.period_id}`);
    // Members paid money: C, B and A (D's held PV is released too, but pays no money).
    expect([period.orders, period.members, period.total]).toEqual([1, 3, "17.00"]);
    await expect(row).toContainText("RM 17.00");
    expect(await axeViolations(page)).toEqual([]);

    // Above RM 15.00: the admin's approval is the first of two.
    await row.getByRole("button", { name: `Approve ${name}`, exact: true }).click();
    let confirm = page.getByRole("dialog", { name: "Approve period" });
    await expect(confirm).toContainText(`Approve ${name}: RM 17.00 to 3 members?`);
    await confirm.getByRole("button", { name: "Approve", exact: true }).click();
    await doneAfterProofIfAsked(
      page,
      page.getByText("First approval recorded; a second administrator must approve."),
      ADMIN.password,
    );
    await expect(row.locator(".badge")).toHaveText("Awaiting second approval");
    await expect(row).toContainText("First approved by admin");
    // The first approver is not offered a second Approve (it would be refused).
    await expect(row.getByRole("button", { name: /^Approve / })).toHaveCount(0);
    await expect(row).toContainText("Another person approves");

    // The second person (made in beforeAll), in a browser of their own.
    const context = await newStoreContext(browser, server.baseURL);
    contexts.push(context);
    const two = await context.newPage();
    await loginThroughForm(two, second);
    await two.goto("/commissionPeriods");
    const theirs = periodRow(two);
    await expect(theirs.locator(".badge")).toHaveText("Awaiting second approval");
    await theirs.getByRole("button", { name: /^Approve / }).click();
    confirm = two.getByRole("dialog", { name: "Approve period" });
    await confirm.getByRole("button", { name: "Approve", exact: true }).click();
    // Signed in just now, without a proof: the approval asks for the password.
    await answerStepUp(two, second.password);
    await expect(two.getByText(`${name} approved.`)).toBeVisible();
    await expect(theirs.locator(".badge")).toHaveText("Approved");
    await expect(theirs).toContainText(second.username);

    await page.reload();
    await expect(row.locator(".badge")).toHaveText("Approved");
    await row.getByRole("button", { name: `Release ${name}`, exact: true }).click();
    const release = page.getByRole("dialog", { name: "Release period" });
    await expect(release).toContainText(`Release ${name}? RM 17.00 held for 3 members`);
    await release.getByRole("button", { name: "Release", exact: true }).click();
    await expect(
      page.getByText(`${name} released: its held commissions and PV are paid in.`),
    ).toBeVisible({ timeout: 30_000 });
    await expect(row.locator(".badge")).toHaveText("Released");
    await expect(row).toContainText("No action");
    period = await json<CommissionPeriod>(page.request, `commissionPeriods/${period.period_id}`);
    expect(period.status).toBe("released");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("released: C's statement says RM 10.00 released, the cash wallet has it, the PDF downloads", async () => {
    await page.goto(`/commissionStatement?uid=${c.user_id}&period=${period.period_id}`);
    const totals = page.getByTestId("statement-totals");
    await expect(totals).toContainText("ReleasedRM 10.00");
    await expect(totals).toContainText("HeldRM 0.00");
    await expect(
      page.getByRole("table", { name: "Commission lines" }).locator("tbody tr").first(),
    ).toContainText(/RM 10\.00Released$/);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download PDF" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`statement-${c.username}-${period.starts_on}.pdf`);
    expect(period.starts_on).toMatch(/^\d{4}-\d{2}-01$/);
    const pdf = fs.readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    await page.getByRole("link", { name: "Wallet Statement", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/walletStatement");
    await expect(page.getByTestId("balance-cash_wallet")).toHaveText("RM 10.00");
    await expect(page.getByTestId("balance-held")).toHaveText("RM 0.00");
    const wallet = new WalletStatementPage(page);
    await wallet.bodyRows().first().getByText("Commission release").waitFor();
    // The release moves held to cash: two entries, both pointing to the period.
    const top = [await wallet.firstLine(), await wallet.cellTexts(wallet.bodyRows().nth(1))];
    expect(top.map((l) => [l[1], l[3], l[5]]).sort()).toEqual(
      [
        ["Cash wallet", "+RM 10.00", `Commission period #${period.period_id}`],
        ["Held commission", "-RM 10.00", `Commission period #${period.period_id}`],
      ].sort(),
    );

    // The buyer's held PV went to their PV with the same release.
    await wallet.open(d.user_id);
    await expect(page.getByTestId("balance-pv")).toHaveText("1.00 PV");
    await expect(page.getByTestId("balance-held_pv")).toHaveText("0.00 PV");
  });
});
