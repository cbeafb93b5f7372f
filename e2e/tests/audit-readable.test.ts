import type { Order, Settings, WithdrawRequest } from "@store/contract";
import { expect, test, useBrowser } from "../support/browser";
import { rejectWithdrawal, stepUp } from "../support/staff";

/** dd/mm/yyyy, hh:mm: a time as every screen writes it (en-GB). */
const SCREEN_TIME = /^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/;

/**
 * Issue 34 item 8: audit rows people can read. A withdrawal's first approval
 * names the approver and shows its time as the screens do; an order's status
 * reads by name in its History panel; the version and the bookkeeping fields
 * are not listed.
 */
test.describe("audit rows people can read", () => {
  const s = useBrowser();
  let before: Settings;
  /** The request this file leaves first-approved, rejected at the end. */
  let firstApproved: number | undefined;

  test.afterAll(async () => {
    if (!before) return;
    // Raising the amount back loosens a money control: a fresh step-up first.
    await stepUp(s.page.request);
    const now = (await (await s.page.request.get("/api/settings/1")).json()) as Settings;
    const restored = await s.page.request.put("/api/settings/1", {
      data: { ...now, payout_second_approval_above: before.payout_second_approval_above },
    });
    expect(restored.status(), await restored.text()).toBe(200);
    if (firstApproved !== undefined) await rejectWithdrawal(s.page.request, firstApproved);
  });

  test("a withdrawal's first approval reads the approver's name and its time; the version is hidden", async () => {
    const api = s.page.request;
    const requests = (await (
      await api.get("/api/withdrawRequest?withdraw_status=processing&_sort=withdraw_id&_order=desc")
    ).json()) as WithdrawRequest[];
    const request = requests.find(
      (r) => r.withdraw_status === "processing" && !r.first_approved_by,
    );
    if (!request) throw new Error("The demo store has no processing request left.");
    // Every approval above RM 0.01 takes two people.
    before = (await (await api.get("/api/settings/1")).json()) as Settings;
    const tightened = await api.put("/api/settings/1", {
      data: { ...before, payout_second_approval_above: "0.01" },
    });
    expect(tightened.status(), await tightened.text()).toBe(200);
    await stepUp(api);
    const first = await api.put(`/api/withdrawRequest/${request.withdraw_id}`, {
      data: { withdraw_status: "completed" },
      headers: { "If-Match": `"${request.version}"` },
    });
    expect(first.status(), await first.text()).toBe(202);
    firstApproved = request.withdraw_id;

    await s.page.goto(`/auditLog?entity=WithdrawRequest&entity_id=${request.withdraw_id}`);
    const latest = s.page.locator("table.data-table > tbody > tr").first();
    const cells = async (field: RegExp) =>
      (await latest.getByRole("row", { name: field }).getByRole("cell").allTextContents()).map(
        (text) => text.replace(/^(from|to) /, "").trim(),
      );
    await latest.getByRole("row", { name: /^First approved by/ }).waitFor();
    expect(await cells(/^First approved by/)).toEqual(["—", "admin"]);
    const [, at] = await cells(/^First approved at/);
    expect(at).toMatch(SCREEN_TIME);
    await expect(latest.getByRole("row", { name: /^Version/ })).toHaveCount(0);
  });

  test("an order's status reads by name in its History panel, its bookkeeping left out", async () => {
    const api = s.page.request;
    const [order] = (await (
      await api.get("/api/orders?order_status=1&_sort=orders_id&_order=desc&_limit=1")
    ).json()) as Order[];
    if (!order) throw new Error("The demo store has no pending order left.");
    const full = await api.get(`/api/orders/${order.orders_id}`);
    const paid = await api.put(`/api/orders/${order.orders_id}`, {
      data: { order_status: 2, tracking_number: order.tracking_number || "TRK-AUDIT-1" },
      headers: { "If-Match": full.headers().etag ?? "*" },
    });
    expect(paid.status(), await paid.text()).toBe(200);

    await s.page.goto(`/editOrder?oid=${order.orders_id}`);
    const latest = s.page.getByRole("region", { name: "History" }).getByRole("listitem").first();
    const status = latest.getByRole("row", { name: /^Order status/ });
    await status.waitFor();
    expect(
      (await status.getByRole("cell").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim()),
    ).toEqual(["from Pending", "to Paid"]);
    for (const hidden of [/^Version/, /^Stock taken/, /^Currency symbol/, /^User ID/]) {
      await expect(latest.getByRole("row", { name: hidden })).toHaveCount(0);
    }
  });
});
