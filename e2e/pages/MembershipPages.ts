import type { Page } from "@playwright/test";
import type { Membership } from "@store/contract";
import { ListScreen } from "./ListScreen";

/** /memberships */
export class MembershipListPage extends ListScreen {
  constructor(page: Page) {
    super(page, "/memberships");
  }

  async apiMembership(title: string): Promise<Membership | undefined> {
    const response = await this.page.request.get("/api/memberships");
    return ((await response.json()) as Membership[]).find((m) => m.membership === title);
  }
}

/** /addMemberships and /editMemberships?mid= */
export class MembershipFormPage {
  constructor(readonly page: Page) {}

  readonly title = () => this.page.getByLabel("Member Title", { exact: true });
  readonly discount = () => this.page.getByLabel("Member Discount %", { exact: true });
  readonly earning = () => this.page.getByLabel("Member Earning %", { exact: true });
  readonly minimum = () => this.page.getByLabel("Minimum Requirement", { exact: true });
  readonly condition = () => this.page.getByLabel("Requirement Condition", { exact: true });
  readonly rank = () => this.page.getByLabel("Rank", { exact: true });
  readonly add = () => this.page.getByRole("button", { name: "Add", exact: true });
  readonly save = () => this.page.getByRole("button", { name: "Save", exact: true });
  readonly errors = () => this.page.locator(".invalid-feedback");
}
