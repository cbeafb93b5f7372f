import type { Category, Variant } from "@store/contract";
import { CatalogApi, ProductFormPage, ProductListPage } from "../pages/ProductPages";
import { expect, test, useBrowser } from "../support/browser";

const tag = Date.now().toString(36);
// A real 1 x 1 PNG: the server judges uploads by their content.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

test.describe("/addProduct and /editProduct", () => {
  const s = useBrowser();
  const form = () => new ProductFormPage(s.page);
  let bags: Category;
  let boxes: Category;

  test.beforeAll(async () => {
    const api = new CatalogApi(s.page);
    bags = await api.category(`Bags ${tag}`);
    boxes = await api.category(`Boxes ${tag}`);
  });

  test("says what is missing and writes nothing", async () => {
    const f = form();
    await s.page.goto("/addProduct");
    await f.save().click();
    for (const message of [
      "Product name is required.",
      "Normal price is required.",
      "Stock quantity is required.",
      "Category is required.",
    ]) {
      await s.page.getByText(message, { exact: true }).waitFor();
    }
    expect(new URL(s.page.url()).pathname).toBe("/addProduct");
  });

  test("refuses a wrong image type and a too-large image with the alerts of docs/REQUIREMENTS.md section 5, clearing the input", async () => {
    const f = form();
    await s.page.goto("/addProduct");
    expect(
      await f.chooseImages({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("x") }),
    ).toBe("Ahem, please use a valid image file type. 😏");
    expect(await f.images().inputValue()).toBe("");
    expect(
      await f.chooseImages({
        name: "big.png",
        mimeType: "image/png",
        buffer: Buffer.alloc(5_242_881),
      }),
    ).toBe("Uh-oh! file size is too big. 😒");
    expect(await f.images().inputValue()).toBe("");
    expect(await s.page.getByRole("img", { name: "Preview" }).count()).toBe(0);
  });

  test("shows 'Please add a variation.', counts variants in the switch and stops Add Variant at 10", async () => {
    const f = form();
    await s.page.goto("/addProduct");
    expect(await f.variationSwitch().getAttribute("id")).toBe("show_variation");
    await s.page.getByLabel("Show Variation (0)").check();
    await s.page.getByText("Please add a variation.").waitFor();
    for (let i = 1; i <= 10; i++) await f.addVariant().click();
    await s.page.getByLabel("Show Variation (10)").waitFor();
    expect(await f.variants().count()).toBe(10);
    expect(await f.addVariant().isDisabled()).toBe(true);
    // A new variant is removed without asking: nothing saved is lost.
    await f.variant(10).remove().click();
    await s.page.getByLabel("Show Variation (9)").waitFor();
    expect(await f.addVariant().isDisabled()).toBe(false);
    // The switch hides the list and shows it again.
    await s.page.getByLabel("Show Variation (9)").uncheck();
    expect(await f.variants().count()).toBe(0);
    await s.page.getByLabel("Show Variation (9)").check();
    expect(await f.variants().count()).toBe(9);
  });

  test("number fields show negatives as 0, a discount below 1 shows blank, and units are CM and KG", async () => {
    const f = form();
    await s.page.goto("/addProduct");
    await f.stock().fill("-5");
    expect(await f.stock().inputValue()).toBe("0");
    await f.discountPrice().fill("0.5");
    await f.discountPrice().blur();
    expect(await f.discountPrice().inputValue()).toBe("");
    await f.discountPrice().fill("12");
    await f.discountPrice().blur();
    expect(await f.discountPrice().inputValue()).toBe("12");
    const dimensions = s.page.getByRole("region", { name: "Dimensions" });
    expect(await dimensions.locator(".input-group-text").allTextContents()).toEqual([
      "CM",
      "CM",
      "KG",
    ]);
    // Focus selects the content, so typing replaces it.
    await f.normalPrice().fill("45");
    await f.stock().focus();
    await f.normalPrice().focus();
    await s.page.keyboard.type("7");
    expect(await f.normalPrice().inputValue()).toBe("7");
  });

  test("adds a product with images and variants, saves to /products, and the card shows it", async () => {
    const name = `Satchel ${tag}`;
    const f = form();
    const list = new ProductListPage(s.page);
    await list.goto();
    await s.page.getByRole("link", { name: "Add Product" }).click();
    await s.page.waitForURL("**/addProduct");

    await f.name().fill(name);
    await f.description().fill("Leather, hand stitched.");
    expect(await f.chooseImages([png("a.png"), png("b.png")])).toBeNull();
    await s.page.getByRole("img", { name: "Preview" }).nth(1).waitFor();
    await f.removeAll().click();
    expect(await s.page.getByRole("img", { name: "Preview" }).count()).toBe(0);
    expect(await f.chooseImages([png("a.png"), png("b.png")])).toBeNull();
    await s.page.getByRole("img", { name: "Preview" }).nth(1).waitFor();

    await f.addVariant().click();
    await f.addVariant().click();
    const first = f.variant(1);
    expect(await first.card.innerText()).toContain("ID: New");
    await first.name().fill("Brown");
    await first.quantity().fill("4");
    await first.sku().fill(`SAT-BR-${tag}`);
    await first.price().fill("120");
    await first.discount().fill("99.9");
    await first.status().check();
    expect(await first.image().count()).toBe(1);
    await first.image().setInputFiles(png("v.png"));
    await first.card.getByRole("img", { name: "Preview" }).waitFor();
    await f.variant(2).name().fill("Black");
    await f.variant(2).price().fill("125");

    await f.width().fill("30");
    await f.height().fill("25.5");
    await f.weight().fill("1.2");
    await f.normalPrice().fill("150");
    await f.discountPrice().fill("120");
    await f.costPrice().fill("70");
    await f.stock().fill("12");
    await f.sku().fill(`SAT-${tag}`);
    await f.category().selectOption({ label: bags.category_name });
    await f.status().check();
    await f.save().click();
    await s.page.waitForURL((u) => u.pathname === "/products");

    const api = new CatalogApi(s.page);
    const saved = await api.findProduct(name);
    expect(saved).toMatchObject({
      product_description: "Leather, hand stitched.",
      product_variation: 2,
      normal_price: "150.00",
      discount_price: "120.00",
      cost_price: "70.00",
      stock_qtt: 12,
      width: "30.00",
      height: "25.50",
      weight: "1.20",
      category_id: bags.category_id,
      product_status: 1,
    });
    expect(saved?.product_images.split(",")).toHaveLength(2);
    const variants = (await (
      await s.page.request.get(`/api/productsVariants/${saved?.product_id}`)
    ).json()) as Variant[];
    expect(variants.map((v) => v.variant_name)).toEqual(["Brown", "Black"]);
    expect(variants[0]).toMatchObject({
      variant_qtt: 4,
      variant_price: "120.00",
      variant_dis_price: "99.90",
      variant_status: 1,
    });
    expect(variants[0]?.variant_image).toMatch(/\.png$/);
    expect((await api.getCategory(bags.category_id)).products_in_cat).toBe(1);

    await list.search().fill(name);
    const card = list.card(name);
    await card.waitFor();
    expect(await card.innerText()).toContain("(2) variation");
  });

  test("edits a product: loads it, moves it to another category, deletes a variant after the Delete Alert", async () => {
    const name = `Crate ${tag}`;
    const api = new CatalogApi(s.page);
    const product = await api.product({
      category_id: boxes.category_id,
      product_name: name,
      normal_price: "40",
      discount_price: "0.5",
      stock_qtt: 3,
      variants: [
        { variant_name: "Oak", variant_price: "40" },
        { variant_name: "Pine", variant_price: "35" },
      ],
    });
    const f = form();
    await s.page.goto(`/editProduct?pid=${product.product_id}`);
    await f.name().waitFor();
    expect(await f.name().inputValue()).toBe(name);
    expect(await f.normalPrice().inputValue()).toBe("40.00");
    expect(await f.discountPrice().inputValue()).toBe("");
    expect(await f.category().inputValue()).toBe(String(boxes.category_id));
    await s.page.getByLabel("Show Variation (2)").waitFor();
    expect(await f.variants().count()).toBe(2);
    expect(await f.variant(1).name().inputValue()).toBe("Oak");
    expect(await f.variant(1).card.innerText()).toMatch(/ID: \d+/);

    await f.variant(1).remove().click();
    const dialog = s.page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.getByRole("heading").innerText()).toBe("Delete Alert");
    expect(await dialog.locator(".modal-body").innerText()).toContain(
      'Are you sure you want to delete "Oak"?',
    );
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await s.page.getByLabel("Show Variation (1)").waitFor();
    expect(await f.variant(1).name().inputValue()).toBe("Pine");

    await f.category().selectOption({ label: bags.category_name });
    const before = (await api.getCategory(bags.category_id)).products_in_cat;
    await f.save().click();
    await s.page.waitForURL((u) => u.pathname === "/products");
    const saved = await api.getProduct(product.product_id);
    expect(saved.body).toMatchObject({
      category_id: bags.category_id,
      product_variation: 1,
      discount_price: null,
    });
    expect((await api.getCategory(bags.category_id)).products_in_cat).toBe(before + 1);
    expect((await api.getCategory(boxes.category_id)).products_in_cat).toBe(0);
  });

  test("Cancel and the back link go to /products", async () => {
    const f = form();
    await s.page.goto("/addProduct");
    await f.cancel().click();
    await s.page.waitForURL((u) => u.pathname === "/products");
    await s.page.goto("/addProduct");
    await s.page.getByRole("link", { name: "Back", exact: true }).click();
    await s.page.waitForURL((u) => u.pathname === "/products");
  });

  test("says plainly when an edit link names no product, and never shows a blank form", async () => {
    for (const url of ["/editProduct?pid=987654", "/editProduct?pid="]) {
      await s.page.goto(url);
      await s.page.getByText("This product could not be found.").waitFor();
      expect(await form().name().count()).toBe(0);
    }
    await s.page.getByRole("link", { name: "Back to Products" }).click();
    await s.page.waitForURL((u) => u.pathname === "/products");
  });
});
