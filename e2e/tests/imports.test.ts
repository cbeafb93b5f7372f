import type { Category } from "@store/contract";
import ExcelJS from "exceljs";
import { ProductListPage } from "../pages/ProductPages";
import { axeViolations } from "../support/axe";
import { expect, test, useBrowser } from "../support/browser";

/**
 * Issue 43: the store brings its products in from Excel. The template is
 * downloaded through /import, filled with three products (one in a category
 * the store has not), checked (the bad row named), fixed, checked again,
 * imported, and the products found on /products.
 */
test.describe("importing products from the template", () => {
  const s = useBrowser();

  test("downloads the template, sees the bad row of a dry run, fixes it, imports and finds the products", async () => {
    const { page } = s;
    const answer = await page.request.get("/api/categories?_page=1&_limit=1&_sort=category_id");
    const [category] = (await answer.json()) as Category[];
    if (!category) throw new Error("the demo store has no category");
    const stamp = `${Date.now()}`;
    const names = ["A", "B", "C"].map((n) => `Imported ${stamp} ${n}`);

    await page.goto("/import");
    const kind = page.getByRole("combobox", { name: "What to import" });
    await expect(kind).toHaveValue("products");
    await expect(page.getByRole("table", { name: "Columns of the file" })).toContainText(
      "Product name",
    );
    expect(await axeViolations(page)).toEqual([]);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Template (Excel)" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1).map(String);
    const at = (label: string) => {
      const index = header.indexOf(label);
      if (index < 0) throw new Error(`the template has no column ${label}: ${header.join(", ")}`);
      return index + 1;
    };

    /** The three rows under the template's header (its example row replaced), as an xlsx file. */
    const fill = async (secondCategory: string) => {
      for (const [i, name] of names.entries()) {
        const row = sheet.getRow(i + 2);
        for (let c = 1; c <= header.length; c += 1) row.getCell(c).value = null;
        row.getCell(at("SKU")).value = `IMP-${stamp}-${i + 1}`;
        row.getCell(at("Product name")).value = name;
        row.getCell(at("Category")).value = i === 1 ? secondCategory : category.category_name;
        row.getCell(at("Price")).value = `${12 + i}.50`;
        row.getCell(at("Stock")).value = "10";
        row.commit();
      }
      return {
        name: "products.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: Buffer.from(await book.xlsx.writeBuffer()),
      };
    };

    const file = page.getByLabel("File (.xlsx or .csv)");
    const importButton = page.getByRole("button", { name: "Import", exact: true });
    await file.setInputFiles(await fill(`No such category ${stamp}`));
    await page.getByRole("button", { name: "Check file" }).click();
    // The second product's row (the header is row 1) is named with its column and why.
    const errors = page.getByRole("table", { name: "Rows to fix: 1" });
    await expect(errors.getByRole("row").nth(1)).toContainText("3");
    await expect(errors.getByRole("row").nth(1)).toContainText("Category");
    await expect(errors.getByRole("row").nth(1)).toContainText(`No such category ${stamp}`);
    await expect(page.getByText(/^3 rows: /)).toBeVisible();
    await expect(importButton).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);

    await file.setInputFiles(await fill(category.category_name));
    await page.getByRole("button", { name: "Check file" }).click();
    await expect(page.getByText("3 rows: 3 to create, 0 to update.")).toBeVisible();
    await expect(page.getByRole("table", { name: /^Rows to fix/ })).toHaveCount(0);
    await importButton.click();
    await expect(page.getByText("Imported: 3 created, 0 updated.")).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole("link", { name: "Open the products" }).click();
    const list = new ProductListPage(page);
    await page.getByRole("heading", { name: "Products" }).waitFor();
    await list.search().fill(`Imported ${stamp}`);
    await list.waitForCards(names);
  });
});
