import type { BrowserContext, Page } from "@playwright/test";
import { expect, loginThroughForm, newStoreContext, test, useBrowser } from "../support/browser";
import { createStaffAccount } from "../support/staff";

/**
 * Sessions a person can see and end (issue 22): one person logged in from two
 * browsers; the first sees both on the profile, signs the other out, and the
 * other's next call takes it to the login page.
 */
const stamp = Date.now();
const PERSON = {
  username: `sessions_${stamp}`,
  email: `sessions_${stamp}@example.my`,
  password: "Sessions#2026-ok",
};

test.describe("the profile's sessions", () => {
  const admin = useBrowser();
  const contexts: BrowserContext[] = [];
  let first: Page;
  let second: Page;
  let personId: number;

  test.beforeAll(async ({ browser, store }) => {
    // A Staff member of no group: the profile is every signed-in person's.
    personId = await createStaffAccount(admin.page.request, PERSON);
    for (const _ of [0, 1]) {
      const context = await newStoreContext(browser, store.baseURL);
      contexts.push(context);
    }
    [first, second] = (await Promise.all(contexts.map((c) => c.newPage()))) as [Page, Page];
    await loginThroughForm(first, PERSON);
    await loginThroughForm(second, PERSON);
  });
  test.afterAll(async () => {
    for (const context of contexts) await context.close();
  });

  test("the first login sees both, signs the other out; the other's next call goes to the login page", async () => {
    await first.goto("/profile");
    const panel = first.getByRole("region", { name: "Sessions" });
    const rows = panel.getByRole("row").filter({ has: first.getByRole("cell") });
    await expect(rows).toHaveCount(2);
    const own = rows.filter({ hasText: "This session" });
    await expect(own).toHaveCount(1);
    await expect(own).toContainText("Chrome on Linux");
    const other = rows.filter({ hasNotText: "This session" });
    await other.getByRole("button", { name: /^Sign out the session started/ }).click();
    await expect(first.getByText("Signed out 1 session(s).")).toBeVisible();
    await expect(rows).toHaveCount(1);
    await expect(panel.getByRole("button", { name: "Sign out everywhere else" })).toBeDisabled();

    // The other browser's next call is refused: it is at the login page.
    await second.goto("/profile");
    await second.waitForURL("**/login-back");
    // The first goes on.
    await first.reload();
    await expect(first.getByRole("region", { name: "Sessions" })).toContainText("This session");
  });

  test("a holder of staff:manage sees the person's sessions on Edit User and signs them all out", async () => {
    await admin.page.goto(`/editUser?uid=${personId}`);
    const panel = admin.page.getByRole("region", { name: "Sessions" });
    const rows = panel.getByRole("row").filter({ has: admin.page.getByRole("cell") });
    await expect(rows).toHaveCount(1);
    await expect(rows).not.toContainText("This session");
    await panel.getByRole("button", { name: "Sign out all sessions" }).click();
    await expect(panel.getByText("No active sessions.")).toBeVisible();
    await first.goto("/profile");
    await first.waitForURL("**/login-back");
  });
});
