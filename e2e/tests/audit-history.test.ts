import type { Category, Product } from "@store/contract";
import { ProductFormPage } from "../pages/ProductPages";
import { expect, test, useBrowser } from "../support/browser";

const tag = `ah${Date.now().toString(36)}`;

/** Today in the store's time zone as the screens write dates (en-GB). */
const today = () =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: "Asia/Kuala_Lumpur",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
  }).format(new Date());

test.describe("the History panel of an edit screen", () => {
  const s = useBrowser();

  test("shows who changed a product's price, when, and from what to what", async () => {
    const category = (await (
      await s.page.request.post("/api/categories", {
        data: { category_name: `${tag} kettles`, cat_status: 1 },
      })
    ).json()) as Category;
    const created = await s.page.request.post("/api/products", {
      data: {
        product_name: `${tag} kettle`,
        normal_price: "10.00",
        stock_qtt: 20,
        category_id: category.category_id,
        product_status: 1,
      },
    });
    if (!created.ok()) throw new Error(`create product: ${await created.text()}`);
    const product = (await created.json()) as Product;

    const form = new ProductFormPage(s.page);
    await s.page.goto(`/editProduct?pid=${product.product_id}`);
    const history = s.page.getByRole("region", { name: "History" });
    await history.getByText("Created by admin", { exact: false }).waitFor();
    await expect(form.normalPrice()).toHaveValue("10.00");

    await form.normalPrice().fill("12.50");
    await form.save().click();
    await s.page.waitForURL((url) => url.pathname === "/products");

    await s.page.goto(`/editProduct?pid=${product.product_id}`);
    const latest = history.getByRole("listitem").first();
    // The name recorded and the account's id (docs/decisions/confusable-names.md).
    await expect(latest).toHaveText(/Changed by admin #\d+ on/);
    expect(await latest.locator("time").textContent()).toContain(today());
    // Stamped within the last minutes, in the store's time ("yyyy-MM-dd HH:mm:ss", UTC+8).
    const stamp = (await latest.locator("time").getAttribute("datetime")) ?? "";
    const at = new Date(`${stamp.replace(" ", "T")}+08:00`).getTime();
    expect(Math.abs(Date.now() - at)).toBeLessThan(5 * 60_000);

    const price = latest.getByRole("row", { name: /^Normal price/ });
    expect(
      (await price.getByRole("cell").allTextContents()).map((t) => t.replace(/\s+/g, " ").trim()),
    ).toEqual(["from 10.00", "to 12.50"]);
    // Only what changed is listed: the name was left alone.
    expect(await latest.getByRole("row", { name: /^Product name/ }).count()).toBe(0);
    // The older entry, the creation, is still there below it.
    await expect(history.getByRole("listitem")).toHaveCount(2);
  });
});
