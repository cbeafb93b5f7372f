import type { Page } from "@playwright/test";
import type { AgencyStore } from "@store/contract";
import { typedDate } from "../support/dates";
import { ListScreen } from "./ListScreen";

/** /agency */
export class AgencyListPage extends ListScreen {
  constructor(page: Page) {
    super(page, "/agency");
  }

  /** The store as the API answers it, found by username. */
  async apiStore(username: string): Promise<AgencyStore | undefined> {
    const response = await this.page.request.get(
      `/api/agencyStore?q=${encodeURIComponent(username)}&_page=1&_limit=100`,
    );
    return ((await response.json()) as AgencyStore[]).find((s) => s.store_username === username);
  }
}

/** /addAgency and /editAgency?sid= */
export class AgencyFormPage {
  constructor(readonly page: Page) {}

  readonly username = () => this.page.getByLabel("Store Username");
  readonly name = () => this.page.getByLabel("Store Name");
  readonly owner = () => this.page.getByLabel("Owner Name");
  readonly email = () => this.page.getByLabel("Store E-mail");
  readonly contact = () => this.page.getByLabel("Store Contact");
  readonly expiry = () => this.page.getByLabel("Expiry Date");
  readonly status = () => this.page.getByLabel("Status (Active)");
  readonly add = () => this.page.getByRole("button", { name: "Add", exact: true });
  readonly save = () => this.page.getByRole("button", { name: "Save", exact: true });
  readonly loading = () => this.page.getByRole("status", { name: "Loading" });
  readonly errors = () => this.page.locator(".invalid-feedback");

  async fill(values: {
    username: string;
    name: string;
    owner: string;
    email: string;
    contact: string;
    /** "2027-06-30T18:30", typed as "30/06/2027 18:30" */
    expiry: string;
  }): Promise<void> {
    await this.username().fill(values.username);
    await this.name().fill(values.name);
    await this.owner().fill(values.owner);
    await this.email().fill(values.email);
    await this.contact().fill(values.contact);
    await this.expiry().fill(typedDate(values.expiry));
  }
}
