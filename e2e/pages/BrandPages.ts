import type { Page } from "@playwright/test";
import type { Brand } from "@store/contract";
import { ListScreen } from "./ListScreen";

/** A file for an <input type=file>. */
export interface FileSpec {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/**
 * Chooses files on a picker and answers the alert they raised, or null when
 * they were accepted (the previews grew).
 */
export async function chooseImages(
  page: Page,
  input: ReturnType<Page["getByLabel"]>,
  files: FileSpec | FileSpec[],
): Promise<string | null> {
  const before = await page.locator('img[alt="Preview"]').count();
  const alerted = page
    .waitForEvent("dialog", { timeout: 10_000 })
    .then(async (dialog) => {
      const message = dialog.message();
      await dialog.accept();
      return message;
    })
    .catch(() => null);
  await input.setInputFiles(files);
  const previewed = page
    .waitForFunction(
      (count) => document.querySelectorAll('img[alt="Preview"]').length > count,
      before,
      { timeout: 10_000 },
    )
    .then(() => null)
    .catch(() => null);
  return Promise.race([alerted.then((m) => m ?? previewed), previewed.then(() => null)]);
}

/** /brands */
export class BrandListPage extends ListScreen {
  constructor(page: Page) {
    super(page, "/brands");
  }

  async apiBrand(name: string): Promise<Brand | undefined> {
    const response = await this.page.request.get(
      `/api/brands?q=${encodeURIComponent(name)}&_page=1&_limit=100`,
    );
    return ((await response.json()) as Brand[]).find((b) => b.brand_name === name);
  }
}

/** /addBrands and /editBrands?bid= */
export class BrandFormPage {
  constructor(readonly page: Page) {}

  readonly name = () => this.page.getByLabel("Brand Name");
  readonly image = () => this.page.getByLabel("Brand Image");
  readonly status = () => this.page.getByLabel("Status (Active)");
  readonly preview = () => this.page.getByRole("img", { name: "Preview" });
  readonly remove = () => this.page.getByRole("button", { name: "Remove", exact: true });
  readonly add = () => this.page.getByRole("button", { name: "Add", exact: true });
  readonly save = () => this.page.getByRole("button", { name: "Save", exact: true });

  chooseFile(file: FileSpec): Promise<string | null> {
    return chooseImages(this.page, this.image(), file);
  }
}
