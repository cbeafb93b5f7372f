import fs from "node:fs";
import { createRequire } from "node:module";
import type { BrowserContext, Page } from "@playwright/test";
import type { Brand, LedgerEntry, Order, Settings } from "@store/contract";
import { OrderFormPage } from "../pages/OrderFormPage";
import { SettingsPage } from "../pages/SettingsPage";
import { ADMIN, expect, loginThroughForm, test } from "../support/browser";
import { chooseTheme } from "../support/theme";

/**
 * Two administrators on the same record at once (optimistic concurrency,
 * issue 18): the one who saves second from a stale screen is refused (412),
 * keeps what they typed, is shown who changed what and when, and nothing the
 * first one did is undone — no PV paid twice, no switch flipped back.
 */
const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const PANEL = "Someone else changed this record";
const stamp = Date.now();
const ADMIN2 = {
  username: `admin2_${stamp}`,
  email: `admin2_${stamp}@example.my`,
  password: "Second-admin#2026",
};

async function api<T>(page: Page, path: string): Promise<T> {
  const response = await page.request.get(`/api/${path}`);
  if (!response.ok()) throw new Error(`${path}: ${response.status()}`);
  return (await response.json()) as T;
}

/** Serious or critical axe findings of the page as it is now. */
async function axeFindings(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (o: object) => Promise<unknown> } }).axe;
    return (await axe.run({ resultTypes: ["violations"] })) as {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    };
  });
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The conflict panel's rows: field, your value, value now. */
async function panelRows(page: Page): Promise<string[][]> {
  const panel = page.getByRole("region", { name: PANEL });
  return panel
    .locator("tbody tr")
    .evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll("th,td")].map((c) => (c.textContent ?? "").trim())),
    );
}

