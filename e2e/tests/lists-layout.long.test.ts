import type { Locator, Page } from "@playwright/test";
import { showColumns } from "../pages/ListScreen";
import { expect, test, useBrowser } from "../support/browser";
import { saveOwnLanguage, waitForLanguage } from "../support/i18n";

const WIDE = { width: 1366, height: 800 };
const PHONE = { width: 390, height: 844 };

/** Whether the element lies wholly inside the window, sideways (and, with `down`, top to bottom). */
async function inWindow(page: Page, element: Locator, down = false): Promise<boolean> {
  const box = await element.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) throw new Error("no layout");
  const across = box.x >= 0 && box.x + box.width <= size.width + 0.5;
  return across && (!down || (box.y >= 0 && box.y + box.height <= size.height + 0.5));
}

/** The table's own sideways scroll: how far it runs past what shows. */
const overflow = (page: Page) =>
  page.locator(".table-scroller").evaluate((el) => el.scrollWidth - el.clientWidth);

const headerTexts = async (page: Page) =>
  (await page.locator("table thead th:not(.col-select)").allTextContents()).map((t) => t.trim());

test.describe("lists that show what matters, on a laptop and on a phone", () => {
  const s = useBrowser({ viewport: WIDE });

  test("shows Withdraw Amount without a sideways scroll at 1366 px", async () => {
    await s.page.goto("/withdrawRequest");
    const amount = s.page.getByRole("columnheader", { name: "Withdraw Amount" });
    await s.page.locator("tbody td.text-end").first().waitFor();
    expect(await overflow(s.page)).toBeLessThanOrEqual(0);
    expect(await inWindow(s.page, amount)).toBe(true);
    expect(await inWindow(s.page, s.page.locator("tbody td.text-end").first())).toBe(true);
  });

  test("remembers the columns chosen across a reload, in the list's own order", async () => {
    await s.page.goto("/order");
    await s.page.locator("tbody a", { hasText: "Edit" }).first().waitFor();
    const defaults = await headerTexts(s.page);
    expect(defaults).toContain("Total Price");
    expect(defaults).not.toContain("Tracking Number");
    expect(await overflow(s.page)).toBeLessThanOrEqual(0);

    await s.page.getByRole("button", { name: "Columns", exact: true }).click();
    const menu = s.page.getByRole("group", { name: "Columns to show" });
    // The money, the key, the status and the actions cannot be hidden.
    expect(await menu.getByRole("checkbox", { name: "Total Price" }).isDisabled()).toBe(true);
    await menu.getByRole("checkbox", { name: "Customer Username" }).uncheck();
    await menu.getByRole("checkbox", { name: "Tracking Number" }).check();
    await s.page.keyboard.press("Escape");

    await s.page.reload();
    await s.page.locator("tbody a", { hasText: "Edit" }).first().waitFor();
    const chosen = await headerTexts(s.page);
    expect(chosen).not.toContain("Customer Username");
    // Chosen last, shown in its place: before Status, as the spec orders the columns.
    expect(chosen.indexOf("Tracking Number")).toBe(chosen.indexOf("Status") - 1);
  });

  test("says an empty result inside the part of a wide table that shows", async () => {
    await showColumns(s.page);
    expect(await overflow(s.page)).toBeGreaterThan(300);
    await s.page.getByRole("searchbox", { name: "Search" }).fill("no-such-order-zz");
    const empty = s.page.getByText("No matching records found.");
    await empty.waitFor();
    // Scrolled sideways (the empty table keeps its headers' width), it stays in sight.
    const scrolled = await s.page.locator(".table-scroller").evaluate((el) => {
      el.scrollLeft = (el.scrollWidth - el.clientWidth) / 2;
      return el.scrollLeft;
    });
    expect(scrolled).toBeGreaterThan(100);
    expect(await inWindow(s.page, empty)).toBe(true);
    const scroller = await s.page.locator(".table-scroller").boundingBox();
    const box = await empty.boundingBox();
    if (!scroller || !box) throw new Error("no layout");
    // Centred in the visible table, not across all of its width.
    const middle = box.x + box.width / 2;
    expect(Math.abs(middle - (scroller.x + scroller.width / 2))).toBeLessThan(30);
    // Back to the defaults for the steps below.
    await s.page.getByRole("button", { name: "Columns", exact: true }).click();
    await s.page.getByRole("button", { name: "Default columns" }).click();
    await s.page.keyboard.press("Escape");
  });

  test("keeps Edit Product's Save in the window without scrolling", async () => {
    await s.page.goto("/editProduct?pid=1");
    const save = s.page.getByRole("button", { name: "Save", exact: true });
    await save.waitFor();
    expect(await s.page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(
      WIDE.height,
    );
    expect(await inWindow(s.page, save, true)).toBe(true);
  });

  test("keeps Status and Edit on one line in Chinese and Malay", async () => {
    const choose = async (name: string) => {
      await s.page.getByRole("button", { name: "Language" }).click();
      await s.page.getByRole("button", { name }).click();
    };
    await s.page.goto("/order");
    try {
      for (const [code, name, edit] of [
        ["zh", "中文", "编辑"],
        ["ms", "Bahasa Melayu", "Sunting"],
      ] as const) {
        await choose(name);
        await waitForLanguage(s.page, code);
        const link = s.page.locator("tbody a.btn", { hasText: edit }).first();
        await link.waitFor();
        const height = (await link.boundingBox())?.height ?? 0;
        const line = await link.evaluate((el) =>
          Number.parseFloat(getComputedStyle(el).lineHeight),
        );
        // One line of text plus the button's padding and border (two lines would be 50 px).
        expect({ code, lines: Math.round((height - 10) / line) }).toEqual({ code, lines: 1 });
        const status = s.page.locator("tbody td.col-fit").first();
        const statusLines = await status.evaluate((el) => {
          const range = document.createRange();
          range.selectNodeContents(el);
          return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
        });
        expect({ code, statusLines }).toEqual({ code, statusLines: 1 });
      }
      await choose("English");
      await waitForLanguage(s.page, "en");
    } finally {
      // The other browser tests share this server: the admin stays in English.
      await saveOwnLanguage(s.page, "English");
    }
  });

  test("turns each list into cards on a phone, the amount in sight and the rest behind More", async () => {
    await s.page.setViewportSize(PHONE);
    await s.page.goto("/withdrawRequest");
    const cards = s.page.getByTestId("list-cards");
    const card = cards.getByRole("listitem").first();
    await card.waitFor();
    expect(await s.page.getByRole("table").count()).toBe(0);
    const amount = card.getByText("Withdraw Amount", { exact: true });
    await amount.scrollIntoViewIfNeeded();
    expect(await inWindow(s.page, amount, true)).toBe(true);
    expect(await inWindow(s.page, card.locator("dd").first(), true)).toBe(true);
    expect(await s.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    // The other fields wait behind "More".
    const bank = card.getByText("Bank Name", { exact: true });
    expect(await bank.isVisible()).toBe(false);
    await card.getByText("More", { exact: true }).click();
    expect(await bank.isVisible()).toBe(true);
    await s.page.setViewportSize(WIDE);
  });
});
