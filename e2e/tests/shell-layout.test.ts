import type { Page } from "@playwright/test";
import type { StoreIdentity } from "@store/contract";
import { LayoutPage } from "../pages/LayoutPage";
import { expect, loginThroughForm, test, useBrowser } from "../support/browser";

const SIDEBAR = [
  ["Dashboard", "/admin"],
  ["Products", "/products"],
  ["Categories", "/categories"],
  ["Order", "/order"],
  ["Returns", "/returns"],
  ["Coupon", "/coupon"],
  ["Users", "/users"],
  ["User Wallets", "/userWallets"],
  ["Withdraw Request", "/withdrawRequest"],
  ["Payout Batches", "/payoutBatches"],
  ["CP58 Statements", "/taxStatements"],
  ["E-invoices", "/einvoices"],
  ["Agency", "/agency"],
  ["Memberships", "/memberships"],
  ["Banner", "/banner"],
  ["Brands", "/brands"],
  ["Testimonial", "/testimonial"],
  ["Settings", "/settings"],
  ["Jobs", "/jobs"],
  ["Audit Log", "/auditLog"],
  ["Permission Groups", "/roles"],
  ["Reports", "/reports"],
  ["Commissions", "/commissionPeriods"],
  ["Tax Categories", "/taxCategories"],
  ["Messages", "/messages"],
  ["Message Templates", "/messageTemplates"],
  ["Import", "/import"],
] as const;

async function storeSettings(page: Page): Promise<StoreIdentity> {
  return (await (await page.request.get("/api/storeIdentity")).json()) as StoreIdentity;
}

/** Answers the store's identity with the given changes, as if an admin had saved them. */
async function fakeSettings(page: Page, changes: Partial<StoreIdentity>): Promise<void> {
  const real = await storeSettings(page);
  // What the shell reads of the settings (GET storeIdentity, docs/decisions/store-identity.md).
  await page.route("**/api/storeIdentity", (route) =>
    route.fulfill({ json: { ...real, ...changes } }),
  );
}

