import type { Page } from "@playwright/test";

/** /login-back. */
export class LoginPage {
  constructor(readonly page: Page) {}

  readonly email = () => this.page.getByLabel("E-mail");
  readonly password = () => this.page.getByLabel("Password", { exact: true });
  readonly showPassword = () => this.page.getByRole("button", { name: "Show password" });
  readonly hidePassword = () => this.page.getByRole("button", { name: "Hide password" });
  readonly loginButton = () => this.page.getByRole("button", { name: "Login", exact: true });
  readonly forgotPassword = () => this.page.getByRole("link", { name: "Forgot password?" });
  readonly message = () => this.page.getByRole("alert");

  async goto(): Promise<void> {
    await this.page.goto("/login-back");
    await this.email().waitFor();
  }

  async fill(email: string, password: string): Promise<void> {
    await this.email().fill(email);
    await this.password().fill(password);
  }

  /** The text of the message under the form, once it shows. */
  async messageText(): Promise<string> {
    await this.message().waitFor();
    return (await this.message().textContent()) ?? "";
  }
}
