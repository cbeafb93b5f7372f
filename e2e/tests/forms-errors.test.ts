import type { Category } from "@store/contract";
import { TestimonialFormPage } from "../pages/ContentPages";
import { ProductFormPage } from "../pages/ProductPages";
import { expect, settled, test, useBrowser } from "../support/browser";

const tag = `fe${Date.now().toString(36)}`;

test.describe("field errors on the one form pattern", () => {
  const s = useBrowser();

  test("ties each message to its field and announces them once, not as alerts", async () => {
    const form = new TestimonialFormPage(s.page);
    await s.page.goto("/addTestimonial");
    await form.add().click();
    await expect
      .poll(() => form.errors().allTextContents())
      .toEqual(["Customer username is required.", "Testimonial title is required."]);
    for (const field of [form.customer(), form.title()]) {
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      const described = (await field.getAttribute("aria-describedby")) ?? "";
      const texts = await Promise.all(
        described.split(" ").map((id) => s.page.locator(`[id="${id}"]`).textContent()),
      );
      expect(texts.join(" ")).toMatch(/is required\.$/);
    }
    // One polite status for the form, no alert per field; focus on the first field in error.
    expect(await s.page.locator("form [role=alert]").count()).toBe(0);
    expect((await s.page.locator("form [role=status]").first().textContent())?.trim()).toBe(
      "2 fields need correcting.",
    );
    expect(await form.customer().evaluate((el) => el === document.activeElement)).toBe(true);
  });

  test("shows a field the server refused on that field, with aria-invalid, and no second message", async () => {
    const category = (await (
      await s.page.request.post("/api/categories", {
        data: { category_name: `${tag} gone`, cat_status: 1 },
      })
    ).json()) as Category;
    const form = new ProductFormPage(s.page);
    await s.page.goto("/addProduct");
    await form.name().fill(`${tag} lamp`);
    await form.normalPrice().fill("30");
    await form.stock().fill("5");
    await form.category().locator(`option[value="${category.category_id}"]`).waitFor({
      state: "attached",
    });
    await form.category().selectOption(String(category.category_id));
    // Another admin deletes the category while this form is open.
    expect((await s.page.request.delete(`/api/categories/${category.category_id}`)).ok()).toBe(
      true,
    );
    await form.save().click();

    const message = s.page.locator("#category_id-error");
    await message.waitFor();
    expect((await message.textContent())?.trim()).toBe("Choose an existing category.");
    expect(await form.category().getAttribute("aria-invalid")).toBe("true");
    expect(await form.category().getAttribute("aria-describedby")).toContain("category_id-error");
    expect(await form.category().evaluate((el) => el === document.activeElement)).toBe(true);
    expect((await s.page.locator("form [role=status]").first().textContent())?.trim()).toBe(
      "1 field needs correcting.",
    );
    // Said on the field, not again in a toast; what was typed is kept.
    await settled(s.page);
    expect(await s.page.getByRole("alert").count()).toBe(0);
    expect(new URL(s.page.url()).pathname).toBe("/addProduct");
    expect(await form.name().inputValue()).toBe(`${tag} lamp`);
  });
});
