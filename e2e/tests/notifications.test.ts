import type { BrowserContext, Page } from "@playwright/test";
import type { Notification, User } from "@store/contract";
import { ADMIN, expect, loginThroughForm, newStoreContext, test } from "../support/browser";
import { OwnServer } from "../support/ownServer";

const tag = `nt${Date.now().toString(36)}`;

/** The bell's items: each kind's title and count as the admin reads them. */
async function bellItems(page: Page): Promise<string[]> {
  const bell = page.getByRole("button", { name: /^Notifications/ });
  if ((await bell.getAttribute("aria-expanded")) !== "true") await bell.click();
  const menu = page.locator(".dropdown-menu.show");
  await menu.waitFor();
  const items = await menu.locator(".dropdown-item, .dropdown-item-text").allTextContents();
  await page.keyboard.press("Escape");
  return items.map((t) => t.replace(/\s+/g, " ").trim());
}

// A store of its own: a withdrawal request can only be made in the database
// (no call creates one), and the counts are exact on a store with nothing else waiting.
test.describe("notifications in the top bar", () => {
  const server = OwnServer.empty();
  let context: BrowserContext | undefined;
  let page: Page;
  let customer: User;

  test.beforeAll(async ({ browser }) => {
    // A store of its own to start (and fill) first.
    test.setTimeout(180_000);
    await server.start();
    context = await newStoreContext(browser, server.baseURL);
    page = await context.newPage();
    await loginThroughForm(page);
    const response = await page.request.post("/api/users", {
      data: {
        username: `${tag}payee`,
        email: `${tag}@payee.my`,
        f_name: "Aisyah",
        l_name: "Omar",
        contact: "0123456789",
        password: "Secret#123",
        gender: "Female",
        role: "Member",
        languages: "English",
        currency: "MYR",
        user_status: 1,
      },
    });
    if (!response.ok()) throw new Error(`create user: ${await response.text()}`);
    customer = (await response.json()) as User;
  });

  test.afterAll(async () => {
    await context?.close();
    await server.remove();
  });

  test("shows no withdrawal waiting on a store without requests", async () => {
    await page.goto("/admin");
    expect((await bellItems(page)).join("|")).not.toContain("Withdrawal requests processing");
  });

  test("counts a new processing withdrawal, links to it, and drops it once rejected", async () => {
    // With it, for the next test, a credit adjustment awaiting a second person,
    // asked by someone since removed: one restart of this store for both.
    await server.sql(`
      with request as (
        insert into withdraw_requests (user_id, payee_username, bank_acc, bank_name, withdraw_amt)
        values (${customer.user_id}, '${customer.username}', '${tag}-acc', 'Maybank', 25.00))
      insert into adjustment_requests (user_id, account, amount, note)
      values (${customer.user_id}, 'wallet', 900.00, '${tag} bonus');
    `);
    const answered = (await (
      await page.request.get("/api/notifications")
    ).json()) as Notification[];
    const withdrawals = answered.find((n) => n.kind === "withdrawals_processing");
    expect(withdrawals?.count).toBe(1);

    await page.goto("/admin");
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await expect(bell).toHaveAttribute("aria-label", /^Notifications: \d+$/);
    expect(await bellItems(page)).toContain("Withdrawal requests processing 1");

    // The count's link opens the list filtered to what it counts.
    await bell.click();
    await page.getByRole("link", { name: /Withdrawal requests processing/ }).click();
    await page.waitForURL((url) => url.pathname === "/withdrawRequest");
    expect(new URL(page.url()).searchParams.get("withdraw_status")).toBe("processing");
    const row = page.locator("tbody tr", { hasText: `${tag}-acc` });
    await row.waitFor();

    // A write refreshes the counts at once, no reload.
    await row.getByRole("button", { name: `Reject ${customer.username}` }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "detached" });
    await expect
      .poll(async () => (await bellItems(page)).join("|"))
      .not.toContain("Withdrawal requests processing");
  });

  test("counts a credit adjustment awaiting approval, links to whose wallet it is, and drops it once approved", async () => {
    await page.goto("/admin");
    const title = "Credit adjustments awaiting your approval";
    expect(await bellItems(page)).toContain(`${title} 1`);
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await page.getByRole("link", { name: new RegExp(title) }).click();
    await page.waitForURL((url) => url.pathname === "/userWallets");
    expect(new URL(page.url()).searchParams.get("awaiting_adjustment")).toBe("1");
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(customer.username);

    await rows.first().getByRole("link", { name: "Statement" }).click();
    const pending = page.getByRole("region", { name: "Adjustments awaiting a second approval" });
    await expect(pending).toContainText(`${tag} bonus`);
    await pending.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    // Approving posts money: a fresh proof first, then the call is sent again.
    const stepUp = page.getByRole("dialog", { name: "Confirm it is you" });
    await stepUp.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await stepUp.getByRole("button", { name: "Confirm", exact: true }).click();
    await page.getByText("The adjustment of RM 900.00 was approved and posted.").waitFor();
    await expect.poll(async () => (await bellItems(page)).join("|")).not.toContain(title);
  });

  test("asks for the counts again every minute", async () => {
    // Counted in the page, as its timers send them: no sleep to wait for one that is not sent.
    await page.addInitScript(() => {
      const counted = window as unknown as { notificationCalls: number };
      counted.notificationCalls = 0;
      const send = window.fetch.bind(window);
      window.fetch = (input, init) => {
        const url = input instanceof Request ? input.url : String(input);
        if (new URL(url, location.href).pathname === "/api/notifications")
          counted.notificationCalls++;
        return send(input, init);
      };
    });
    const asked = () =>
      page.evaluate(() => (window as unknown as { notificationCalls: number }).notificationCalls);
    await page.clock.install();
    await page.goto("/admin");
    // The first load settled (the language and the session check may ask once more).
    await page.waitForLoadState("networkidle");
    const before = await asked();
    expect(before).toBeGreaterThan(0);
    await page.clock.runFor("00:30");
    expect(await asked()).toBe(before);
    await page.clock.runFor("00:31");
    await expect.poll(asked).toBeGreaterThan(before);
  });
});
