import type { Request } from "@playwright/test";
import type { WithdrawRequest } from "@store/contract";
import { text } from "../pages/UserPages";
import { WithdrawRequestPage } from "../pages/WithdrawRequestPage";
import { expect, test, useBrowser } from "../support/browser";

/** Cents of an exact decimal string, for comparing amounts without floats. */
const cents = (value: string) => {
  const [whole = "0", frac = ""] = value.split(".");
  return BigInt(whole) * 100n + BigInt(`${frac}00`.slice(0, 2));
};

/** "RM 1,234.50" from cents, as the screens show money (en). */
const money = (sen: bigint) => {
  const whole = (sen / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `RM ${whole}.${(sen % 100n).toString().padStart(2, "0")}`;
};

// There is no call that creates a withdrawal request: these tests decide the
// demo store's open requests (the demo seed always leaves some processing).
test.describe("withdraw requests", () => {
  const s = useBrowser();
  const used = new Set<number>();

  async function openRequest(
    page: WithdrawRequestPage,
    fits: (r: WithdrawRequest) => boolean,
  ): Promise<WithdrawRequest> {
    const all = await page.apiRequests();
    const candidates = all.filter(
      (r) =>
        r.withdraw_status === "processing" &&
        !used.has(r.withdraw_id) &&
        fits(r) &&
        all.filter((o) => o.bank_acc === r.bank_acc).length === 1,
    );
    const found = candidates[0];
    if (!found) throw new Error("The demo store has no suitable processing request left.");
    used.add(found.withdraw_id);
    return found;
  }

  test("lists the columns of docs/REQUIREMENTS.md section 2, colours each status and offers Approve and Reject only on processing rows", async () => {
    const page = new WithdrawRequestPage(s.page);
    await page.goto();
    // Every column, in the spec's order, once chosen (the default set leaves some out).
    await page.showColumns();
    expect(await page.headerTexts()).toEqual([
      "#",
      "Username",
      "Full Name",
      "E-mail",
      "Phone",
      "Bank Account",
      "Bank Name",
      // Issue 39: the member's KYC status.
      "KYC",
      "Withdraw Amount",
      // Issue 39: s.107D, what was withheld and what the bank is sent.
      "Tax Withheld",
      "Net Amount",
      "Status",
      "Request Date",
      "Cash Out Date",
      "Rejected Date",
      "Actions",
    ]);
    const colours = { Processing: "bg-primary", Completed: "bg-success", Rejected: "bg-danger" };
    for (const [status, colour] of Object.entries(colours)) {
      // The search covers the status, so each state can be looked at alone.
      await page.search().fill(status.toLowerCase());
      // The Status column's badges (the KYC column has badges of its own).
      const badges = page.bodyRows().locator("td.col-status .badge");
      await expect
        .poll(async () => new Set(await badges.allTextContents()))
        .toEqual(new Set([status]));
      for (const badge of await badges.all())
        expect(await badge.getAttribute("class")).toContain(colour);
      const actions = await page.bodyRows().locator("td:last-child").all();
      expect(actions.length).toBeGreaterThan(0);
      for (const cell of actions) {
        if (status === "Processing") {
          expect(await cell.getByRole("button").allTextContents()).toEqual(["Approve", "Reject"]);
        } else if (status === "Completed") {
          // A completed request can be reversed once (docs/decisions/wallet-ledger.md).
          expect(["Reverse", "Reversed"]).toContain(await text(cell));
        } else {
          expect(await text(cell)).toBe("No action");
        }
      }
    }
  });

  test("approves after the Approve Alert, takes the amount from the cash wallet and refreshes the row", async () => {
    const page = new WithdrawRequestPage(s.page);
    await page.goto();
    const request = await openRequest(page, (r) => cents(r.c_wallet_amt) >= cents(r.withdraw_amt));
    const row = await page.findRequest(request);
    const amount = (await page.cellsByHeader(row))["Withdraw Amount"];
    expect(amount).toMatch(/^RM [\d,]+\.\d{2}$/);

    let dialog = await page.ask(row, "Approve");
    expect(await text(dialog.getByRole("heading"))).toBe("Approve Alert");
    // The question of docs/REQUIREMENTS.md section 5, then the cash wallet now and after approval.
    expect(await text(dialog.locator(".modal-body"))).toMatch(
      new RegExp(`^Are you sure you want to approve withdrawal of \\[${request.username}\\]\\?`),
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await text(row.locator("td.col-status .badge"))).toBe("Processing");

    dialog = await page.ask(row, "Approve");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect(row.locator("td.col-status .badge")).toHaveText("Completed");
    const cells = await page.cellsByHeader(row);
    expect(cells["Cash Out Date"]).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(cells["Rejected Date"]).toBe("-");
    expect(cells.Actions).toBe("Reverse");
    const after = (await page.apiRequests()).find((r) => r.withdraw_id === request.withdraw_id);
    expect(cents(after?.c_wallet_amt ?? "0")).toBe(
      cents(request.c_wallet_amt) - cents(request.withdraw_amt),
    );
  });

  test("a bulk approval names each request's payee and amount and their exact total before anything is sent; Cancel sends nothing", async () => {
    const all = await new WithdrawRequestPage(s.page).apiRequests();
    const processing = all.filter((r) => r.withdraw_status === "processing");
    // Two open requests of two payees, none first-approved (the suite's other files
    // decide some of the store's open requests before this one runs).
    const chosen: WithdrawRequest[] = [];
    for (const r of processing) {
      if (used.has(r.withdraw_id) || r.first_approved_by_username) continue;
      // A payee with one open request: the tick box names the payee.
      if (processing.filter((p) => p.username === r.username).length !== 1) continue;
      chosen.push(r);
      if (chosen.length === 2) break;
    }
    expect(chosen.length).toBe(2);
    const [first, second] = chosen as [WithdrawRequest, WithdrawRequest];
    const writes: string[] = [];
    const record = (r: Request) => {
      if (r.method() !== "GET" && r.url().includes("/api/")) writes.push(r.url());
    };
    s.page.on("request", record);
    await s.page.goto("/withdrawRequest?withdraw_status=processing&size=100");
    for (const r of chosen) {
      const box = s.page.getByRole("checkbox", {
        name: `Select withdrawal of [${r.username}]`,
        exact: true,
      });
      await box.check();
    }
    await s.page
      .getByRole("toolbar", { name: "Bulk actions" })
      .getByRole("button", { name: "Approve", exact: true })
      .click();
    const dialog = s.page.getByRole("dialog");
    await dialog.waitFor();
    expect(await text(dialog.locator(".modal-body p").first())).toBe(
      "Are you sure you want to approve 2 withdrawal requests?",
    );
    const table = dialog.getByRole("table", { name: "Withdrawal requests to approve" });
    const rows = await table.locator("tbody tr").all();
    const shown = await Promise.all(
      rows.map(async (row) => (await row.locator("td").allInnerTexts()).map((t) => t.trim())),
    );
    expect(shown).toEqual([
      [first.username, money(cents(first.withdraw_amt))],
      [second.username, money(cents(second.withdraw_amt))],
    ]);
    expect(await text(dialog.getByTestId("bulk-total"))).toBe(
      money(cents(first.withdraw_amt) + cents(second.withdraw_amt)),
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    s.page.off("request", record);
    expect(writes).toEqual([]);
    const after = await new WithdrawRequestPage(s.page).apiRequests();
    for (const r of chosen)
      expect(after.find((o) => o.withdraw_id === r.withdraw_id)?.withdraw_status).toBe(
        "processing",
      );
  });

  test("rejects after the Reject Alert and refreshes the row", async () => {
    const page = new WithdrawRequestPage(s.page);
    await page.goto();
    const request = await openRequest(page, () => true);
    const row = await page.findRequest(request);
    const dialog = await page.ask(row, "Reject");
    expect(await text(dialog.getByRole("heading"))).toBe("Reject Alert");
    expect(await text(dialog.locator(".modal-body"))).toBe(
      `Are you sure you want to reject withdrawal of [${request.username}]?`,
    );
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(row.locator("td.col-status .badge")).toHaveText("Rejected");
    const cells = await page.cellsByHeader(row);
    expect(cells["Cash Out Date"]).toBe("-");
    expect(cells["Rejected Date"]).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(cells.Actions).toBe("No action");
    const after = (await page.apiRequests()).find((r) => r.withdraw_id === request.withdraw_id);
    expect(after?.c_wallet_amt).toBe(request.c_wallet_amt);
  });

  test("a request decided elsewhere meanwhile: the admin is told, and the list shows its new state", async () => {
    const page = new WithdrawRequestPage(s.page);
    await page.goto();
    const request = await openRequest(page, () => true);
    const row = await page.findRequest(request);
    // Someone else rejects it while this screen still shows it as processing.
    const other = await s.page.request.put(`/api/withdrawRequest/${request.withdraw_id}`, {
      data: { withdraw_id: request.withdraw_id, withdraw_status: "rejected" },
    });
    expect(other.status()).toBe(200);
    const dialog = await page.ask(row, "Approve");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    // The approval carried the version the list showed (If-Match): refused as stale (412), named.
    await s.page
      .getByText(
        `withdrawal of [${request.username}] was changed by someone else; the list now shows it as it is.`,
      )
      .waitFor();
    await expect(row.locator("td.col-status .badge")).toHaveText("Rejected");
  });
});
