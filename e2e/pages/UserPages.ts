import type { Locator, Page } from "@playwright/test";
import type { User } from "@store/contract";
import { ListScreen } from "./ListScreen";
import { chooseInTypeahead, typeaheadOptions } from "./Typeahead";

/** /users */
export class UserListPage extends ListScreen {
  constructor(page: Page) {
    super(page, "/users");
  }

  /** Searches for a user and answers the row whose first cell is the username. */
  async findUser(username: string): Promise<Locator> {
    await this.search().fill(username);
    const row = this.bodyRows().filter({
      // The first cell after the tick box is the username.
      has: this.page.locator("td.col-select + td").getByText(username, { exact: true }),
    });
    await row.waitFor();
    return row;
  }

  /** The user as the API answers it, found by username. */
  async apiUser(username: string): Promise<User | undefined> {
    const response = await this.page.request.get(
      `/api/users?q=${encodeURIComponent(username)}&_page=1&_limit=100`,
    );
    return ((await response.json()) as User[]).find((u) => u.username === username);
  }

  /** Creates a user through the API, for screens that need one to exist. */
  async apiCreate(username: string, overrides: Record<string, unknown> = {}): Promise<User> {
    const response = await this.page.request.post("/api/users", {
      data: {
        username,
        email: `${username}@people.my`,
        f_name: "Nurul",
        l_name: "Huda",
        contact: "0123456789",
        password: "Secret#123",
        gender: "Female",
        role: "Member",
        languages: "English",
        currency: "MYR",
        user_status: 1,
        ...overrides,
      },
    });
    if (response.status() !== 201) throw new Error(`create user: ${await response.text()}`);
    return (await response.json()) as User;
  }
}

/** /addUser and /editUser?uid= */
export class UserFormPage {
  constructor(readonly page: Page) {}

  readonly username = () => this.page.getByLabel("Username", { exact: true });
  readonly email = () => this.page.getByLabel("E-mail", { exact: true });
  readonly firstName = () => this.page.getByLabel("First Name", { exact: true });
  readonly lastName = () => this.page.getByLabel("Last Name", { exact: true });
  readonly contact = () => this.page.getByLabel("Contact", { exact: true });
  readonly password = () => this.page.getByLabel("Password", { exact: true });
  readonly dob = () => this.page.getByLabel("D.O.B", { exact: true });
  readonly gender = () => this.page.getByLabel("Gender", { exact: true });
  readonly role = () => this.page.getByLabel("Role", { exact: true });
  readonly membership = () => this.page.getByLabel("Membership", { exact: true });
  readonly referral = () => this.page.getByLabel("Referral", { exact: true });
  // In the form: the top bar's language menu is named "Language" too.
  readonly language = () => this.page.locator("form").getByLabel("Language", { exact: true });
  readonly currency = () => this.page.getByLabel("Currency", { exact: true });
  readonly status = () => this.page.getByLabel("Status (Active)", { exact: true });
  readonly add = () => this.page.getByRole("button", { name: "Add", exact: true });
  readonly save = () => this.page.getByRole("button", { name: "Save", exact: true });
  readonly cancel = () => this.page.getByRole("link", { name: "Cancel" });
  readonly back = () => this.page.getByRole("link", { name: "Back" });
  readonly errors = () => this.page.locator(".invalid-feedback");

  /** The option texts of a select, the blank one included. */
  async options(select: "gender" | "role" | "membership" | "language" | "currency") {
    return (await this[select]().locator("option").allTextContents()).map((t) => t.trim());
  }

  /** Referral is a type-ahead: the choices it offers for what is typed ("None" first). */
  referralChoices(typed: string): Promise<string[]> {
    return typeaheadOptions(this.referral(), typed);
  }

  /** Picks a referrer ("None" or a username) by typing it. */
  chooseReferral(label: string): Promise<void> {
    return chooseInTypeahead(this.referral(), label);
  }
}

/** A locator's text, trimmed (textContent: what the DOM holds, styles aside). */
export async function text(locator: Locator): Promise<string> {
  return ((await locator.textContent()) ?? "").trim();
}
