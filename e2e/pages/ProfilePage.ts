import type { Page } from "@playwright/test";

/** /profile (Account Management). */
export class ProfilePage {
  constructor(readonly page: Page) {}

  readonly heading = () => this.page.getByRole("heading", { name: "Account Management" });
  readonly back = () => this.page.getByRole("link", { name: "Back" });
  readonly edit = () => this.page.getByRole("button", { name: "Edit", exact: true });
  readonly email = () => this.page.getByLabel("E-mail", { exact: true });
  readonly contact = () => this.page.getByLabel("Contact Number");
  readonly currentPassword = () => this.page.getByLabel("Current Password");
  readonly newPassword = () => this.page.getByLabel("New Password");
  readonly confirmPassword = () => this.page.getByLabel("Confirm Password");
  readonly showPasswords = () => this.page.getByRole("button", { name: /^(Show|Hide) passwords$/ });
  readonly cancel = () => this.page.getByRole("button", { name: "Cancel" });
  readonly save = () => this.page.getByRole("button", { name: "Save", exact: true });
  readonly errors = () => this.page.locator(".invalid-feedback");

  /** The view mode's value for a label ("Username", "Full Name", ...). */
  async shown(label: string): Promise<string> {
    const term = this.page.locator("dt", { hasText: label }).first();
    return ((await term.locator("xpath=following-sibling::dd[1]").textContent()) ?? "").trim();
  }

  async goto(): Promise<void> {
    await this.page.goto("/profile");
    await this.heading().waitFor();
  }
}
