import fs from "node:fs";
import type { Page } from "@playwright/test";
import type { WithdrawRequest } from "@store/contract";
import { WalletStatementPage } from "../pages/LedgerPages";
import { WithdrawRequestPage } from "../pages/WithdrawRequestPage";
import { axeViolations } from "../support/axe";
import { ADMIN, expect, test, useBrowser } from "../support/browser";

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

/** Verifies a member on their Edit User screen: NRIC, TIN, holder, Verified; the password if asked. */
async function verifyMember(page: Page, userId: number, holder: string) {
  await page.goto(`/editUser?uid=${userId}`);
  const kyc = page.getByRole("form", { name: "Edit KYC" });
  // A real date (1 January 1990) and place (14, Kuala Lumpur); the last four this member's.
  await kyc
    .getByLabel("NRIC", { exact: true })
    .fill(`900101-14-${String(userId % 10_000).padStart(4, "0")}`);
  await kyc.getByLabel("Tax ID (TIN)").fill(`IG${String(userId).padStart(11, "0")}`);
  await kyc.getByLabel("Bank Account Holder").fill(holder);
  await kyc.getByLabel("Status").selectOption("verified");
  await kyc.getByRole("button", { name: "Save KYC" }).click();
  // Verifying loosens a money control: the password is asked unless given in the last minutes.
  const proof = page.getByRole("dialog", { name: "Confirm it is you" });
  const saved = page.getByText("KYC saved.");
  await saved.or(proof).first().waitFor();
  if (await proof.isVisible()) {
    await proof.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await proof.getByRole("button", { name: "Confirm", exact: true }).click();
  }
  await expect(saved).toBeVisible();
  // The summary says who verified it: the administrator, now.
  await expect(page.getByRole("region", { name: "KYC" }).locator("dl")).toContainText(
    "Verified by admin on",
  );
  expect(await axeViolations(page)).toEqual([]);
}

/**
 * Issue 39's payout run as a store admin does it (docs/decisions/payout-batches.md):
 * a member verified, two approved requests ticked into a batch, released, its bank file
 * downloaded, the bank's answer imported with one failure, and the refund on
 * the member's wallet statement.
 */
