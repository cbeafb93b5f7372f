import type { Page } from "@playwright/test";
import type { LedgerEntry, Membership, Order, User } from "@store/contract";
import { WalletStatementPage } from "../pages/LedgerPages";
import { OrderFormPage } from "../pages/OrderFormPage";
import { SettingsPage } from "../pages/SettingsPage";
import { ADMIN, expect, test, useBrowser } from "../support/browser";

/** A decimal as the screens show it in English: "1,234.50". */
const grouped = (amount: string) => {
  const [whole = "0", frac = ""] = amount.split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${`${frac}00`.slice(0, 2)}`;
};
const centsOf = (amount: string) => BigInt(amount.replace(".", ""));
/** Cents as the statement shows a credit: "+RM 12.34". */
const credit = (cents: bigint) =>
  `+RM ${grouped(`${cents / 100n}.${String(cents % 100n).padStart(2, "0")}`)}`;

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/${path}`);
  if (!response.ok()) throw new Error(`${path}: ${response.status()}`);
  return (await response.json()) as T;
}

/** The commission switch on the General tab, saved. */
async function setCommission(page: Page, on: boolean): Promise<void> {
  const settings = new SettingsPage(page);
  await settings.goto();
  const commission = page.getByLabel(/^Referral Commission/);
  await commission.setChecked(on);
  await settings.saveButton().click();
  // Switching it on loosens a money control: the step-up dialog asks for the
  // password unless a proof is fresh (docs/decisions/money-controls-step-up.md).
  const saved = settings.panel().getByRole("button", { name: "Saved" });
  const proof = page.getByRole("dialog", { name: "Confirm it is you" });
  await saved.or(proof).first().waitFor();
  if (await proof.isVisible()) {
    await proof.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await proof.getByRole("button", { name: "Confirm", exact: true }).click();
  }
  await saved.waitFor();
}

/**
 * An open order, never completed, whose buyer was referred by a member whose tier earns a
 * commission, with points to credit: what the money engine acts on.
 */
async function orderWithReferrer(page: Page) {
  const tiers = await api<Membership[]>(page, "memberships");
  const orders = await api<Order[]>(
    page,
    "orders?order_status=2&order_status=3&order_status=4&_sort=orders_id&_order=desc&_limit=100",
  );
  for (const order of orders) {
    if (order.user_id === null || Number(order.points_earned) <= 0) continue;
    // Never completed: an order completed once and set back (another file's
    // test) keeps what it was paid, so completing it again credits nothing.
    if ((await page.request.get(`/api/orders/${order.orders_id}/commission`)).ok()) continue;
    const buyer = await api<User>(page, `users/${order.user_id}`);
    if (buyer.referral_of === null) continue;
    const referrer = await api<User>(page, `users/${buyer.referral_of}`);
    const tier = tiers.find((t) => t.member_id === referrer.membership);
    if (tier && Number(tier.member_earning) > 0) return { order, buyer, referrer, tier };
  }
  throw new Error("the demo store has no open order of a referred buyer");
}

test.describe("PV and commission from an order, on the statements", () => {
  const s = useBrowser();

  test("completing an order credits the buyer's PV and the referrer's commission with links to it; a refund reverses both", async () => {
    const { order, buyer, referrer, tier } = await orderWithReferrer(s.page);
    // Half up to the sen, as docs/decisions/order-money-follows-status.md says.
    const hundredths = centsOf(order.total_price) * centsOf(tier.member_earning);
    const commission = (hundredths + 5_000n) / 10_000n;
    const statement = new WalletStatementPage(s.page);
    const form = new OrderFormPage(s.page);
    await setCommission(s.page, true);
    try {
      await form.goto(order.orders_id);
      await form.loaded();
      await form.saveStatus("6. complete", order.tracking_number || "TRK-LEDGER-1");

      await statement.open(buyer.user_id);
      await statement.bodyRows().first().getByText("PV from order").waitFor();
      const pvLine = await statement.firstLine();
      expect(pvLine.slice(1, 4)).toEqual([
        "PV",
        "PV from order",
        `+${grouped(order.points_earned)} PV`,
      ]);
      expect(pvLine[5]).toBe(`Order #${order.orders_id}`);
      await statement
        .bodyRows()
        .first()
        .getByRole("link", { name: `Order #${order.orders_id}` })
        .click();
      await s.page.waitForURL(`**/editOrder?oid=${order.orders_id}`);

      await statement.open(referrer.user_id);
      await statement.bodyRows().first().getByText("Commission").waitFor();
      const commissionLine = await statement.firstLine();
      expect(commissionLine.slice(1, 4)).toEqual(["Cash wallet", "Commission", credit(commission)]);
      expect(commissionLine[5]).toBe(`Order #${order.orders_id}`);

      await form.goto(order.orders_id);
      await form.loaded();
      await form.saveStatus("8. refund");
      await statement.open(referrer.user_id);
      await statement.bodyRows().first().getByText("Commission reversal").waitFor();
      expect((await statement.firstLine()).slice(2, 4)).toEqual([
        "Commission reversal",
        credit(commission).replace("+", "-"),
      ]);
      await statement.open(buyer.user_id);
      await statement.bodyRows().first().getByText("PV refund").waitFor();

      // Nothing twice: one credit and one reversal each, by the ledger.
      const entries = await api<LedgerEntry[]>(
        s.page,
        `walletLedger?user_id=${referrer.user_id}&account=cash_wallet&_limit=100`,
      );
      const forOrder = entries.filter(
        (e) => e.ref_type === "order" && e.ref_id === order.orders_id,
      );
      expect(forOrder.map((e) => e.reason).sort()).toEqual(["commission", "commission_reversal"]);
    } finally {
      await setCommission(s.page, false);
    }
  });
});
