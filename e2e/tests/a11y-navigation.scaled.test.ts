import type { Page } from "@playwright/test";
import { expect, newStoreContext, test, useBrowser } from "../support/browser";
import { ROUTES } from "../support/routes";
import { chooseTheme } from "../support/theme";
import { sampled } from "../support/tier";

/**
 * Keyboard and screen readers (docs/decisions/accessibility.md): the skip link is the first stop of Tab, every screen's
 * document title names it, a focused sidebar link has a clear ring in both
 * colour modes. `npm test` names a tenth of the screens, the long tier every one.
 */
const VIEWPORT = { width: 1366, height: 800 };
const SEPARATOR = " · ";

/** What has the focus: its tag, id, classes and text. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const e = document.activeElement as HTMLElement | null;
    return {
      tag: e?.tagName.toLowerCase() ?? "",
      id: e?.id ?? "",
      className: e?.className ?? "",
      text: e?.textContent?.trim() ?? "",
    };
  });

test.describe("keyboard and screen readers", () => {
  const s = useBrowser({ viewport: VIEWPORT });

  test("the first Tab on /admin reaches the skip link; Enter moves the focus to the content", async () => {
    await s.page.goto("/admin");
    await s.page.locator("main h1").waitFor();
    // Out of sight until focused.
    expect((await s.page.locator(".app-skip-link").boundingBox())?.width).toBeLessThanOrEqual(1);
    await s.page.keyboard.press("Tab");
    const link = await focused(s.page);
    expect(link).toMatchObject({ tag: "a", text: "Skip to content" });
    // Then shown.
    const box = await s.page.locator(".app-skip-link").boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(50);
    await s.page.keyboard.press("Enter");
    expect(await focused(s.page)).toMatchObject({ tag: "main", id: "content" });
    // The address is left as it was.
    expect(new URL(s.page.url()).hash).toBe("");
    // The next Tab goes on from the content, not back to the sidebar or the top bar.
    await s.page.keyboard.press("Tab");
    const after = await s.page.evaluate(() => {
      const content = document.getElementById("content");
      const active = document.activeElement;
      if (!content || !active) return "nothing";
      if (content.contains(active)) return "inside";
      const following = content.compareDocumentPosition(active) & Node.DOCUMENT_POSITION_FOLLOWING;
      return following ? "after" : `before: ${active.outerHTML.slice(0, 120)}`;
    });
    expect(["inside", "after"]).toContain(after);
  });

  test("on Order the search comes before the filters: a few Tabs from the content, no date field on the way", async () => {
    await s.page.goto("/order");
    await s.page.locator("main h1").waitFor();
    await s.page.keyboard.press("Tab");
    await s.page.keyboard.press("Enter");
    const passed: string[] = [];
    for (let i = 0; i < 8; i++) {
      await s.page.keyboard.press("Tab");
      const now = await s.page.evaluate(() => {
        const active = document.activeElement as HTMLInputElement | null;
        const where = active?.closest("fieldset") ? "filter " : "";
        const name = active?.getAttribute("aria-label") ?? active?.textContent?.trim().slice(0, 30);
        return `${active?.type ?? active?.tagName ?? ""}:${where}${name ?? ""}`;
      });
      if (now.startsWith("search:")) break;
      passed.push(now);
    }
    expect(passed.length, passed.join(" | ")).toBeLessThanOrEqual(4);
    expect(passed.join(" | ")).not.toContain("filter ");
  });

  test("every screen has a document title of its own, its heading then the store", async () => {
    const titles = new Map<string, string>();
    const problems: string[] = [];
    // A screen is its path: the product list's filtered views are the product list.
    const every = [...new Map(ROUTES.map((r) => [r.split("?")[0], r])).values()];
    expect(every.length).toBeGreaterThan(40);
    const paths = sampled(every, 1, 20);
    for (const url of paths) {
      await s.page.goto(url);
      const heading = (await s.page.locator("main h1").first().textContent())?.trim() ?? "";
      // The title follows the route at once; the heading may come with the screen's data.
      await expect(s.page, url).toHaveTitle(
        new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${SEPARATOR}.+`),
      );
      const title = await s.page.title();
      const [screen] = title.split(SEPARATOR);
      if (!screen) problems.push(`${url}: "${title}" names no screen`);
      for (const [other, seen] of titles)
        if (seen === title) problems.push(`${url} and ${other} share "${title}"`);
      titles.set(url, title);
    }
    expect(problems).toEqual([]);
    expect(new Set(titles.values()).size).toBe(paths.length);
  });

  test("the login and 404 pages are named too, in the chosen language", async () => {
    await s.page.goto("/404");
    await expect(s.page).toHaveTitle(/^Page not found · .+/);
    const context = await newStoreContext(s.browser, s.baseURL, VIEWPORT);
    const page = await context.newPage();
    await page.goto("/login-back");
    await expect(page).toHaveTitle("Admin Login · Store Admin");
    await context.close();
    // Before anyone signs in the page speaks the browser's language.
    const malay = await s.browser.newContext({ baseURL: s.baseURL, locale: "ms-MY" });
    const page2 = await malay.newPage();
    await page2.goto("/login-back");
    await expect(page2).toHaveTitle("Log Masuk Pentadbir · Pentadbir Kedai");
    await malay.close();
  });

  for (const mode of ["Light", "Dark"] as const) {
    test(`a focused sidebar link has a ring of at least 2 px in the ${mode.toLowerCase()} mode`, async () => {
      await s.page.goto("/admin");
      await s.page.locator("main h1").waitFor();
      await chooseTheme(s.page, mode);
      await s.page.keyboard.press("Escape");
      // From the page's start: the skip link, the logo, then the first sidebar link.
      await s.page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await s.page.goto("/admin");
      await s.page.locator("main h1").waitFor();
      for (let i = 0; i < 3; i++) await s.page.keyboard.press("Tab");
      const ring = await s.page.evaluate(() => {
        const e = document.activeElement as HTMLElement;
        const style = getComputedStyle(e);
        return {
          isSidebarLink: e.classList.contains("app-sidebar-link"),
          width: Number.parseFloat(style.outlineWidth),
          style: style.outlineStyle,
          color: style.outlineColor,
          sidebar: getComputedStyle(e.closest(".app-sidebar") as HTMLElement).backgroundColor,
        };
      });
      expect(ring.isSidebarLink).toBe(true);
      expect(ring.width).toBeGreaterThanOrEqual(2);
      expect(ring.style).toBe("solid");
      expect(ring.color).not.toBe(ring.sidebar);
    });
  }

  test("leaves the admin in the light mode", async () => {
    await chooseTheme(s.page, "Light");
  });
});
