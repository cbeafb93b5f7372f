import type { Page } from "@playwright/test";

/** The shell around every signed-in screen: sidebar, top bar, footer. */
export class LayoutPage {
  constructor(readonly page: Page) {}

  readonly sidebar = () => this.page.getByRole("navigation", { name: "Sidebar" });
  readonly sidebarLinks = () => this.sidebar().getByRole("link");
  readonly sidebarLink = (name: string) => this.sidebar().getByRole("link", { name, exact: true });
  readonly toggle = () => this.page.getByRole("button", { name: "Toggle sidebar" });
  readonly notifications = () => this.page.getByRole("button", { name: "Notifications" });
  readonly footer = () => this.page.getByRole("contentinfo");
  readonly logo = () => this.page.locator("img.app-logo");

  /** The top bar's admin menu button, labelled with the admin's username. */
  adminMenu(username: string) {
    return this.page.getByRole("button", { name: username, exact: true });
  }

  async logout(username: string): Promise<void> {
    await this.adminMenu(username).click();
    await this.page.getByRole("button", { name: "Logout" }).click();
    await this.page.waitForURL("**/login-back");
  }

  async sidebarLabels(): Promise<string[]> {
    return (await this.sidebarLinks().allTextContents()).map((t) => t.trim());
  }

  path(): string {
    return new URL(this.page.url()).pathname;
  }
}