test.describe("the layout on a wide window", () => {
  const s = useBrowser();
  const layout = () => new LayoutPage(s.page);

  test.afterEach(async () => {
    await s.page.unrouteAll({ behavior: "ignoreErrors" });
  });

  test("lists the sidebar links in the order of docs/REQUIREMENTS.md section 2 (Payout Batches, CP58 Statements and E-invoices after Withdraw Request; then Jobs, Audit Log, Permission Groups, Reports, Commissions, Tax Categories, Messages, Message Templates and Import), each going to its screen, highlighted there", async () => {
    const l = layout();
    await s.page.goto("/admin");
    await l.sidebar().waitFor();
    expect(await l.sidebarLabels()).toEqual(SIDEBAR.map(([label]) => label));
    for (const [label, path] of [...SIDEBAR.slice(1), SIDEBAR[0]]) {
      await l.sidebarLink(label).click();
      await s.page.waitForURL((url) => url.pathname === path);
      await expect(l.sidebarLink(label)).toHaveAttribute("aria-current", "page");
      expect(await l.sidebar().locator('[aria-current="page"]').count()).toBe(1);
    }
  });

  test("keeps the section highlighted on its add and edit screens", async () => {
    const l = layout();
    await s.page.goto("/addBrands");
    await l.sidebar().waitFor();
    expect(await l.sidebarLink("Brands").getAttribute("aria-current")).toBe("page");
  });

  test("collapses and expands the sidebar with the top bar toggle", async () => {
    const l = layout();
    await s.page.goto("/admin");
    await l.sidebar().waitFor();
    await l.toggle().click();
    await l.sidebar().waitFor({ state: "hidden" });
    expect(await l.toggle().getAttribute("aria-expanded")).toBe("false");
    await l.toggle().click();
    await l.sidebar().waitFor();
    expect(await l.toggle().getAttribute("aria-expanded")).toBe("true");
  });

  test("has the notifications with the server's counts and the admin menu with Account Management", async () => {
    const l = layout();
    await s.page.goto("/admin");
    await l.notifications().click();
    // Each kind with something waiting, as GET /api/notifications counts it, links to its list.
    const counts = (await (await s.page.request.get("/api/notifications")).json()) as {
      title: string;
      count: number;
      link: string;
    }[];
    const waiting = counts.filter((n) => n.count > 0);
    const menu = s.page.locator(".dropdown-menu.show");
    if (waiting.length === 0) await menu.getByText("No new notifications").waitFor();
    for (const n of waiting) {
      const link = menu.getByRole("link", { name: `${n.title} ${n.count}` });
      expect(await link.getAttribute("href")).toBe(n.link);
    }
    await s.page.keyboard.press("Escape");
    const username = await s.page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem("adminData") ?? "{}") as { username: string }).username,
    );
    await l.adminMenu(username).click();
    await s.page.getByRole("button", { name: "Logout" }).waitFor();
    await s.page.getByRole("link", { name: "Account Management" }).click();
    await s.page.waitForURL("**/profile");
  });

  test("shows the store's logo 220 x 50 with store_name as its alt text", async () => {
    const settings = await storeSettings(s.page);
    await s.page.goto("/admin");
    const logo = layout().logo();
    await logo.waitFor();
    await expect(logo).toHaveAttribute("alt", settings.store_name);
    expect(await logo.getAttribute("width")).toBe("220");
    expect(await logo.getAttribute("height")).toBe("50");
    const box = await logo.boundingBox();
    expect(Math.round(box?.width ?? 0)).toBe(220);
    expect(Math.round(box?.height ?? 0)).toBe(50);
  });

  test("falls back to the default logo when store_logo is missing or fails to load", async () => {
    await fakeSettings(s.page, { store_name: "Kedai Ujian", store_logo: "no-such-logo.png" });
    await s.page.goto("/admin");
    const logo = layout().logo();
    await expect(logo).toHaveAttribute("alt", "Kedai Ujian");
    await expect(logo).toHaveAttribute("src", "/default-logo.svg");
    // Drawn once the default has loaded (its src is set as the failed one errs).
    await expect
      .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    await s.page.unrouteAll({ behavior: "ignoreErrors" });
    await fakeSettings(s.page, { store_name: "Kedai Tanpa Logo", store_logo: "" });
    await s.page.reload();
    await expect(logo).toHaveAttribute("alt", "Kedai Tanpa Logo");
    expect(await logo.getAttribute("src")).toBe("/default-logo.svg");
  });

  test("shows the copyright text from settings and links to Terms and Privacy in the footer", async () => {
    await fakeSettings(s.page, { copyright_text: "© 2026 Kedai Ujian Sdn Bhd" });
    await s.page.goto("/admin");
    const footer = layout().footer();
    await footer.getByText("© 2026 Kedai Ujian Sdn Bhd", { exact: true }).waitFor();
    await footer.getByRole("link", { name: "Terms" }).click();
    await s.page.waitForURL("**/terms");
    await footer.getByRole("link", { name: "Privacy" }).click();
    await s.page.waitForURL("**/privacy");
  });

  test("hides the layout on /login-back", async () => {
    const context = await s.browser.newContext({ baseURL: s.baseURL });
    try {
      const page = await context.newPage();
      await page.goto("/login-back");
      await page.getByLabel("E-mail").waitFor();
      const l = new LayoutPage(page);
      expect(await l.sidebar().count()).toBe(0);
      expect(await l.toggle().count()).toBe(0);
      expect(await l.footer().count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});

test.describe("the layout below 992 px", () => {
  const s = useBrowser({ loggedIn: false, viewport: { width: 800, height: 900 } });

  test("hides the sidebar until the toggle opens it over the page, with a 150 x 50 logo", async () => {
    await loginThroughForm(s.page);
    const l = new LayoutPage(s.page);
    await l.toggle().waitFor();
    expect(await l.sidebar().count()).toBe(0);
    expect(await l.toggle().getAttribute("aria-expanded")).toBe("false");

    await l.toggle().click();
    await l.sidebar().waitFor();
    expect(await l.sidebarLabels()).toEqual(SIDEBAR.map(([label]) => label));
    const logo = l.logo();
    expect(await logo.getAttribute("width")).toBe("150");
    expect(Math.round((await logo.boundingBox())?.width ?? 0)).toBe(150);
    expect(Math.round((await logo.boundingBox())?.height ?? 0)).toBe(50);

    await l.sidebarLink("Categories").click();
    await s.page.waitForURL("**/categories");
    await l.sidebar().waitFor({ state: "detached" });
  });

  test("opens the wide sidebar again when the window grows past 992 px", async () => {
    const l = new LayoutPage(s.page);
    await s.page.setViewportSize({ width: 1200, height: 900 });
    await l.sidebar().waitFor();
    expect(await l.logo().getAttribute("width")).toBe("220");
  });
});
