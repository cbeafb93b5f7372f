import { LayoutPage } from "../pages/LayoutPage";
import { expect, test, useBrowser } from "../support/browser";

test.describe("terms and privacy", () => {
  const s = useBrowser();

  test("the footer's Terms link shows this store's terms, marked as a template", async () => {
    await s.page.goto("/admin");
    const layout = new LayoutPage(s.page);
    await layout.footer().getByRole("link", { name: "Terms" }).click();
    await s.page.waitForURL("**/terms");
    await s.page.getByRole("heading", { name: "Terms and Conditions" }).waitFor();
    const text = (await s.page.locator("main").textContent()) ?? "";
    expect(text).toContain("Template.");
    expect(text).toContain("Malaysian ringgit (RM)");
    expect(text).not.toContain("This is just a sample");
  });

  test("the footer's Privacy link shows the privacy template with the age of 18", async () => {
    await s.page.goto("/admin");
    const layout = new LayoutPage(s.page);
    await layout.footer().getByRole("link", { name: "Privacy" }).click();
    await s.page.waitForURL("**/privacy");
    await s.page.getByRole("heading", { name: "Privacy Policy" }).waitFor();
    const text = (await s.page.locator("main").textContent()) ?? "";
    expect(text).toContain("Template.");
    expect(text).toContain("You must be 18 years of age or older");
  });
});