test.describe("a payout batch from the withdrawal requests to the bank and back", () => {
  const s = useBrowser();

  test("batch two approved requests, release, download the file, import an answer with a failure, see the refund", async () => {
    const list = new WithdrawRequestPage(s.page);
    // Two open requests of two members whose cash wallets hold them, approved
    // (the approval screens have tests of their own).
    const open = (await list.apiRequests()).filter(
      (r) =>
        r.withdraw_status === "processing" &&
        r.first_approved_by === null &&
        cents(r.c_wallet_amt) >= cents(r.withdraw_amt),
    );
    // The first of them verified on their Edit User screen (docs/decisions/kyc.md),
    // as a store does before it turns the KYC rule on.
    // A member whose KYC is pending or was refused (staff hold no KYC: none).
    const first = open.find((r) => r.kyc_status === "pending" || r.kyc_status === "rejected");
    if (!first?.user_id) throw new Error("no open request of a member awaiting verification");
    await verifyMember(s.page, first.user_id, `${first.f_name} ${first.l_name}`);
    const approved: WithdrawRequest[] = [];
    for (const r of [first, ...open.filter((o) => o !== first)]) {
      if (approved.some((a) => a.user_id === r.user_id)) continue;
      const res = await s.page.request.put(`/api/withdrawRequest/${r.withdraw_id}`, {
        data: { withdraw_status: "completed" },
      });
      if (res.status() === 200) approved.push((await res.json()) as WithdrawRequest);
      if (approved.length === 2) break;
    }
    expect(approved).toHaveLength(2);
    const [paid, failed] = approved as [WithdrawRequest, WithdrawRequest];
    const total = cents(paid.withdraw_amt) + cents(failed.withdraw_amt);

    // Ticked on the list, added to a new batch, which opens.
    // The requests a batch can take, latest approvals first: these two lead the list
    // (this worker's other files run before or after this one, never during it).
    await s.page.goto(
      "/withdrawRequest?withdraw_status=completed&in_payout_batch=0&sort=cashOut_at&order=desc",
    );
    for (const r of approved) {
      await s.page
        .getByRole("checkbox", { name: `Select withdrawal of [${r.username}]`, exact: true })
        .check();
    }
    await s.page
      .getByRole("toolbar", { name: "Bulk actions" })
      .getByRole("button", { name: "Add to payout batch", exact: true })
      .click();
    const ask = s.page.getByRole("dialog");
    await expect(ask).toContainText("Put the 2 ticked requests into a new payout batch?");
    await ask.getByRole("button", { name: "Create batch" }).click();
    await s.page.waitForURL(/\/payoutBatch\?id=\d+$/);
    const lines = s.page.getByRole("table", { name: "Batch lines" });
    await expect(lines.locator("tbody tr")).toHaveCount(2);
    await expect(s.page.getByTestId("batch-summary")).toContainText(money(total));
    expect(await axeViolations(s.page)).toEqual([]);

    // Released by one person (the demo store has no second-approval amount).
    await s.page.getByRole("button", { name: "Release", exact: true }).click();
    const release = s.page.getByRole("dialog");
    await expect(release).toContainText(`${money(total)} to 2 payees`);
    expect(await axeViolations(s.page, ".modal")).toEqual([]);
    await release.getByRole("button", { name: "Release", exact: true }).click();
    await expect(s.page.getByText("Released: the file may go to the bank.")).toBeVisible();

    // The generic CSV: one row per payee, summing to the batch.
    await s.page.getByLabel("Bank file format").selectOption("generic_csv");
    const [download] = await Promise.all([
      s.page.waitForEvent("download"),
      s.page.getByRole("button", { name: "Download file" }).click(),
    ]);
    const file = fs.readFileSync((await download.path()) ?? "", "utf8");
    const rows = file.trim().split("\r\n");
    expect(rows[0]?.split(",").slice(0, 1)).toEqual(["Reference"]);
    expect(rows.slice(1)).toHaveLength(2);
    const sum = rows.slice(1).reduce((acc, row) => acc + cents(row.split(",").at(-3) ?? "0"), 0n);
    expect(sum).toBe(total);
    await expect(s.page.getByRole("table", { name: "Bank files kept" })).toContainText(
      "Generic CSV",
    );

    // The bank's answer: one paid, one failed with its reason.
    const answer = [
      "Payment Reference,Status,Rejection Reason",
      `WR${paid.withdraw_id},Successful,`,
      `WR${failed.withdraw_id},Rejected,Account closed`,
    ].join("\r\n");
    await s.page.getByLabel("Bank's answer (CSV or xlsx)").setInputFiles({
      name: "answer.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(answer),
    });
    await s.page.getByRole("button", { name: "Import bank result" }).click();
    await expect(s.page.getByTestId("import-result")).toContainText(
      `Paid: 1. Failed: 1. Put back in cash wallets: ${money(cents(failed.withdraw_amt))}.`,
    );
    await expect(lines).toContainText("Account closed");
    await expect(lines).toContainText("Refunded to the cash wallet");
    await expect(s.page.getByText("Reconciled", { exact: true })).toBeVisible();
    expect(await axeViolations(s.page)).toEqual([]);

    // The refund on the member's statement, and the request says why.
    const statement = new WalletStatementPage(s.page);
    await statement.open(failed.user_id ?? 0);
    await expect(statement.table()).toContainText("Payout failed at the bank");
    await s.page.goto(`/withdrawRequest?withdraw_id=${failed.withdraw_id}`);
    await expect(s.page.getByText("Failed at the bank: Account closed")).toBeVisible();
  });
});
