import type { Brand, Product, User } from "@store/contract";
import { expect, test, useBrowser } from "../support/browser";

const tag = `al${Date.now().toString(36)}`;

test.describe("the /auditLog screen", () => {
  const s = useBrowser();
  const rows = () => s.page.locator("table.data-table > tbody > tr");

  test("is the sidebar's link after Settings and Jobs", async () => {
    await s.page.goto("/admin");
    const links = await s.page
      .getByRole("navigation", { name: "Sidebar" })
      .getByRole("link")
      .allTextContents();
    expect(links.indexOf("Jobs")).toBe(links.indexOf("Settings") + 1);
    expect(links.indexOf("Audit Log")).toBe(links.indexOf("Jobs") + 1);
  });

  test("finds a record's changes by filters kept in the address, each field before and after", async () => {
    const created = await s.page.request.post("/api/brands", {
      data: { brand_name: `${tag} Alpha`, brand_image: "", brand_status: 1 },
    });
    if (!created.ok()) throw new Error(`create brand: ${await created.text()}`);
    const brand = (await created.json()) as Brand;
    const renamed = await s.page.request.put(`/api/brands/${brand.brand_id}`, {
      data: { brand_name: `${tag} Beta`, brand_image: "", brand_status: 1 },
    });
    expect(renamed.ok()).toBe(true);

    await s.page.goto("/auditLog");
    await s.page.getByRole("heading", { name: "Audit Log" }).waitFor();
    await s.page.getByLabel("Record", { exact: true }).selectOption("Brand");
    await s.page.getByLabel("Record ID").fill(String(brand.brand_id));
    await s.page.waitForURL((url) => url.searchParams.get("entity_id") === String(brand.brand_id));
    await expect(rows()).toHaveCount(2);

    const [changed, made] = [rows().nth(0), rows().nth(1)];
    await expect
      .poll(async () => (await changed.locator("> td").allTextContents()).slice(1, 4))
      .toEqual([
        expect.stringMatching(/^admin #\d+$/),
        "Changed",
        `${tag} BetaBrand #${brand.brand_id}`,
      ]);
    expect(
      (
        await changed
          .getByRole("row", { name: /^Brand name/ })
          .getByRole("cell")
          .allTextContents()
      ).map((t) => t.trim()),
    ).toEqual([`from ${tag} Alpha`, `to ${tag} Beta`]);
    expect((await made.locator("> td").allTextContents())[2]).toBe("Created");

    // Only the change, and the view survives a reload (its filters are in the address).
    await s.page.getByLabel("Action", { exact: true }).selectOption({ label: "Changed" });
    await expect(rows()).toHaveCount(1);
    const url = new URL(s.page.url());
    expect(url.searchParams.get("entity")).toBe("Brand");
    expect(url.searchParams.get("entity_id")).toBe(String(brand.brand_id));
    expect(url.searchParams.get("action")).toBe("update");
    await s.page.reload();
    await expect(rows()).toHaveCount(1);
    expect(await s.page.getByLabel("Record ID").inputValue()).toBe(String(brand.brand_id));

    // The record's link (its name) opens its edit screen, whose History panel lists the same change.
    await rows()
      .first()
      .getByRole("link", { name: `${tag} Beta` })
      .click();
    await s.page.waitForURL(`**/editBrands?bid=${brand.brand_id}`);
    const history = s.page.getByRole("region", { name: "History" });
    await history
      .getByRole("row", { name: /^Brand name/ })
      .first()
      .waitFor();
  });

  test("names a wallet adjustment by its member, links to the member, and finds a product's rows by its name", async () => {
    const username = `${tag}mem`;
    const member = await s.page.request.post("/api/users", {
      data: {
        username,
        email: `${username}@example.my`,
        f_name: "Siti",
        l_name: "Aminah",
        contact: "0171234567",
        password: "Customer@123",
        gender: "Female",
        role: "Member",
        membership: 1,
        languages: "English",
        currency: "MYR",
        user_status: 1,
      },
    });
    if (!member.ok()) throw new Error(`create user: ${await member.text()}`);
    const userId = ((await member.json()) as User).user_id;
    const adjusted = await s.page.request.post("/api/walletAdjustments", {
      data: { user_id: userId, account: "wallet", amount: "12.50", note: "goodwill" },
    });
    if (!adjusted.ok()) throw new Error(`adjust: ${await adjusted.text()}`);
    const product = await s.page.request.post("/api/products", {
      data: {
        product_name: `${tag} Rice Cooker`,
        normal_price: "99.00",
        stock_qtt: 1,
        category_id: 1,
      },
    });
    if (!product.ok()) throw new Error(`create product: ${await product.text()}`);
    const productId = ((await product.json()) as Product).product_id;

    await s.page.goto("/auditLog?entity=LedgerEntry");
    const search = s.page.getByRole("searchbox", { name: "Search" });
    await search.fill(username);
    await expect(rows()).toHaveCount(1);
    const record = rows().first().locator("> td").nth(3);
    await expect
      .poll(() => record.textContent())
      .toMatch(new RegExp(`^${username}Ledger entry #\\d+$`));
    await record.getByRole("link", { name: username }).click();
    await s.page.waitForURL(`**/editUser?uid=${userId}`);

    // Typed in the box: the product's rows, by its name, whatever the kind chosen before.
    await s.page.goto("/auditLog");
    await s.page.getByRole("searchbox", { name: "Search" }).fill(`${tag} rice`);
    await s.page.waitForURL((url) => url.searchParams.get("q") === `${tag} rice`);
    await expect(rows()).toHaveCount(1);
    await rows()
      .first()
      .getByRole("link", { name: `${tag} Rice Cooker` })
      .waitFor();
    expect(
      await rows()
        .first()
        .getByRole("link", { name: `${tag} Rice Cooker` })
        .getAttribute("href"),
    ).toBe(`/editProduct?pid=${productId}`);
  });

  test("filters by a date typed dd/mm/yyyy, shows it so again after a reload, and says when the text is no date", async () => {
    // Tomorrow in the store's zone (UTC+8), whatever the runner's.
    const [y, m, d] = new Date(Date.now() + 86_400_000 + 8 * 3_600_000)
      .toISOString()
      .slice(0, 10)
      .split("-");
    await s.page.goto("/auditLog?entity=Brand");
    await expect.poll(() => rows().count()).toBeGreaterThan(0);
    const from = s.page.getByRole("textbox", { name: "Date from" });
    expect(await from.getAttribute("placeholder")).toBe("dd/mm/yyyy");
    await from.fill(`${d}/${m}/${y}`);
    await s.page.waitForURL((url) => url.searchParams.get("created_at_gte") === `${y}-${m}-${d}`);
    await s.page.getByText("No changes match these filters.").waitFor();
    // Shown as typed after a reload, from the ISO date in the address.
    await s.page.reload();
    await expect(from).toHaveValue(`${d}/${m}/${y}`);
    // Not a date: said so beside the field, and the list keeps its filter.
    await from.fill("31/02/2026");
    await from.blur();
    await s.page.getByText("Enter a date as dd/mm/yyyy.").waitFor();
    expect(await from.getAttribute("aria-invalid")).toBe("true");
    expect(new URL(s.page.url()).searchParams.get("created_at_gte")).toBe(`${y}-${m}-${d}`);
  });
});
