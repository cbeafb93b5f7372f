import type { LedgerAccount } from "@store/contract";
import { formatDecimal, formatMoney } from "../../lib/format";

/** A balance as the wallet list shows it: RM for the two wallets, PV for points. */
export function formatBalance(account: LedgerAccount, value: string): string {
  return account === "pv" ? `${formatDecimal(value)} PV` : formatMoney(value);
}
