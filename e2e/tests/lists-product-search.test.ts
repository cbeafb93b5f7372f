import { ProductListPage } from "../pages/ProductPages";
import { expect, settled, test, useBrowser } from "../support/browser";

test.describe("/products: the search race", () => {
  const s = useBrowser();

  test("a search still waiting when Edit is clicked does not pull the admin back to the list", async () => {
    const list = new ProductListPage(s.page);
    await list.goto();
    await list.cards().first().waitFor();
    // Edit Product's code arrives slowly, so the search's pause ends while it loads.
    await s.page.route(/\/assets\/ProductForm-[^/]+\.js$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1200));
      await route.continue().catch(() => {});
    });
    try {
      const edit = list
        .cards()
        .first()
        .getByRole("link", { name: /^Edit / });
      const href = (await edit.getAttribute("href")) ?? "";
      await list.search().fill("zzz");
      await edit.click();
      await s.page.getByRole("heading", { name: "Edit Product" }).waitFor();
      // The search's pause ended while the code loaded (1.2 s): still on the edit screen.
      await settled(s.page);
      const url = new URL(s.page.url());
      expect(`${url.pathname}${url.search}`).toBe(href);
      expect(await s.page.getByRole("heading", { name: "Edit Product" }).count()).toBe(1);
    } finally {
      await s.page.unroute(/\/assets\/ProductForm-[^/]+\.js$/);
    }
  });

  test("a search that had its pause is kept when the admin comes back from Edit", async () => {
    const list = new ProductListPage(s.page);
    await list.goto();
    const first = list.cards().first();
    await first.waitFor();
    const name = (await first.getAttribute("aria-label")) ?? "";
    await list.search().fill(name);
    await s.page.waitForURL((url) => url.searchParams.get("q") === name);
    await list
      .card(name)
      .getByRole("link", { name: `Edit ${name}` })
      .click();
    await s.page.getByRole("heading", { name: "Edit Product" }).waitFor();
    await s.page.goBack();
    await s.page.waitForURL((url) => url.pathname === "/products");
    expect(new URL(s.page.url()).searchParams.get("q")).toBe(name);
    expect(await list.search().inputValue()).toBe(name);
    await list.card(name).waitFor();
  });
});
