import { BrandFormPage, BrandListPage } from "../pages/BrandPages";
import { expect, test, useBrowser } from "../support/browser";

const tag = Date.now().toString(36);
// Real 1 x 1 images: the server judges uploads by their content.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");
const SHORT_DATE = /^\d{1,2} [A-Z][a-z]{2,3} \d{4}, \d{1,2}:\d{2} (am|pm)$/;

test.describe("brands", () => {
  const s = useBrowser();

  test("lists the columns of docs/REQUIREMENTS.md section 2 and shows the loading-dots row while the list loads", async () => {
    const list = new BrandListPage(s.page);
    await s.page.route("**/api/brands?*", async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue().catch(() => {});
    });
    await s.page.goto("/brands");
    await list.table().getByRole("status", { name: "Loading" }).waitFor();
    expect(await list.headerTexts()).toEqual([
      "#",
      "Brand Name",
      "Brand Image",
      "Status",
      "Created Date",
      "Updated Date",
      "Actions",
    ]);
    await list.table().getByRole("status", { name: "Loading" }).waitFor({ state: "detached" });
    await s.page.unroute("**/api/brands?*");
  });

  test("accepts jpg/jpeg/png only and refuses a too-large file, with the alerts of docs/REQUIREMENTS.md section 5, clearing the input", async () => {
    const form = new BrandFormPage(s.page);
    await s.page.goto("/addBrands");
    const gif = await form.chooseFile({ name: "logo.gif", mimeType: "image/gif", buffer: GIF });
    expect(gif).toBe("Ahem, please use a valid image file type. 😏");
    expect(await form.image().inputValue()).toBe("");
    const big = await form.chooseFile({
      name: "big.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5_242_881),
    });
    expect(big).toBe("Uh-oh! file size is too big. 😒");
    expect(await form.image().inputValue()).toBe("");
    expect(await form.preview().count()).toBe(0);
  });

  test("adds a brand with an image (Add), edits it (Save), and deletes it after the Delete Alert", async () => {
    const name = `Brand ${tag}`;
    const list = new BrandListPage(s.page);
    const form = new BrandFormPage(s.page);
    await list.goto();
    await list.addNew().click();
    await s.page.waitForURL("**/addBrands");
    expect(await form.save().count()).toBe(0);
    await form.add().click();
    await s.page.getByText("Brand name is required.").waitFor();

    expect(await form.chooseFile({ name: "acme.png", mimeType: "image/png", buffer: PNG })).toBe(
      null,
    );
    await form.remove().click();
    expect(await form.preview().count()).toBe(0);
    await form.chooseFile({ name: "acme.png", mimeType: "image/png", buffer: PNG });
    await form.preview().waitFor();
    await form.name().fill(name);
    await form.status().check();
    await form.add().click();
    await s.page.waitForURL((url) => url.pathname === "/brands");

    const row = await list.find(name);
    const cells = await list.cellTexts(row);
    expect(cells[1]).toBe(name);
    expect(cells[3]).toBe("Active");
    expect(cells[4]).toMatch(SHORT_DATE);
    expect(cells[5]).toBe("-");
    const stored = await list.apiBrand(name);
    expect(stored?.brand_image).toMatch(/\.png$/);
    expect(await row.getByRole("img", { name }).getAttribute("src")).toBe(
      `/uploads/${stored?.brand_image}`,
    );

    await list.edit(name);
    await s.page.waitForURL(`**/editBrands?bid=${stored?.brand_id}`);
    expect(await form.add().count()).toBe(0);
    await form.name().waitFor();
    expect(await form.name().inputValue()).toBe(name);
    await form.status().uncheck();
    await form.save().click();
    await s.page.waitForURL((url) => url.pathname === "/brands");
    const edited = await list.find(name);
    const after = await list.cellTexts(edited);
    expect(after[3]).toBe("Inactive");
    expect(after[5]).toMatch(SHORT_DATE);

    const dialog = await list.askDelete(name);
    expect(await dialog.getByRole("heading").innerText()).toBe("Delete Alert");
    expect((await dialog.locator(".modal-body").innerText()).trim()).toBe(
      `Are you sure you want to delete "${name}"?`,
    );
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await list.row(name).waitFor({ state: "detached" });
    expect(await list.apiBrand(name)).toBeUndefined();
  });

  test("says plainly when an edit link names no brand, and offers the way back", async () => {
    for (const url of ["/editBrands?bid=987654", "/editBrands?bid=abc"]) {
      await s.page.goto(url);
      await s.page.getByText("This brand could not be found.").waitFor();
      expect(await s.page.getByLabel("Brand Name").count()).toBe(0);
    }
    await s.page.getByRole("link", { name: "Back to Brands" }).click();
    await s.page.waitForURL((u) => u.pathname === "/brands");
  });
});
