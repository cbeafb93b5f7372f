import type { Locator, Page } from "@playwright/test";
import type { LedgerEntry } from "@store/contract";
import { ListScreen } from "./ListScreen";

export type Account = "wallet" | "cash_wallet" | "pv";

/** /walletStatement?uid= : a member's balances, their ledger, Adjust and the CSV export. */
export class WalletStatementPage extends ListScreen {
  constructor(page: Page) {
    super(page, "/walletStatement");
  }

  readonly title = () => this.page.getByRole("heading", { level: 1 });
  readonly balance = (account: Account) => this.page.getByTestId(`balance-${account}`);
  readonly adjustButton = () => this.page.getByRole("button", { name: "Adjust", exact: true });
  readonly exportMenu = () => this.page.getByRole("button", { name: "Export", exact: true });
  readonly exportLink = () => this.page.getByRole("link", { name: "CSV", exact: true });
  readonly account = () => this.dialog().getByLabel("Account", { exact: true });
  readonly amount = () => this.dialog().getByLabel("Amount", { exact: true });
  readonly note = () => this.dialog().getByLabel("Note", { exact: true });
  readonly save = () => this.dialog().getByRole("button", { name: "Save", exact: true });

  async open(userId: number): Promise<void> {
    await this.page.goto(`/walletStatement?uid=${userId}`);
    await this.table().waitFor();
  }

  /** Opens Adjust and fills it (Save left to the test). */
  async fillAdjustment(account: Account, amount: string, note: string): Promise<Locator> {
    await this.adjustButton().click();
    const dialog = this.dialog();
    await dialog.waitFor();
    await this.account().selectOption(account);
    await this.amount().fill(amount);
    await this.note().fill(note);
    return dialog;
  }

  /** The first (newest) line's cells. */
  async firstLine(): Promise<string[]> {
    return this.cellTexts(this.bodyRows().first());
  }
}

/** The ledger through the API, for set-up and for what the screen should show. */
export class LedgerApi {
  constructor(readonly page: Page) {}

  async balance(userId: number, account: Account): Promise<string> {
    const response = await this.page.request.get(
      `/api/walletLedger?user_id=${userId}&account=${account}&_page=1&_limit=1`,
    );
    const rows = (await response.json()) as LedgerEntry[];
    return rows[0]?.balance_after ?? "0.00";
  }

  async adjust(userId: number, account: Account, amount: string, note = "Test set-up") {
    const response = await this.page.request.post("/api/walletAdjustments", {
      data: { user_id: userId, account, amount, note },
    });
    if (response.status() !== 201) throw new Error(`adjust: ${await response.text()}`);
    return (await response.json()) as LedgerEntry;
  }
}

/** Exact sen arithmetic for expected figures: "12.50" + "-3.00". */
export function addAmounts(a: string, b: string): string {
  const sen = (v: string) => {
    const negative = v.startsWith("-");
    const [whole = "0", frac = ""] = v.replace("-", "").split(".");
    const n = BigInt(whole) * 100n + BigInt(`${frac}00`.slice(0, 2));
    return negative ? -n : n;
  };
  const total = sen(a) + sen(b);
  const abs = total < 0n ? -total : total;
  return `${total < 0n ? "-" : ""}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/** "RM 1,234.50" as the screens show money. */
export function rm(amount: string): string {
  const negative = amount.startsWith("-");
  const [whole = "0", frac = "00"] = amount.replace("-", "").split(".");
  return `RM ${negative ? "-" : ""}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${frac}`;
}
