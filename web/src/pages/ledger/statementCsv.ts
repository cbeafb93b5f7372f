import { LEDGER_ACCOUNT_LABELS, LEDGER_REASON_LABELS, type LedgerEntry } from "@store/contract";

/**
 * One CSV cell: quoted when it holds a separator, quote or line break; text
 * that a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets
 * a leading apostrophe. Amounts are written as plain numbers, so a signed
 * amount stays a number rather than being neutralised.
 */
export function csvCell(value: string, { numeric = false } = {}): string {
  let text = value;
  const isNumber = numeric && /^-?\d+(\.\d+)?$/.test(text);
  if (!isNumber && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const HEADER = ["Date", "Account", "Reason", "Amount", "Balance After", "Reference", "By", "Note"];

/** The statement as CSV: a UTF-8 byte order mark (spreadsheets then read names right), CRLF lines. */
export function statementCsv(rows: LedgerEntry[]): string {
  const lines = [HEADER.join(",")];
  for (const e of rows) {
    const reference =
      e.ref_type === "order"
        ? `Order #${e.ref_id}`
        : e.ref_type === "withdrawal"
          ? `Withdrawal #${e.ref_id}`
          : "";
    lines.push(
      [
        csvCell(e.created_at),
        csvCell(LEDGER_ACCOUNT_LABELS[e.account]),
        csvCell(LEDGER_REASON_LABELS[e.reason]),
        csvCell(e.amount, { numeric: true }),
        csvCell(e.balance_after, { numeric: true }),
        csvCell(reference),
        csvCell(e.actor_username ?? "System"),
        csvCell(e.note),
      ].join(","),
    );
  }
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** Saves text as a file through a temporary link. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
