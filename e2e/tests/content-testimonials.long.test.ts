import type { User } from "@store/contract";
import { TestimonialFormPage, TestimonialListPage } from "../pages/ContentPages";
import { expect, test, useBrowser } from "../support/browser";

const tag = Date.now().toString(36);
const username = `cust${tag}`;
const title = `Fast delivery ${tag}`;

test.describe("testimonials", () => {
  const s = useBrowser();

  test.beforeAll(async () => {
    // A customer of our own, so the test does not depend on the demo rows.
    const response = await s.page.request.post("/api/users", {
      data: {
        username,
        email: `${username}@example.my`,
        f_name: "Nurul",
        l_name: "Huda",
        contact: "0171234567",
        password: "Customer@123",
        gender: "Female",
        role: "Member",
        membership: 1,
        languages: "English",
        currency: "MYR",
        user_status: 1,
      },
    });
    if (!response.ok()) throw new Error(`creating the customer failed: ${await response.text()}`);
    expect(((await response.json()) as User).username).toBe(username);
  });

  test("lists the columns of docs/REQUIREMENTS.md section 2", async () => {
    const list = new TestimonialListPage(s.page);
    await list.goto();
    // Every column, in the spec's order, once chosen (the default set leaves some out).
    await list.showColumns();
    expect(await list.headerTexts()).toEqual([
      "Customer Username",
      "Customer Name",
      "Testimonial Title",
      "Content",
      "Status",
      "Created Date",
      "Updated Date",
      "Actions",
    ]);
  });

  test("needs a customer and a title, offers the users as customers, and saves to /testimonial", async () => {
    const list = new TestimonialListPage(s.page);
    const form = new TestimonialFormPage(s.page);
    await list.goto();
    await list.addNew().click();
    await s.page.waitForURL("**/addTestimonial");
    await form.add().click();
    expect(await form.errors().allInnerTexts()).toEqual([
      "Customer username is required.",
      "Testimonial title is required.",
    ]);
    // The customer is a type-ahead: the server answers the users matching what is typed.
    expect(await form.customerChoices(username)).toEqual([username]);
    expect(await form.customerChoices("admin")).toContain("admin");
    await form.chooseCustomer(username);
    await form.title().fill(title);
    await form.content().fill("Arrived in two days.\nWell packed.");
    await form.status().check();
    await form.add().click();
    await s.page.waitForURL((url) => url.pathname === "/testimonial");

    const row = await list.find(title);
    const cells = await list.cellTexts(row);
    expect(cells.slice(0, 5)).toEqual([
      username,
      "Nurul Huda",
      title,
      // The list shows the content on one line.
      "Arrived in two days. Well packed.",
      "Active",
    ]);
    expect(cells[6]).toBe("-");
  });

  test("edits a testimonial, keeping the chosen customer", async () => {
    const list = new TestimonialListPage(s.page);
    const form = new TestimonialFormPage(s.page);
    await list.goto();
    await list.find(title);
    await list.edit(title);
    await s.page.waitForURL("**/editTestimonial?tid=*");
    await expect(form.title()).toHaveValue(title);
    expect(await form.customer().inputValue()).toBe(username);
    expect(await form.content().inputValue()).toBe("Arrived in two days.\nWell packed.");
    await form.content().fill("Arrived next day.");
    await form.status().uncheck();
    await form.save().click();
    await s.page.waitForURL((url) => url.pathname === "/testimonial");
    const row = await list.find(title);
    expect((await list.cellTexts(row)).slice(3, 5)).toEqual(["Arrived next day.", "Inactive"]);
    expect(await list.apiTestimonial(title)).toMatchObject({
      username,
      testimonial_content: "Arrived next day.",
      testimonial_status: 0,
      updated_at: expect.any(String),
    });
  });

  test("deletes a testimonial after the Delete Alert", async () => {
    const list = new TestimonialListPage(s.page);
    await list.goto();
    await list.find(title);
    const dialog = await list.askDelete(title);
    expect(await dialog.getByRole("heading").textContent()).toBe("Delete Alert");
    expect(await dialog.textContent()).toContain(`Are you sure you want to delete "${title}"?`);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await list.row(title).waitFor({ state: "detached" });
    expect(await list.apiTestimonial(title)).toBeUndefined();
  });
});
