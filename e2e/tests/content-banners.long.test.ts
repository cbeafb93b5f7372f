import { BannerFormPage, BannerListPage } from "../pages/ContentPages";
import { expect, test, useBrowser } from "../support/browser";

const unique = `Banner ${Date.now().toString(36)}`;
// A real 1 x 1 PNG: the server judges uploads by their content.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

test.describe("banners", () => {
  const s = useBrowser();

  test("lists the columns of docs/REQUIREMENTS.md section 2", async () => {
    const list = new BannerListPage(s.page);
    await list.goto();
    expect(await list.headerTexts()).toEqual([
      "#",
      "Title",
      "Image",
      "Subtitle",
      "Status",
      "Created Date",
      "Actions",
    ]);
  });

  test("refuses a wrong type and a too-large file with the alerts of docs/REQUIREMENTS.md section 5, clearing the input", async () => {
    const form = new BannerFormPage(s.page);
    await s.page.goto("/addBanner");
    const wrongType = await form.chooseFile({
      name: "notes.txt",
      mimeType: "text/plain",
      buffer: Buffer.from("hello"),
    });
    expect(wrongType).toBe("Ahem, please use a valid image file type. 😏");
    expect(await form.image().inputValue()).toBe("");
    const tooLarge = await form.chooseFile({
      name: "huge.png",
      mimeType: "image/png",
      buffer: Buffer.alloc(5_242_881),
    });
    expect(tooLarge).toBe("Uh-oh! file size is too big. 😒");
    expect(await form.image().inputValue()).toBe("");
    expect(await form.preview().count()).toBe(0);
  });

  test("needs a title, uploads and previews an image, removes it, and saves to /banner", async () => {
    const list = new BannerListPage(s.page);
    const form = new BannerFormPage(s.page);
    await list.goto();
    await list.addNew().click();
    await s.page.waitForURL("**/addBanner");
    await form.add().click();
    await s.page.getByText("Title is required.").waitFor();

    expect(await form.chooseFile({ name: "raya.png", mimeType: "image/png", buffer: PNG })).toBe(
      null,
    );
    await form.preview().waitFor();
    await form.remove().click();
    expect(await form.preview().count()).toBe(0);
    await form.chooseFile({ name: "raya.png", mimeType: "image/png", buffer: PNG });
    await form.preview().waitFor();

    await form.title().fill(unique);
    await form.subtitle().fill("Up to 50% off");
    await form.status().check();
    await form.add().click();
    await s.page.waitForURL((url) => url.pathname === "/banner");

    const row = await list.find(unique);
    const cells = await list.cellTexts(row);
    expect(cells.slice(1, 5)).toEqual([unique, "", "Up to 50% off", "Active"]);
    const stored = await list.apiBanner(unique);
    expect(stored?.banner_image).toMatch(/\.png$/);
    const thumbnail = row.getByRole("img", { name: unique });
    expect(await thumbnail.getAttribute("src")).toBe(`/uploads/${stored?.banner_image}`);
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1);
  });

  test("edits a banner and deletes it after the Delete Alert", async () => {
    const list = new BannerListPage(s.page);
    const form = new BannerFormPage(s.page);
    await list.goto();
    await list.find(unique);
    await list.edit(unique);
    await s.page.waitForURL("**/editBanner?bnid=*");
    await expect(form.title()).toHaveValue(unique);
    await form.preview().waitFor();
    await form.subtitle().fill("Merdeka week only");
    await form.status().uncheck();
    await form.save().click();
    await s.page.waitForURL((url) => url.pathname === "/banner");
    const row = await list.find(unique);
    expect((await list.cellTexts(row)).slice(3, 5)).toEqual(["Merdeka week only", "Inactive"]);

    const dialog = await list.askDelete(unique);
    expect(await dialog.getByRole("heading").textContent()).toBe("Delete Alert");
    expect(await dialog.textContent()).toContain(`Are you sure you want to delete "${unique}"?`);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await list.row(unique).waitFor({ state: "detached" });
    expect(await list.apiBanner(unique)).toBeUndefined();
  });
});
