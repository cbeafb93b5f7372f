import type { Locator, Page } from "@playwright/test";

/** /genealogy?uid= : the upline path, the down-line tree, and the jump by name. */
export class GenealogyPage {
  constructor(readonly page: Page) {}

  readonly upline = () => this.page.getByRole("navigation", { name: "Upline" });
  readonly tree = () => this.page.getByRole("list", { name: "Down Line" });
  readonly find = () => this.page.getByRole("combobox", { name: "Find member" });
  /** The toggle of a member's down-line (a button with aria-expanded). */
  readonly toggle = (username: string) =>
    this.page.getByRole("button", { name: `Down line of ${username}`, exact: true });
  /** A member's line in the tree: their name and figures. */
  readonly node = (userId: number) => this.page.getByTestId(`member-${userId}`);

  async open(userId: number): Promise<void> {
    await this.page.goto(`/genealogy?uid=${userId}`);
    await this.tree().waitFor();
  }

  /**
   * The upline's entries, root first: for a retrying `toHaveText`, as the
   * member before's upline stays on show until the new one arrives.
   */
  uplineItems(): Locator {
    return this.upline().locator("li");
  }

  /** The text of a member's own line (not their children's). */
  async nodeLine(userId: number): Promise<string> {
    return ((await this.node(userId).locator(":scope > div").innerText()) ?? "").replace(
      /\s+/g,
      " ",
    );
  }

  /** Types a name in Find member and picks the match. */
  async jumpTo(username: string): Promise<void> {
    await this.find().fill(username);
    await this.page.getByRole("option", { name: username, exact: true }).click();
  }

  async childNames(userId: number): Promise<string[]> {
    const list: Locator = this.node(userId).locator(":scope > ul > li > div > a");
    return (await list.allInnerTexts()).map((t) => t.trim());
  }
}
