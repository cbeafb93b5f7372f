import type { Category, Product } from "@store/contract";
import { CatalogApi, ProductListPage } from "../pages/ProductPages";
import { expect, test, useBrowser } from "../support/browser";

const tag = Date.now().toString(36);
const names = {
  shoes: `Shoes ${tag}`,
  hats: `Hats ${tag}`,
  runner: `Runner ${tag}`,
  walker: `Walker ${tag}`,
  cap: `Cap ${tag}`,
  cheap: `Cheap ${tag}`,
};

test.describe("/products", () => {
  const s = useBrowser();
  const list = () => new ProductListPage(s.page);
  let shoes: Category;
  let hats: Category;
  let runner: Product;

  test.beforeAll(async () => {
    const api = new CatalogApi(s.page);
    shoes = await api.category(names.shoes);
    hats = await api.category(names.hats);
    runner = await api.product({
      category_id: shoes.category_id,
      product_name: names.runner,
      sku: `RUN-${tag}`,
      normal_price: "100",
      discount_price: "80",
      cost_price: "55.5",
      variants: [
        { variant_name: "Small", variant_price: "80" },
        { variant_name: "Large", variant_price: "85" },
      ],
    });
    await api.product({
      category_id: shoes.category_id,
      product_name: names.walker,
      sku: `WLK-${tag}`,
      normal_price: "2000",
    });
    await api.product({
      category_id: hats.category_id,
      product_name: names.cap,
      normal_price: "20",
    });
    await api.product({
      category_id: hats.category_id,
      product_name: names.cheap,
      normal_price: "0.50",
    });
  });

  test("shows a card with every field of docs/REQUIREMENTS.md section 2, the struck normal price and the variation count", async () => {
    const page = list();
    await page.goto(`?q=${encodeURIComponent(names.runner)}`);
    const card = page.card(names.runner);
    await card.waitFor();
    const text = await card.innerText();
    expect(text).toContain(names.runner);
    expect(text).toContain(`SKU: RUN-${tag}`);
    expect(text).toContain(`Category: ${names.shoes}`);
    expect(text).toContain("(2) variation");
    expect(text).toContain("Rating: 0.0");
    expect(text).toMatch(/Created: \d{2}\/\d{2}\/\d{4}/);
    expect(text).toContain("Cost Price: RM 55.50");
    expect(await card.locator("s").innerText()).toBe("RM 100.00");
    expect(await card.getByTestId("price").innerText()).toBe("RM 100.00 RM 80.00");
    expect(
      await card.getByRole("link", { name: `Edit ${names.runner}` }).getAttribute("href"),
    ).toBe(`/editProduct?pid=${runner.product_id}`);
    expect(await card.getByRole("img", { name: names.runner }).getAttribute("src")).toBe(
      "/default-product.svg",
    );
  });

  test("shows 'No variation' and a plain price without a discount", async () => {
    const page = list();
    await page.goto(`?q=${encodeURIComponent(names.cap)}`);
    const card = page.card(names.cap);
    await card.waitFor();
    expect(await card.innerText()).toContain("No variation");
    expect(await card.locator("s").count()).toBe(0);
    expect(await card.getByTestId("price").innerText()).toBe("RM 20.00");
  });

  test("filters by category checkboxes that show their counts, and by the default price range", async () => {
    const page = list();
    await page.goto();
    await page.categoryBox(names.shoes).waitFor();
    expect(await page.categoryLabel(names.shoes)).toBe(`${names.shoes} (2)`);
    expect(await page.categoryLabel(names.hats)).toBe(`${names.hats} (2)`);
    await page.setCategory(names.shoes, true);
    // Walker costs 2000, above the default Max of 1500.
    await page.waitForCards([names.runner]);
    await page.setCategory(names.hats, true);
    // Cheap costs 0.50, below the default Min of 1.
    await page.waitForCards([names.cap, names.runner]);
    expect(await page.min().inputValue()).toBe("1");
    expect(await page.max().inputValue()).toBe("1500");
  });

  test("refuses a min above the max and a max below the min with the alerts of docs/REQUIREMENTS.md section 5 and resets", async () => {
    const page = list();
    await page.goto(`?cat=${shoes.category_id}&cat=${hats.category_id}`);
    await page.card(names.runner).waitFor();

    expect(await page.setBound("Max", "2000")).toBeNull();
    await page.card(names.walker).waitFor();

    expect(await page.setBound("Min", "2500")).toBe("Min Price cannot be more than Max Price.");
    expect(await page.min().inputValue()).toBe("1");

    expect(await page.setBound("Max", "0.5")).toBe("Max Price cannot be less than Min Price.");
    expect(await page.max().inputValue()).toBe("1500");
    await page.card(names.walker).waitFor({ state: "detached" });

    // An empty field becomes 0: the 0.50 product appears.
    expect(await page.setBound("Min", "")).toBeNull();
    expect(await page.min().inputValue()).toBe("0");
    await page.waitForCards([names.cap, names.cheap, names.runner]);

    expect(await page.setBound("Min", "50")).toBeNull();
    await page.waitForCards([names.runner]);
  });

  test("Reset clears the categories and puts back 1 and 1500; the panel shows and hides", async () => {
    const page = list();
    await page.goto(`?cat=${shoes.category_id}&min=5&max=90`);
    await page.card(names.runner).waitFor();
    expect(await page.categoryBox(names.shoes).isChecked()).toBe(true);
    await page.reset().click();
    await s.page.waitForFunction(() => !new URL(location.href).searchParams.has("cat"));
    expect(await page.categoryBox(names.shoes).isChecked()).toBe(false);
    expect(await page.min().inputValue()).toBe("1");
    expect(await page.max().inputValue()).toBe("1500");

    await page.toggleFilters("Hide Filters").click();
    await page.filters().waitFor({ state: "detached" });
    await page.toggleFilters("Show Filters").click();
    await page.filters().waitFor();
  });

  test("the search box searches names and SKUs", async () => {
    const page = list();
    await page.goto();
    await page.max().fill("5000");
    await page.max().press("Enter");
    await page.search().fill(`WLK-${tag}`);
    await page.waitForCards([names.walker]);
    await page.search().fill(names.cap);
    await page.waitForCards([names.cap]);
  });

  test("shows the placeholder skeleton while the products load", async () => {
    const page = list();
    await s.page.route("**/api/products?*", async (route) => {
      await new Promise((r) => setTimeout(r, 800));
      await route.continue().catch(() => {});
    });
    await page.goto();
    await s.page.getByTestId("skeleton").first().waitFor();
    await s.page.getByTestId("skeleton").first().waitFor({ state: "detached" });
    await s.page.unroute("**/api/products?*");
  });

  test("deletes a product after the Delete Alert, and its category count drops", async () => {
    const page = list();
    await page.goto(`?cat=${hats.category_id}`);
    const card = page.card(names.cap);
    await card.waitFor();
    await card.getByRole("button", { name: `Delete ${names.cap}` }).click();
    const dialog = page.dialog();
    await dialog.waitFor();
    expect(await dialog.getByRole("heading").innerText()).toBe("Delete Alert");
    expect((await dialog.locator(".modal-body").innerText()).trim()).toBe(
      `Are you sure you want to delete "${names.cap}" and its' variant?`,
    );
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    expect(await card.count()).toBe(1);

    await card.getByRole("button", { name: `Delete ${names.cap}` }).click();
    await page.dialog().getByRole("button", { name: "Confirm" }).click();
    await card.waitFor({ state: "detached" });
    await s.page.getByText(`${names.hats} (1)`).waitFor();
    const api = new CatalogApi(s.page);
    expect((await api.getCategory(hats.category_id)).products_in_cat).toBe(1);
  });
});
