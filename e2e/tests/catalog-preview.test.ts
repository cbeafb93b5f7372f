import { ProductDetailsPage } from "../pages/ProductDetailsPage";
import { expect, test, useBrowser } from "../support/browser";

test.describe("/productDetails (static preview)", () => {
  const s = useBrowser();

  test("shows the mock page with its carousel, variations, tabs and alerting buttons", async () => {
    const preview = new ProductDetailsPage(s.page);
    await preview.goto();
    expect(await s.page.locator(".carousel-item").count()).toBe(3);
    const white = s.page.getByRole("button", { name: "White" });
    await white.click();
    expect(await white.getAttribute("aria-pressed")).toBe("true");

    expect(await preview.alertOf("Add to Cart")).toBe("Added to cart.");
    expect(await preview.alertOf("Buy Now")).toBe("Proceeding to checkout.");
    expect(await preview.alertOf("Share")).toBe("Share this product with your friends.");

    expect(await preview.favourite().getAttribute("aria-pressed")).toBe("false");
    await preview.favourite().click();
    expect(await preview.favourite().getAttribute("aria-pressed")).toBe("true");

    await preview.tab("Product Details").click();
    await s.page.getByText("SAMPLE-001").waitFor();
    await preview.tab("Reviews").click();
    await s.page.getByText("Exactly as pictured.").waitFor();
    await preview.tab("Description").click();
  });

  test("keeps the quantity between 1 and 99", async () => {
    const preview = new ProductDetailsPage(s.page);
    await preview.goto();
    expect(await preview.quantity().inputValue()).toBe("1");
    expect(await preview.decrease().isDisabled()).toBe(true);
    await preview.increase().click();
    expect(await preview.quantity().inputValue()).toBe("2");
    await preview.quantity().fill("150");
    expect(await preview.quantity().inputValue()).toBe("99");
    expect(await preview.increase().isDisabled()).toBe(true);
    await preview.decrease().click();
    expect(await preview.quantity().inputValue()).toBe("98");
  });

  test("Go Back and the back arrow both go to /products", async () => {
    const preview = new ProductDetailsPage(s.page);
    await preview.goto();
    await preview.goBack().click();
    await s.page.waitForURL((u) => u.pathname === "/products");
    await preview.goto();
    await preview.backArrow().click();
    await s.page.waitForURL((u) => u.pathname === "/products");
  });
});
