import type { Category } from "@store/contract";
import { CategoryFormPage, CategoryListPage } from "../pages/CategoryPages";
import { OrderFormPage } from "../pages/OrderFormPage";
import { OrderListPage } from "../pages/OrderListPage";
import { expect, test, useBrowser } from "../support/browser";

const tag = `fb${Date.now().toString(36)}`;

/** Issue 20 item 5: every click says whether it worked (docs/decisions/feedback-for-every-click.md). */
test.describe("feedback for every click", () => {
  const s = useBrowser();

  test("keeps a save made offline on its form, and Retry sends it once the connection is back", async () => {
    const created = (await (
      await s.page.request.post("/api/categories", {
        data: { category_name: `${tag} lamps`, cat_status: 1 },
      })
    ).json()) as Category & { version: number };
    const form = new CategoryFormPage(s.page);
    await s.page.goto(`/editCategories?cid=${created.category_id}`);
    await expect(form.name()).toHaveValue(`${tag} lamps`);
    const puts: (string | undefined)[] = [];
    s.page.on("request", (request) => {
      if (request.method() === "PUT") puts.push(request.headers()["if-match"]);
    });

    await s.context.setOffline(true);
    const banner = s.page.getByTestId("offline-banner");
    await banner.waitFor();
    expect(await banner.textContent()).toContain("You are offline.");
    await form.name().fill(`${tag} desk lamps`);
    await form.save().click();
    const unsent = s.page.locator("form").getByRole("alert");
    await unsent.waitFor();
    expect(await unsent.textContent()).toContain("The server could not be reached.");
    // Nothing lost: the typing is on the form, the screen has not left.
    expect(await form.name().inputValue()).toBe(`${tag} desk lamps`);
    expect(new URL(s.page.url()).pathname).toBe("/editCategories");

    await s.context.setOffline(false);
    await banner.waitFor({ state: "detached" });
    await unsent.getByRole("button", { name: "Retry" }).click();
    await s.page.waitForURL((url) => url.pathname === "/categories");
    await s.page.getByText("Changes saved.").waitFor();
    const saved = (await (
      await s.page.request.get(`/api/categories/${created.category_id}`)
    ).json()) as Category & { version: number };
    expect(saved.category_name).toBe(`${tag} desk lamps`);
    // The same save twice, on the version the form was loaded at; it was written once.
    expect(puts).toEqual([`"${created.version}"`, `"${created.version}"`]);
    expect(saved.version).toBe(created.version + 1);
  });

  test("shows a failed list's error in its table with a Retry that loads it", async () => {
    const list = new CategoryListPage(s.page);
    let failing = true;
    await s.page.route("**/api/categories?**", (route) =>
      failing
        ? route.fulfill({ status: 503, json: { message: "Something went wrong on our side." } })
        : route.fallback(),
    );
    await s.page.goto(`/categories?q=${tag}`);
    const failed = s.page.getByTestId("list-error");
    await failed.waitFor();
    expect(await failed.textContent()).toContain("The list could not be loaded.");
    expect(await failed.textContent()).toContain("Something went wrong on our side.");
    // Said in the table's place, not also in a toast, and no empty table to misread.
    expect(await s.page.locator(".toast").count()).toBe(0);
    expect(await list.table().isVisible()).toBe(false);

    failing = false;
    await failed.getByRole("button", { name: "Retry" }).click();
    await list.row(`${tag} desk lamps`).waitFor();
    await failed.waitFor({ state: "detached" });
    await s.page.unroute("**/api/categories?**");
  });

  test("confirms an order's save with a toast", async () => {
    // A seeded order: one keyed in by another file has no tracking number, which Save requires.
    const { rows } = await new OrderListPage(s.page).apiPage(
      "_sort=orders_id&_order=asc&_page=1&_limit=20",
    );
    const order = rows.find((row) => row.tracking_number !== "");
    if (!order) throw new Error("the demo store has no order with a tracking number");
    const form = new OrderFormPage(s.page);
    await form.goto(order.orders_id);
    await form.loaded();
    // Saved as it is: other files read the demo orders' values.
    await form.trackingNumber().fill(order.tracking_number);
    await form.save().click();
    await s.page.waitForURL((url) => url.pathname === "/order");
    const toast = s.page.getByRole("status").filter({ hasText: "Changes saved." });
    await toast.waitFor();
    expect(await toast.count()).toBe(1);
  });
});
