import type { Locator, Page } from "@playwright/test";
import type { WithdrawRequest } from "@store/contract";
import { ListScreen } from "./ListScreen";

/** /withdrawRequest */
export class WithdrawRequestPage extends ListScreen {
  constructor(page: Page) {
    super(page, "/withdrawRequest");
  }

  async apiRequests(): Promise<WithdrawRequest[]> {
    const response = await this.page.request.get("/api/withdrawRequest");
    return (await response.json()) as WithdrawRequest[];
  }

  /**
   * A request's row, found by searching its (unique) bank account, once the
   * search has answered: the row may already show in the list before it, and a
   * search answered later would show a change made meanwhile.
   */
  async findRequest(request: WithdrawRequest): Promise<Locator> {
    const searched = this.page.waitForResponse((response) => {
      const url = new URL(response.url());
      return (
        url.pathname === "/api/withdrawRequest" && url.searchParams.get("q") === request.bank_acc
      );
    });
    await this.search().fill(request.bank_acc);
    await searched;
    const row = this.bodyRows().filter({
      has: this.page.getByRole("cell", { name: request.bank_acc, exact: true }),
    });
    await row.first().waitFor();
    return row;
  }

  async ask(row: Locator, action: "Approve" | "Reject"): Promise<Locator> {
    await row.getByRole("button", { name: new RegExp(`^${action} `) }).click();
    const dialog = this.dialog();
    await dialog.waitFor();
    return dialog;
  }
}
