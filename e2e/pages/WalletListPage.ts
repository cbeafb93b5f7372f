import type { Page } from "@playwright/test";
import { ListScreen } from "./ListScreen";

/** /userWallets */
export class WalletListPage extends ListScreen {
  constructor(page: Page) {
    super(page, "/userWallets");
  }

  async askDeleteWallet(username: string) {
    await this.page
      .getByRole("button", { name: `Delete ${username}'s wallet`, exact: true })
      .click();
    const dialog = this.dialog();
    await dialog.waitFor();
    return dialog;
  }
}
