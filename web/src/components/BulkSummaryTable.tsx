import { sumMoney } from "@store/contract";
import { Table } from "react-bootstrap";
import { translate } from "../i18n/messages";
import { formatMoney } from "../lib/format";

/**
 * What a bulk action that moves money lists before Confirm: each row's name
 * and amount, and their exact total (docs/decisions/money-named-before-consent.md).
 */
export interface BulkSummary<T> {
  /** The table's caption: "Withdrawal requests to approve". */
  caption: string;
  /** The two column headers: "Username", "Withdraw Amount". */
  nameHeader: string;
  amountHeader: string;
  name: (row: T) => string;
  /** The row's money as an exact decimal string ("1234.50"). */
  amount: (row: T) => string;
}

/**
 * The rows a money action applies to, named with their amounts and the exact
 * total (in sen, the contract's money.ts), as a table with a caption inside the dialog.
 * A long list scrolls with the dialog; the total row sticks to the bottom of the view.
 */
export function SummaryTable<T>({
  summary,
  rows,
}: {
  summary: BulkSummary<T>;
  rows: { id: number; row: T }[];
}) {
  const total = sumMoney(rows.map(({ row }) => summary.amount(row)));
  return (
    <Table size="sm" className="mt-2 mb-0" data-testid="bulk-rows">
      <caption className="caption-top pt-0">{translate(summary.caption)}</caption>
      <thead>
        <tr>
          <th scope="col">{translate(summary.nameHeader)}</th>
          <th scope="col" className="text-end">
            {translate(summary.amountHeader)}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ id, row }) => (
          <tr key={id}>
            <td>{summary.name(row)}</td>
            <td className="text-end text-nowrap">{formatMoney(summary.amount(row))}</td>
          </tr>
        ))}
      </tbody>
      <tfoot className="sticky-bottom">
        <tr>
          <th scope="row">{translate("Total")}</th>
          <td className="text-end text-nowrap fw-semibold" data-testid="bulk-total">
            {formatMoney(total)}
          </td>
        </tr>
      </tfoot>
    </Table>
  );
}
