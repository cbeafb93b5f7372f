import { ADMIN, expect, test } from "../support/browser";
import { suiteStores } from "../support/stores";

/**
 * Run after every other browser test (playwright.config.ts: the project "after
 * the suite"): whatever the suite did to the demo store through the screens,
 * every balance still equals the sum of its ledger entries
 * (docs/decisions/wallet-ledger.md), on every worker's copy of the store.
 */
test.describe("the wallet ledger after the whole browser suite", () => {
  test("reconciles every member's wallet, cash wallet and PV with no mismatch, on every store", async () => {
    const stores = suiteStores();
    expect(stores.length).toBeGreaterThan(0);
    for (const [i, { baseURL }] of stores.entries()) {
      await test.step(`store ${i + 1} of ${stores.length}`, async () => {
        const login = await fetch(`${baseURL}/api/login`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: baseURL },
          body: JSON.stringify(ADMIN),
        });
        expect(login.status).toBe(200);
        const cookie = login.headers.get("set-cookie")?.split(";")[0] ?? "";
        const answer = await fetch(`${baseURL}/api/walletLedger/reconcile`, {
          headers: { cookie },
        });
        expect(answer.status).toBe(200);
        const report = (await answer.json()) as {
          wallets_checked: number;
          mismatches: unknown[];
        };
        expect(report.wallets_checked).toBeGreaterThan(300);
        expect(report.mismatches).toEqual([]);
      });
    }
  });
});
