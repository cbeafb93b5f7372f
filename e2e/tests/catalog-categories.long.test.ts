import { CategoryFormPage, CategoryListPage } from "../pages/CategoryPages";
import { CatalogApi } from "../pages/ProductPages";
import { expect, test, useBrowser } from "../support/browser";

const tag = Date.now().toString(36);

test.describe("categories", () => {
  const s = useBrowser();

  test("lists the columns of docs/REQUIREMENTS.md section 2", async () => {
    const list = new CategoryListPage(s.page);
    await list.goto();
    expect(await list.headerTexts()).toEqual([
      "#",
      "Category Name",
      "Products In Category",
      "Status",
      "Created At",
      "Updated At",
      "Actions",
    ]);
  });

  test("needs a name, adds a category, edits it, and deletes it after the Delete Alert", async () => {
    const name = `Category ${tag}`;
    const list = new CategoryListPage(s.page);
    const form = new CategoryFormPage(s.page);
    await list.goto();
    await list.addNew().click();
    await s.page.waitForURL("**/addCategories");
    await form.add().click();
    await s.page.getByText("Category name is required.").waitFor();
    await form.name().fill(name);
    await form.status().check();
    await form.add().click();
    await s.page.waitForURL((url) => url.pathname === "/categories");

    const row = await list.find(name);
    const cells = await list.cellTexts(row);
    expect(cells.slice(1, 4)).toEqual([name, "0", "Active"]);
    expect(cells[4]).toMatch(/^\d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    expect(cells[5]).toBe("-");

    await list.edit(name);
    await form.name().waitFor();
    expect(await form.name().inputValue()).toBe(name);
    await form.name().fill(`${name} renamed`);
    await form.save().click();
    await s.page.waitForURL((url) => url.pathname === "/categories");
    const renamed = await list.find(`${name} renamed`);
    expect((await list.cellTexts(renamed))[5]).not.toBe("-");

    const dialog = await list.askDelete(`${name} renamed`);
    expect(await dialog.getByRole("heading").innerText()).toBe("Delete Alert");
    expect((await dialog.locator(".modal-body").innerText()).trim()).toBe(
      `Are you sure you want to delete "${name} renamed"?`,
    );
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await list.row(`${name} renamed`).waitFor({ state: "detached" });
  });

  test("shows the live product count and refuses to delete a category that still has products", async () => {
    const name = `Busy ${tag}`;
    const api = new CatalogApi(s.page);
    const category = await api.category(name);
    await api.product({ category_id: category.category_id, product_name: `In ${name}` });
    const list = new CategoryListPage(s.page);
    await list.goto();
    const row = await list.find(name);
    expect((await list.cellTexts(row))[2]).toBe("1");
    const dialog = await list.askDelete(name);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await s.page
      .getByText("This category still has 1 product. Move or delete them first.")
      .waitFor();
    expect(await list.row(name).count()).toBe(1);
  });

  test("says plainly when an edit link names no category", async () => {
    await s.page.goto("/editCategories?cid=987654");
    await s.page.getByText("This category could not be found.").waitFor();
    await s.page.getByRole("link", { name: "Back to Categories" }).click();
    await s.page.waitForURL((u) => u.pathname === "/categories");
  });
});
