import type { Page } from "@playwright/test";

/** /productDetails?pid=: the static preview. */
export class ProductDetailsPage {
  constructor(readonly page: Page) {}

  readonly goBack = () => this.page.getByRole("link", { name: "Go Back" });
  readonly backArrow = () => this.page.getByRole("link", { name: "Back", exact: true });
  readonly quantity = () => this.page.getByLabel("Quantity", { exact: true });
  readonly decrease = () => this.page.getByRole("button", { name: "Decrease quantity" });
  readonly increase = () => this.page.getByRole("button", { name: "Increase quantity" });
  readonly favourite = () => this.page.getByRole("button", { name: "Favourite" });
  readonly tab = (name: string) => this.page.getByRole("tab", { name });

  async goto(pid = 1): Promise<void> {
    await this.page.goto(`/productDetails?pid=${pid}`);
    await this.page.getByText("This is what user will see.").waitFor();
  }

  /** Clicks a button and answers the alert it raised. */
  async alertOf(name: string): Promise<string> {
    // Accepted as soon as it opens: an open alert would hold the click forever.
    const message = this.page.waitForEvent("dialog").then(async (dialog) => {
      await dialog.accept();
      return dialog.message();
    });
    await this.page.getByRole("button", { name, exact: true }).click();
    return message;
  }
}
