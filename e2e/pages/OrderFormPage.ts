import type { Page } from "@playwright/test";

/** /editOrder?oid=: the status select and the tracking number. */
export class OrderFormPage {
  constructor(readonly page: Page) {}

  readonly status = () => this.page.getByLabel("Order Status");
  readonly trackingNumber = () => this.page.getByLabel("Tracking Number");
  readonly save = () => this.page.getByRole("button", { name: "Save" });

  async goto(oid: number | string): Promise<void> {
    await this.page.goto(`/editOrder?oid=${oid}`);
  }

  /** Waits until the order and the status options have loaded into the form. */
  async loaded(): Promise<void> {
    await this.page.waitForFunction(() => {
      const select = document.querySelector<HTMLSelectElement>("#order_status");
      return !!select && select.value !== "";
    });
  }

  async optionTexts(): Promise<string[]> {
    return (await this.status().locator("option:not([disabled])").allTextContents()).map((t) =>
      t.trim(),
    );
  }

  /** Chooses a status by its "id. name" label, saves, and waits for the list. */
  async saveStatus(label: string, trackingNumber?: string): Promise<void> {
    await this.status().selectOption({ label });
    if (trackingNumber !== undefined) await this.trackingNumber().fill(trackingNumber);
    await this.save().click();
    await this.page.waitForURL((url) => url.pathname === "/order");
  }
}
