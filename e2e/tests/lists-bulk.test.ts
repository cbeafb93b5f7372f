import type { WithdrawRequest } from "@store/contract";
import { ListPattern } from "../pages/ListPattern";
import { expect, test, useBrowser } from "../support/browser";

/** Cents of an exact decimal string, for comparing amounts without floats. */
const cents = (value: string) => {
  const [whole = "0", frac = ""] = value.split(".");
  return BigInt(whole) * 100n + BigInt(`${frac}00`.slice(0, 2));
};

test.describe("lists: bulk actions", () => {
  const s = useBrowser();

  test("approves several withdrawals at once; one decided meanwhile is listed as failed", async () => {
    const view = "withdraw_status=processing&_page=1&_limit=100";
    const response = await s.page.request.get(`/api/withdrawRequest?${view}`);
    const shown = (await response.json()) as WithdrawRequest[];
    // Three payees shown once each, whose cash wallet holds the amount.
    const once = (r: WithdrawRequest) =>
      shown.filter((o) => o.username === r.username).length === 1;
    const chosen = shown
      .filter((r) => once(r) && cents(r.c_wallet_amt) >= cents(r.withdraw_amt))
      .slice(0, 3);
    expect(chosen.length).toBe(3);
    const [first, second, third] = chosen as [WithdrawRequest, WithdrawRequest, WithdrawRequest];

    const list = new ListPattern(s.page);
    await s.page.goto("/withdrawRequest?withdraw_status=processing&size=100");
    const name = (r: WithdrawRequest) => `withdrawal of [${r.username}]`;
    await s.page.getByRole("checkbox", { name: `Select ${name(first)}` }).waitFor();
    for (const r of chosen) await list.tick(name(r));
    expect(await list.bulkBar().innerText()).toContain("3 selected");

    await list.bulkBar().getByRole("button", { name: "Approve", exact: true }).click();
    const dialog = list.dialog();
    await dialog.waitFor();
    expect((await dialog.getByRole("heading").innerText()).trim()).toBe("Approve Alert");
    expect((await dialog.locator(".modal-body p").first().innerText()).trim()).toBe(
      "Are you sure you want to approve 3 withdrawal requests?",
    );
    // Who is paid, before Confirm (docs/decisions/money-named-before-consent.md).
    expect(
      await dialog.getByRole("table").locator("tbody tr td:first-child").allInnerTexts(),
    ).toEqual(chosen.map((r) => r.username));
    // Another admin rejects one while this dialog is open.
    const other = await s.page.request.put(`/api/withdrawRequest/${second.withdraw_id}`, {
      data: { withdraw_id: second.withdraw_id, withdraw_status: "rejected" },
    });
    expect(other.status()).toBe(200);
    await dialog.getByRole("button", { name: "Confirm" }).click();

    const result = await list.result();
    expect(result.title).toBe("Approve Result");
    expect(result.summary).toBe("2 of 3 succeeded.");
    // Each row went with the version the list showed: the one changed meanwhile is stale (412).
    expect(result.failures).toEqual([
      `${name(second)} was changed by someone else; the list now shows it as it is.`,
    ]);

    // The list refreshed: none of the three is processing any more.
    for (const r of chosen) {
      await s.page
        .getByRole("checkbox", { name: `Select ${name(r)}` })
        .waitFor({ state: "detached" });
    }
    const after = async (r: WithdrawRequest) => {
      const res = await s.page.request.get(
        `/api/withdrawRequest?q=${encodeURIComponent(r.bank_acc)}`,
      );
      return ((await res.json()) as WithdrawRequest[]).find((o) => o.withdraw_id === r.withdraw_id);
    };
    expect((await after(first))?.withdraw_status).toBe("completed");
    expect((await after(third))?.withdraw_status).toBe("completed");
    expect((await after(second))?.withdraw_status).toBe("rejected");
    expect(cents((await after(first))?.c_wallet_amt ?? "0")).toBe(
      cents(first.c_wallet_amt) - cents(first.withdraw_amt),
    );
    expect(await list.bulkBar().count()).toBe(0);
  });

  test("deactivates every brand a search matches, past the page, after saying how many", async () => {
    const tag = `Bulk${Date.now().toString(36)}`;
    for (let i = 1; i <= 12; i++) {
      const res = await s.page.request.post("/api/brands", {
        data: { brand_name: `${tag} ${String(i).padStart(2, "0")}`, brand_status: 1 },
      });
      expect(res.status()).toBe(201);
    }
    const list = new ListPattern(s.page);
    await s.page.goto(`/brands?q=${tag}`);
    await s.page.getByText("of 12 entries").waitFor();
    await s.page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await list.bulkBar().getByRole("button", { name: "Select all 12 matching" }).click();
    expect(await list.bulkBar().innerText()).toContain("All 12 matching brands selected");
    const question = await list.runBulk("Deactivate");
    expect(question).toBe("Are you sure you want to deactivate all 12 matching brands?");
    const result = await list.result();
    expect(result.summary).toBe("12 of 12 succeeded.");
    expect(result.failures).toEqual([]);
    await expect
      .poll(async () => new Set(await list.columnTexts("Status")))
      .toEqual(new Set(["Inactive"]));
    const res = await s.page.request.get(`/api/brands?q=${tag}&brand_status=0`);
    expect(res.headers()["x-total-count"]).toBe("12");
  });
});
