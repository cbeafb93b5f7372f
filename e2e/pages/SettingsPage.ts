import type { Page } from "@playwright/test";

/** /settings and its five tabs. */
export class SettingsPage {
  constructor(readonly page: Page) {}

  readonly tab = (name: "General" | "Social Login" | "Payment Method" | "Shipping Method") =>
    this.page.getByRole("tab", { name, exact: true });
  readonly panel = () => this.page.getByRole("tabpanel");
  readonly saveButton = () => this.panel().getByRole("button", { name: /^Save|^Saved$/ });

  // General
  readonly theme = (n: 1 | 2 | 3) => this.page.getByLabel(`Theme ${n}`, { exact: true });
  readonly storeName = () => this.page.getByLabel("Store Name");
  readonly logo = () => this.page.getByLabel("Store Logo");
  readonly address = () => this.page.getByLabel("Store Address");
  readonly contact = () => this.page.getByLabel("Store Contact");
  readonly copyright = () => this.page.getByLabel("Copyright Text");
  readonly footer = () => this.page.getByLabel("Footer Text");

  // Social Login
  readonly provider = (name: string) => this.page.getByRole("region", { name: `${name} login` });

  // Payment Method
  readonly secretKey = () => this.page.getByLabel("Secret Key", { exact: true });
  readonly publishKey = () => this.page.getByLabel("Publish Key", { exact: true });
  readonly gatewayUri = () => this.page.getByLabel("Gateway URI");

  // Shipping Method
  /** A shipping method's row, named by its company as loaded. */
  readonly shippingRow = (name: string) => this.page.getByRole("row", { name, exact: true });
  readonly modal = () => this.page.getByRole("dialog");

  async goto(tab?: "social" | "payment" | "shipping"): Promise<void> {
    await this.page.goto(tab ? `/settings?tab=${tab}` : "/settings");
    await this.panel().waitFor();
  }
}
