import type { Dialog, Locator, Page } from "@playwright/test";
import type { Category, Product, ProductInput } from "@store/contract";
import { chooseImages, type FileSpec } from "./BrandPages";

/** Seeds records through the API with the browser's logged-in session. */
export class CatalogApi {
  constructor(readonly page: Page) {}

  async category(name: string): Promise<Category> {
    const res = await this.page.request.post("/api/categories", {
      data: { category_name: name, cat_status: 1 },
    });
    if (res.status() !== 201) throw new Error(`category: ${res.status()} ${await res.text()}`);
    return (await res.json()) as Category;
  }

  async product(input: Partial<ProductInput> & { category_id: number }): Promise<Product> {
    const res = await this.page.request.post("/api/products", {
      data: { product_name: "Product", normal_price: "10", stock_qtt: 1, ...input },
    });
    if (res.status() !== 201) throw new Error(`product: ${res.status()} ${await res.text()}`);
    return (await res.json()) as Product;
  }

  async getCategory(id: number): Promise<Category> {
    return (await (await this.page.request.get(`/api/categories/${id}`)).json()) as Category;
  }

  async getProduct(id: number): Promise<{ status: number; body: Product }> {
    const res = await this.page.request.get(`/api/products/${id}`);
    return { status: res.status(), body: (await res.json()) as Product };
  }

  async findProduct(name: string): Promise<Product | undefined> {
    const res = await this.page.request.get(`/api/products?q=${encodeURIComponent(name)}`);
    return ((await res.json()) as Product[]).find((p) => p.product_name === name);
  }
}

/** /products */
export class ProductListPage {
  constructor(readonly page: Page) {}

  readonly filters = () => this.page.getByRole("complementary", { name: "Filters" });
  readonly reset = () => this.filters().getByRole("button", { name: "Reset" });
  readonly min = () => this.page.getByLabel("Min", { exact: true });
  readonly max = () => this.page.getByLabel("Max", { exact: true });
  readonly search = () => this.page.getByRole("searchbox", { name: "Search products" });
  readonly cards = () => this.page.getByRole("article");
  readonly dialog = () => this.page.getByRole("dialog");
  readonly toggleFilters = (name: "Hide Filters" | "Show Filters") =>
    this.page.getByRole("button", { name });

  async goto(query = ""): Promise<void> {
    await this.page.goto(`/products${query}`);
    await this.page.getByRole("heading", { name: "Products" }).waitFor();
  }

  card(name: string): Locator {
    return this.page.getByRole("article", { name, exact: true });
  }

  categoryBox(name: string): Locator {
    return this.filters().getByRole("checkbox", {
      name: new RegExp(`^${escapeRegExp(name)} \\(\\d+\\)$`),
    });
  }

  async categoryLabel(name: string): Promise<string> {
    const id = await this.categoryBox(name).getAttribute("id");
    return ((await this.page.locator(`label[for="${id}"]`).textContent()) ?? "").trim();
  }

  /** Waits until exactly these product cards are shown. */
  async waitForCards(expected: string[]): Promise<void> {
    await this.page.waitForFunction((want) => {
      const shown = [...document.querySelectorAll("article[aria-label]")]
        .map((e) => e.getAttribute("aria-label"))
        .sort();
      return JSON.stringify(shown) === JSON.stringify(want);
    }, [...expected].sort());
  }

  /** Ticks or unticks a category and waits for the box to follow. */
  async setCategory(name: string, on: boolean): Promise<void> {
    const box = this.categoryBox(name);
    if ((await box.isChecked()) !== on) await box.click();
    await this.page.waitForFunction(
      ([id, want]) => (document.getElementById(id) as HTMLInputElement | null)?.checked === want,
      [(await box.getAttribute("id")) ?? "", on] as const,
    );
  }

  /** Types a bound, leaves the field, and answers the alert it raised (or null). */
  async setBound(field: "Min" | "Max", value: string): Promise<string | null> {
    const input = field === "Min" ? this.min() : this.max();
    // Enter checks the bound in its own key handler (PriceFilter.tsx): an alert
    // it raises has been answered by the time the key press is done.
    let message: string | null = null;
    const answer = async (dialog: Dialog) => {
      message = dialog.message();
      await dialog.accept();
    };
    this.page.once("dialog", answer);
    await input.fill(value);
    await input.press("Enter");
    this.page.off("dialog", answer);
    return message;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** /addProduct and /editProduct?pid= */
export class ProductFormPage {
  constructor(readonly page: Page) {}

  readonly name = () => this.page.getByLabel("Product Name", { exact: true });
  readonly description = () => this.page.getByLabel("Description", { exact: true });
  readonly images = () => this.page.getByLabel("Product Images");
  readonly removeAll = () => this.page.getByRole("button", { name: "Remove all" });
  readonly variationSwitch = () =>
    this.page.getByRole("checkbox", { name: /^Show Variation \(\d+\)$/ });
  readonly addVariant = () => this.page.getByRole("button", { name: "Add Variant" });
  readonly width = () => this.page.getByLabel("Width");
  readonly height = () => this.page.getByLabel("Height");
  readonly weight = () => this.page.getByLabel("Weight");
  readonly normalPrice = () => this.page.getByLabel("Normal Price");
  readonly discountPrice = () =>
    this.page.getByRole("region", { name: "Pricing" }).getByLabel("Discount Price");
  readonly costPrice = () => this.page.getByLabel("Cost Price");
  readonly stock = () => this.page.getByLabel("Stock Quantity");
  readonly sku = () => this.page.getByRole("region", { name: "Inventory" }).getByLabel("SKU");
  readonly category = () => this.page.getByLabel("Category", { exact: true });
  readonly status = () =>
    this.page.getByRole("region", { name: "Status" }).getByLabel("Status (Active)");
  readonly save = () => this.page.getByRole("button", { name: "Save", exact: true });
  readonly cancel = () => this.page.getByRole("link", { name: "Cancel" });
  readonly errors = () => this.page.locator(".invalid-feedback");
  readonly variants = () => this.page.getByRole("region", { name: /^Variant \d+$/ });

  variant(n: number) {
    const card = this.page.getByRole("region", { name: `Variant ${n}`, exact: true });
    return {
      card,
      name: () => card.getByLabel("Variant Name"),
      quantity: () => card.getByLabel("Quantity"),
      sku: () => card.getByLabel("SKU"),
      price: () => card.getByLabel("Price", { exact: true }),
      discount: () => card.getByLabel("Discount Price"),
      image: () => card.getByLabel("Variant Image"),
      status: () => card.getByLabel("Status (Active)"),
      remove: () => card.getByRole("button", { name: "Delete" }),
    };
  }

  chooseImages(files: FileSpec | FileSpec[]): Promise<string | null> {
    return chooseImages(this.page, this.images(), files);
  }
}
