import type { BrowserContext, Page, Request } from "@playwright/test";
import type { User } from "@store/contract";
import { listOf } from "../pages/Typeahead";
import { UserFormPage } from "../pages/UserPages";
import { expect, loginThroughForm, newStoreContext, test } from "../support/browser";
import { OwnServer } from "../support/ownServer";

const USERS = 10_000;
const tag = `ty${Date.now().toString(36)}`;

/** Every call the page makes to the users list (not to one user). */
function watchUserLists(page: Page): URL[] {
  const calls: URL[] = [];
  page.on("request", (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname === "/api/users") calls.push(url);
  });
  return calls;
}

// A store of 10,000 users, put in the database directly (creating them one
// call at a time would hash 10,000 passwords).
test.describe("the referral type-ahead on a store of 10,000 users", () => {
  const server = OwnServer.empty();
  let context: BrowserContext | undefined;
  let page: Page;

  test.beforeAll(async ({ browser }) => {
    // A store of its own to start (and fill) first.
    test.setTimeout(180_000);
    // Put in before the server's first start, which follows.
    await server.sql(`
      insert into users (username, email, f_name, l_name, contact, password_hash,
                         gender, role, membership, languages, currency, user_status)
      select 'bulk' || lpad(i::text, 5, '0'), 'bulk' || i || '@bulk.my', 'Bulk', 'Member ' || i,
             '01' || lpad(i::text, 8, '0'), 'not-a-login', 'Male', 'Member', 1, 'English', 'MYR', 1
      from generate_series(1, ${USERS}) as i;
    `);
    context = await newStoreContext(browser, server.baseURL);
    page = await context.newPage();
    await loginThroughForm(page);
  });

  test.afterAll(async () => {
    await context?.close();
    await server.remove();
  });

  test("asks the server a page at a time and never for every user", async () => {
    const calls = watchUserLists(page);
    const form = new UserFormPage(page);
    await page.goto("/addUser");
    await form.add().waitFor();
    const referral = form.referral();
    expect(await referral.getAttribute("role")).toBe("combobox");
    expect(await referral.getAttribute("aria-expanded")).toBe("false");

    await referral.fill("bulk0999");
    const list = await listOf(referral);
    await list.and(page.locator("[aria-busy=false]")).waitFor();
    const names = (await list.getByRole("option").allTextContents()).map((t) => t.trim());
    expect(names).toEqual([
      "bulk09990",
      "bulk09991",
      "bulk09992",
      "bulk09993",
      "bulk09994",
      "bulk09995",
      "bulk09996",
      "bulk09997",
      "bulk09998",
      "bulk09999",
    ]);

    // Nothing typed: the first page of all 10,000; scrolled to its end, the next page.
    await referral.fill("");
    await referral.press("ArrowDown");
    await list.and(page.locator("[aria-busy=false]")).waitFor();
    expect(await list.getByRole("option").count()).toBe(21); // "None" and 20 users
    await list.evaluate((el) => {
      el.scrollTop = el.scrollHeight;
      el.dispatchEvent(new Event("scroll"));
    });
    await expect(list.getByRole("option")).toHaveCount(41);

    expect(calls.length).toBeGreaterThan(0);
    for (const url of calls) {
      expect(Number(url.searchParams.get("_limit"))).toBeLessThanOrEqual(20);
      expect(Number(url.searchParams.get("_page"))).toBeGreaterThanOrEqual(1);
    }
    expect(calls.some((url) => url.searchParams.get("_page") === "2")).toBe(true);

    // The testimonial's Customer asks the same way.
    calls.length = 0;
    await page.goto("/addTestimonial");
    const customer = page.getByLabel("Customer Username");
    await customer.fill("bulk0123");
    const customers = await listOf(customer);
    await customers.and(page.locator("[aria-busy=false]")).waitFor();
    expect((await customers.getByRole("option").allTextContents()).map((t) => t.trim())).toContain(
      "bulk01234",
    );
    expect(calls.length).toBeGreaterThan(0);
    for (const url of calls) expect(Number(url.searchParams.get("_limit"))).toBe(20);
  });

  test("is used from the keyboard: arrows move, Enter chooses, Escape closes", async () => {
    const form = new UserFormPage(page);
    await page.goto("/addUser");
    await form.add().waitFor();
    const referral = form.referral();
    await referral.focus();
    await referral.pressSequentially("bulk0004");
    const list = await listOf(referral);
    await list.and(page.locator("[aria-busy=false]")).waitFor();
    // The list of what was typed last, not of a shorter search answered before it.
    await expect(list.getByRole("option").first()).toContainText("bulk0004");
    await expect(referral).toHaveAttribute("aria-expanded", "true");
    await referral.press("ArrowDown");
    await referral.press("ArrowDown");
    await expect(referral).toHaveAttribute("aria-activedescendant", /.+/);
    const active = await referral.getAttribute("aria-activedescendant");
    const activeOption = page.locator(`[id="${active}"]`);
    await expect(activeOption).toHaveAttribute("aria-selected", "true");
    await expect(activeOption).toHaveText("bulk00041");
    await referral.press("Enter");
    await expect(referral).toHaveAttribute("aria-expanded", "false");
    await expect(referral).toHaveValue("bulk00041");
    // Enter chose; it did not submit the form.
    expect(new URL(page.url()).pathname).toBe("/addUser");

    await referral.pressSequentially("zz");
    await expect(referral).toHaveAttribute("aria-expanded", "true");
    await referral.press("Escape");
    await expect(referral).toHaveAttribute("aria-expanded", "false");
    // Escape puts back the chosen user's name.
    await expect(referral).toHaveValue("bulk00041");
  });

  test("saves the chosen referrer, and the edit screen names it without loading the list", async () => {
    const form = new UserFormPage(page);
    await page.goto("/addUser");
    await form.add().waitFor();
    await form.username().fill(`${tag}new`);
    await form.email().fill(`${tag}@new.my`);
    await form.firstName().fill("Nur");
    await form.lastName().fill("Iman");
    await form.contact().fill("0111111111");
    await form.password().fill("Secret#123");
    await form.gender().selectOption("Female");
    await form.role().selectOption("Member");
    await form.chooseReferral("bulk07777");
    await form.language().selectOption("English");
    await form.currency().selectOption("MYR");
    await form.add().click();
    await page.waitForURL((url) => url.pathname === "/users");

    const found = await page.request.get(`/api/users?q=${tag}new&_page=1&_limit=10`);
    const user = ((await found.json()) as User[]).find((u) => u.username === `${tag}new`);
    expect(user?.referrer_username).toBe("bulk07777");

    // Away from the users list the save led to: what follows is the edit screen's alone.
    await page.goto("about:blank");
    const calls = watchUserLists(page);
    const sizes: number[] = [];
    page.on("response", async (r) => {
      if (new URL(r.url()).pathname.startsWith("/api/users")) {
        sizes.push((await r.body().catch(() => Buffer.alloc(0))).length);
      }
    });
    await page.goto(`/editUser?uid=${user?.user_id}`);
    await form.save().waitFor();
    expect(await form.referral().inputValue()).toBe("bulk07777");
    expect(calls.map(String)).toEqual([]);
    // What the screen loaded about users is one record, not a list of 10,000.
    expect(Math.max(0, ...sizes)).toBeLessThan(5_000);
  });
});
