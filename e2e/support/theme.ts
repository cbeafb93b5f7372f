import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

/** Chooses Light or Dark in the top bar's Theme menu and waits until the page has settled in it. */
export async function chooseTheme(page: Page, label: "Light" | "Dark"): Promise<void> {
  await page.getByRole("button", { name: "Theme" }).click();
  await page.getByRole("button", { name: label }).click();
  await expect(page.locator("html")).toHaveAttribute("data-bs-theme", label.toLowerCase());
  // Buttons fade to the new colours (Bootstrap's .btn transition): read them once settled.
  await page.waitForFunction(() => document.getAnimations().length === 0);
}
