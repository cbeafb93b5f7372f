import type { Page } from "@playwright/test";
import { expect, test, useBrowser } from "../support/browser";

/** The top bar's Theme menu (docs/decisions/dark-mode.md). */
const theme = (page: Page) => page.locator("html").getAttribute("data-bs-theme");

async function choose(page: Page, label: "Light" | "Dark" | "System"): Promise<void> {
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("button", { name: label }).click();
}

/**
 * What data-bs-theme said when <body> first appeared: set then, it was set
 * before anything was drawn (no light flash before a dark page).
 */
async function themeWhenBodyAppeared(page: Page): Promise<string | null> {
  return page.evaluate(() => (window as unknown as { themeAtBody: string | null }).themeAtBody);
}

test.describe("the Theme menu", () => {
  const s = useBrowser();

  test("offers Light, Dark and System, and Dark turns every screen dark at once", async () => {
    await s.page.emulateMedia({ colorScheme: "light" });
    await s.page.goto("/admin");
    await s.page.getByRole("button", { name: "Theme" }).click();
    const items = s.page.locator(".dropdown-menu.show .dropdown-item");
    expect(await items.allTextContents()).toEqual(["Light", "Dark", "System✓"]);
    await s.page.getByRole("button", { name: "Dark" }).click();
    expect(await theme(s.page)).toBe("dark");
    // The page is drawn dark: Bootstrap's dark body colour, the chart's labels light.
    await s.page.locator(".card").first().waitFor();
    const background = await s.page.evaluate(
      () => getComputedStyle(document.querySelector(".card") as Element).backgroundColor,
    );
    expect(background).toBe("rgb(33, 37, 41)");
    await s.page.getByRole("link", { name: "Products" }).first().click();
    await s.page.waitForURL("**/products");
    expect(await theme(s.page)).toBe("dark");
  });

  test("is remembered and applied before the first paint of the next visit", async () => {
    await s.page.addInitScript(() => {
      const w = window as unknown as { themeAtBody: string | null };
      w.themeAtBody = null;
      new MutationObserver((_, observer) => {
        if (!document.body) return;
        w.themeAtBody = document.documentElement.getAttribute("data-bs-theme");
        observer.disconnect();
      }).observe(document, { childList: true, subtree: true });
    });
    await s.page.goto("/users");
    expect(await themeWhenBodyAppeared(s.page)).toBe("dark");
    await choose(s.page, "Light");
    await s.page.reload();
    expect(await themeWhenBodyAppeared(s.page)).toBe("light");
    expect(await theme(s.page)).toBe("light");
  });

  test("System follows the computer's setting, also when it changes", async () => {
    await s.page.goto("/admin");
    await choose(s.page, "System");
    await s.page.emulateMedia({ colorScheme: "dark" });
    await expect.poll(() => theme(s.page)).toBe("dark");
    await s.page.emulateMedia({ colorScheme: "light" });
    await expect.poll(() => theme(s.page)).toBe("light");
    await s.page.emulateMedia({ colorScheme: "dark" });
    await s.page.reload();
    expect(await themeWhenBodyAppeared(s.page)).toBe("dark");
    await s.page.emulateMedia({ colorScheme: "light" });
  });
});
