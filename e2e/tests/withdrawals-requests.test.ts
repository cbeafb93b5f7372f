import type { WithdrawRequest } from "@store/contract";
import { describe, expect, it } from "vitest";
import { text } from "../pages/UserPages";
import { WithdrawRequestPage } from "../pages/WithdrawRequestPage";
import { useBrowser } from "../support/browser";

/** Cents of an exact decimal string, for comparing amounts without floats. */
const cents = (value: string) => {
  const [whole = "0", frac = ""] = value.split(".");
  return BigInt(whole) * 100n + BigInt(`${frac}00`.slice(0, 2));
};

// There is no call that creates a withdrawal request: these tests decide the
// demo store's open requests (the demo seed always leaves some processing).
describe("withdraw requests", () => {
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

  it("lists the columns of docs/REQUIREMENTS.md section 2, colours each status and offers Approve and Reject only on processing rows", async () => {
    const page = new WithdrawRequestPage(s.page);
    await page.goto();
    expect(await page.headerTexts()).toEqual([
      "#",
      "Username",
      "Full Name",
      "E-mail",
      "Phone",
      "Bank Account",
      "Bank Name",
      "Withdraw Amount",
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
      const badges = page.bodyRows().locator(".badge");
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
          // A completed request can be reversed once (docs/DECISIONS.md, "The wallet ledger").
          expect(["Reverse", "Reversed"]).toContain(await text(cell));
        } else {
          expect(await text(cell)).toBe("No action");
        }
      }
    }
  });

  it("approves after the Approve Alert, takes the amount from the cash wallet and refreshes the row", async () => {
    const page = new WithdrawRequestPage(s.page);
    await page.goto();
    const request = await openRequest(page, (r) => cents(r.c_wallet_amt) >= cents(r.withdraw_amt));
    const row = await page.findRequest(request);
    const amount = (await page.cellTexts(row))[7];
    expect(amount).toMatch(/^RM [\d,]+\.\d{2}$/);

    let dialog = await page.ask(row, "Approve");
    expect(await text(dialog.getByRole("heading"))).toBe("Approve Alert");
    // The question of docs/REQUIREMENTS.md section 5, then the cash wallet now and after approval.
    expect(await text(dialog.locator(".modal-body"))).toMatch(
      new RegExp(`^Are you sure you want to approve withdrawal of \\[${request.username}\\]\\?`),
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await text(row.locator(".badge"))).toBe("Processing");

    dialog = await page.ask(row, "Approve");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => text(row.locator(".badge"))).toBe("Completed");
    const cells = await page.cellTexts(row);
    expect(cells[10]).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(cells[11]).toBe("-");
    expect(cells[12]).toBe("Reverse");
    const after = (await page.apiRequests()).find((r) => r.withdraw_id === request.withdraw_id);
    expect(cents(after?.c_wallet_amt ?? "0")).toBe(
      cents(request.c_wallet_amt) - cents(request.withdraw_amt),
    );
  });

  it("rejects after the Reject Alert and refreshes the row", async () => {
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
    await expect.poll(() => text(row.locator(".badge"))).toBe("Rejected");
    const cells = await page.cellTexts(row);
    expect(cells[10]).toBe("-");
    expect(cells[11]).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(cells[12]).toBe("No action");
    const after = (await page.apiRequests()).find((r) => r.withdraw_id === request.withdraw_id);
    expect(after?.c_wallet_amt).toBe(request.c_wallet_amt);
  });

  it("a request decided elsewhere meanwhile: the admin is told, and the list shows its new state", async () => {
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
    await expect.poll(() => text(row.locator(".badge"))).toBe("Rejected");
  });
});