test.describe("two administrators on the same record", () => {
  const contexts: BrowserContext[] = [];
  /** Admin 1 (the demo admin) and admin 2 (made for this file), each in their own browser profile. */
  let one: Page;
  let two: Page;

  test.beforeAll(async ({ browser, store }) => {
    const { baseURL } = store;
    const open = async () => {
      // axe is put into the page; the app's policy allows only its own scripts.
      const context = await browser.newContext({
        baseURL,
        bypassCSP: true,
        viewport: { width: 1400, height: 900 },
        locale: "en-GB",
        timezoneId: "Asia/Kuala_Lumpur",
      });
      context.setDefaultTimeout(15_000);
      contexts.push(context);
      return context.newPage();
    };
    one = await open();
    await loginThroughForm(one, ADMIN);
    // Making an Admin needs a fresh proof (docs/decisions/staff-accounts.md).
    await one.request.post("/api/stepUp", { data: { password: ADMIN.password } });
    const created = await one.request.post("/api/users", {
      data: {
        username: ADMIN2.username,
        email: ADMIN2.email,
        f_name: "Second",
        l_name: "Admin",
        contact: "0123456789",
        password: ADMIN2.password,
        DOB: "1990-01-01",
        gender: "Female",
        role: "Admin",
        membership: 1,
        referral_of: 0,
        languages: "English",
        currency: "MYR",
        user_status: 1,
      },
    });
    expect(created.status()).toBe(201);
    two = await open();
    await loginThroughForm(two, ADMIN2);
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  test("Edit Order: admin 2 refunds, admin 1's stale tracking number is refused and shown; nothing is paid again", async () => {
    // An order of a member with points, completed (its PV credited) before either admin opens it;
    // never completed before (another file's test may have completed one and set it back).
    const open = await api<Order[]>(
      one,
      "orders?order_status=2&order_status=3&order_status=4&_sort=orders_id&_order=desc&_limit=100",
    );
    const pvOf = async (candidate: Order) =>
      (
        await api<LedgerEntry[]>(
          one,
          `walletLedger?user_id=${candidate.user_id}&account=pv&_limit=100`,
        )
      )
        .filter((e) => e.ref_type === "order" && e.ref_id === candidate.orders_id)
        .map((e) => e.reason)
        .sort();
    let order: Order | undefined;
    for (const candidate of open) {
      if (candidate.user_id === null || Number(candidate.points_earned) <= 0) continue;
      if ((await pvOf(candidate)).length === 0) {
        order = candidate;
        break;
      }
    }
    if (!order) throw new Error("the demo store has no open order of a member with points");
    const completed = await one.request.put(`/api/orders/${order.orders_id}`, {
      data: {
        orders_id: order.orders_id,
        tracking_number: order.tracking_number || `TRK-${stamp}`,
        order_status: "6",
        completed_at: order.completed_at,
        refund_at: order.refund_at,
        updated_at: order.updated_at,
      },
    });
    expect(completed.status()).toBe(200);
    const picked = order;
    const pvOfOrder = () => pvOf(picked);
    expect(await pvOfOrder()).toEqual(["pv_order"]);

    const form1 = new OrderFormPage(one);
    const form2 = new OrderFormPage(two);
    await form1.goto(order.orders_id);
    await form1.loaded();
    await form2.goto(order.orders_id);
    await form2.loaded();
    expect(await form1.status().inputValue()).toBe("6");

    await form2.saveStatus("8. refund");
    expect(await pvOfOrder()).toEqual(["pv_order", "pv_refund"]);

    const tracking = `JNT-STALE-${stamp}`;
    await form1.trackingNumber().fill(tracking);
    await form1.save().click();
    const panel = one.getByRole("region", { name: PANEL });
    await panel.waitFor();
    expect(await panel.getByText(/^Changed by /).textContent()).toMatch(
      new RegExp(`^Changed by ${ADMIN2.username} at \\d{2}/\\d{2}/\\d{4}, \\d{2}:\\d{2}$`),
    );
    expect(await panelRows(one)).toContainEqual(["Order Status", "6. complete", "8. refund"]);
    // Kept as typed, still on the form, the panel focused for the keyboard.
    expect(await form1.trackingNumber().inputValue()).toBe(tracking);
    expect(new URL(one.url()).pathname).toBe("/editOrder");
    expect(await one.evaluate(() => document.activeElement?.tagName)).toBe("SECTION");
    expect(await axeFindings(one)).toEqual([]);
    await chooseTheme(one, "Dark");
    expect(await axeFindings(one)).toEqual([]);
    await chooseTheme(one, "Light");

    await panel.getByRole("button", { name: "Load the latest" }).click();
    await panel.waitFor({ state: "detached" });
    expect(await form1.status().inputValue()).toBe("8");
    expect(await form1.trackingNumber().inputValue()).not.toBe(tracking);
    // Saved again on the latest version: the tracking number goes in, the refund stays.
    await form1.trackingNumber().fill(tracking);
    await form1.save().click();
    await one.waitForURL((url) => url.pathname === "/order");
    const stored = await api<Order>(one, `orders/${order.orders_id}`);
    expect([stored.order_status, stored.tracking_number]).toEqual([8, tracking]);
    // Nothing paid again: one credit and one refund, as before admin 1 saved.
    expect(await pvOfOrder()).toEqual(["pv_order", "pv_refund"]);
  });

  test("Settings › General: admin 2 switches commission on; admin 1's stale save shows it and does not switch it off", async () => {
    const before = await api<Settings>(one, "settings/1");
    expect(before.commission_status).toBe(0);
    const settings1 = new SettingsPage(one);
    const settings2 = new SettingsPage(two);
    await settings1.goto();
    await settings1.storeName().waitFor();
    await settings2.goto();
    const commission = (page: Page) => page.getByLabel(/^Referral Commission/);
    try {
      await commission(two).setChecked(true);
      await settings2.saveButton().click();
      // Switching commission on loosens a money control: the step-up dialog asks
      // for the password, then the save is sent again
      // (docs/decisions/money-controls-step-up.md).
      const proof = two.getByRole("dialog", { name: "Confirm it is you" });
      await proof.getByLabel("Password", { exact: true }).fill(ADMIN2.password);
      await proof.getByRole("button", { name: "Confirm", exact: true }).click();
      await proof.waitFor({ state: "hidden" });
      await settings2.panel().getByRole("button", { name: "Saved" }).waitFor();

      const renamed = `${before.store_name} (two admins)`;
      await settings1.storeName().fill(renamed);
      await settings1.saveButton().click();
      const panel = one.getByRole("region", { name: PANEL });
      await panel.waitFor();
      expect(await panel.getByText(/^Changed by /).textContent()).toContain(ADMIN2.username);
      const rows = await panelRows(one);
      expect(rows.find((r) => r[0]?.startsWith("Referral Commission"))?.slice(1)).toEqual([
        "0",
        "1",
      ]);
      expect(await commission(one).isChecked()).toBe(false);
      expect(await axeFindings(one)).toEqual([]);

      // Only the store name is admin 1's change: put on the latest, the commission stays on.
      await panel.getByRole("button", { name: "Apply my changes on top" }).click();
      await settings1.panel().getByRole("button", { name: "Saved" }).waitFor();
      const after = await api<Settings>(one, "settings/1");
      expect([after.commission_status, after.store_name]).toEqual([1, renamed]);
      expect(await commission(one).isChecked()).toBe(true);
    } finally {
      // Back as the other files expect the store: commission off, the demo name.
      await settings1.goto();
      await settings1.storeName().fill(before.store_name);
      await commission(one).setChecked(false);
      await settings1.saveButton().click();
      await settings1.panel().getByRole("button", { name: "Saved" }).waitFor();
    }
    expect((await api<Settings>(one, "settings/1")).commission_status).toBe(0);
  });

  test("a list's switch: admin 2 deactivates a brand on its form; admin 1's stale switch names the row and shows it afresh", async () => {
    const name = `Two admins ${stamp}`;
    const created = await one.request.post("/api/brands", {
      data: { brand_name: name, brand_image: "", brand_status: 1 },
    });
    expect(created.status()).toBe(201);
    const brand = (await created.json()) as Brand;

    await one.goto(`/brands?q=${encodeURIComponent(name)}`);
    const toggle = one.getByRole("switch", { name: `Status of ${name}` });
    await toggle.waitFor();
    expect(await toggle.isChecked()).toBe(true);

    await two.goto(`/editBrands?bid=${brand.brand_id}`);
    const status2 = two.getByLabel("Status (Active)");
    await expect(status2).toBeChecked();
    await status2.setChecked(false);
    await two.getByRole("button", { name: "Save", exact: true }).click();
    await two.waitForURL((url) => url.pathname === "/brands");

    // Admin 1's list still shows it active; their switch acts on that version.
    expect(await toggle.isChecked()).toBe(true);
    await toggle.click();
    await one
      .getByText(`${name} was changed by someone else; the list now shows it as it is.`)
      .waitFor();
    await expect(toggle).toBeChecked({ checked: false });
    expect(await one.getByRole("row", { name: new RegExp(name) }).textContent()).toContain(
      "Inactive",
    );
    const stored = await api<Brand>(one, `brands/${brand.brand_id}`);
    expect(stored.brand_status).toBe(0);

    // Shown afresh, the switch acts on the version it shows now.
    await toggle.click();
    await expect(toggle).toBeChecked();
    expect((await api<Brand>(one, `brands/${brand.brand_id}`)).brand_status).toBe(1);
  });
});
