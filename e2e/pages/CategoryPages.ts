import type { Page } from "@playwright/test";
import type { Category } from "@store/contract";
import { ListScreen } from "./ListScreen";

/** /categories */
export class CategoryListPage extends ListScreen {
  constructor(page: Page) {
    super(page, "/categories");
  }

  async apiCategory(name: string): Promise<Category | undefined> {
    const response = await this.page.request.get(
      `/api/categories?q=${encodeURIComponent(name)}&_page=1&_limit=100`,
    );
    return ((await response.json()) as Category[]).find((c) => c.category_name === name);
  }
}

/** /addCategories and /editCategories?cid= */
export class CategoryFormPage {
  constructor(readonly page: Page) {}

  readonly name = () => this.page.getByLabel("Category Name");
  readonly status = () => this.page.getByLabel("Status (Active)");
  readonly add = () => this.page.getByRole("button", { name: "Add", exact: true });
  readonly save = () => this.page.getByRole("button", { name: "Save", exact: true });
}
