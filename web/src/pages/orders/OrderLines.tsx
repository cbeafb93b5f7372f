import {
  LEDGER_ACCOUNT_LABELS,
  LEDGER_REASON_LABELS,
  type OrderPosting,
  type OrderRecord,
  toSen,
} from "@store/contract";
import { Card, Table } from "react-bootstrap";
import { Link } from "react-router";
import { ImageWithFallback } from "../../components/ImageWithFallback";
import { translate } from "../../i18n/messages";
import { formatBalance, formatDateTime, formatMoney } from "../../lib/format";
import { useCan } from "../../lib/permissions";
import { useResources } from "../../resources/context";

/** The member's wallet statement, if the person may open it (wallets:view); null otherwise. */
export function useStatementLink(): ((userId: number, account?: string) => string) | null {
  const resources = useResources();
  const may = useCan("wallets:view");
  if (!may) return null;
  return (userId, account) =>
    `${resources.link("userWallets", "statement", userId)}${account ? `&account=${account}` : ""}`;
}

/**
 * What the order bought (docs/decisions/order-lines.md): each line with its
 * image, names and SKU as ordered, quantity, unit price and line total; then
 * subtotal, the coupon's discount, shipping and total, which the database
 * keeps equal (subtotal − discount + shipping = total).
 */
export function OrderItemsPanel({ order }: { order: OrderRecord }) {
  const discount = order.coupon_code
    ? translate("Discount ({{code}})", { code: order.coupon_code })
    : translate("Discount");
  return (
    <Card as="section" className="mt-3" style={{ maxWidth: 900 }} aria-labelledby="items-title">
      <Card.Header className="py-2">
        <h2 id="items-title" className="h6 mb-0">
          {translate("Items")}
        </h2>
      </Card.Header>
      <Card.Body>
        <Table
          responsive
          size="sm"
          className="mb-0 align-middle"
          aria-labelledby="items-title"
          data-testid="order-items"
        >
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">{translate("Image")}</span>
              </th>
              <th scope="col">{translate("Product")}</th>
              <th scope="col">{translate("Variant")}</th>
              <th scope="col">{translate("SKU")}</th>
              <th scope="col" className="text-end">
                {translate("Quantity")}
              </th>
              <th scope="col" className="text-end">
                {translate("Unit Price")}
              </th>
              <th scope="col" className="text-end">
                {translate("Line Total")}
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((line) => (
              <tr key={line.item_id}>
                <td style={{ width: 56 }}>
                  <ImageWithFallback
                    fileName={line.image}
                    alt=""
                    width={48}
                    height={48}
                    className="rounded bg-light"
                    style={{ objectFit: "contain" }}
                  />
                </td>
                <td>{line.product_name}</td>
                <td>{line.variant_name || "-"}</td>
                <td className="text-nowrap">{line.sku || "-"}</td>
                <td className="text-end">{line.quantity}</td>
                <td className="text-end text-nowrap">{formatMoney(line.unit_price)}</td>
                <td className="text-end text-nowrap">{formatMoney(line.line_total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <MoneyRow label={translate("Subtotal")} value={formatMoney(order.subtotal)} />
            <MoneyRow
              label={discount}
              value={
                toSen(order.discount) > 0n
                  ? `-${formatMoney(order.discount)}`
                  : formatMoney(order.discount)
              }
            />
            <MoneyRow label={translate("Shipping fee")} value={formatMoney(order.shipping_fee)} />
            <MoneyRow label={translate("Total")} value={formatMoney(order.total_price)} strong />
          </tfoot>
        </Table>
      </Card.Body>
    </Card>
  );
}

function MoneyRow({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr className={strong ? "fw-semibold" : undefined}>
      <th scope="row" colSpan={6} className="text-end fw-normal">
        {label}
      </th>
      <td className="text-end text-nowrap">{value}</td>
    </tr>
  );
}

/**
 * What the order posted to the ledger: the buyer's PV, the referrer's
 * commission and their reversals, each linked to its member's statement.
 */
export function OrderPostedPanel({ order }: { order: OrderRecord }) {
  const statement = useStatementLink();
  return (
    <Card as="section" className="mt-3" style={{ maxWidth: 900 }} aria-labelledby="posted-title">
      <Card.Header className="py-2">
        <h2 id="posted-title" className="h6 mb-0">
          {translate("PV and commission posted")}
        </h2>
      </Card.Header>
      <Card.Body>
        {order.posted.length === 0 ? (
          <p className="text-muted mb-0">
            {translate("This order has posted nothing to the ledger.")}
          </p>
        ) : (
          <Table
            responsive
            size="sm"
            className="mb-0 align-middle"
            aria-labelledby="posted-title"
            data-testid="order-posted"
          >
            <thead>
              <tr>
                <th scope="col">{translate("Entry")}</th>
                <th scope="col">{translate("Date")}</th>
                <th scope="col">{translate("Member")}</th>
                <th scope="col">{translate("Account")}</th>
                <th scope="col">{translate("Reason")}</th>
                <th scope="col" className="text-end">
                  {translate("Amount")}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.posted.map((entry) => (
                <PostedRow key={entry.entry_id} entry={entry} statement={statement} />
              ))}
            </tbody>
          </Table>
        )}
      </Card.Body>
    </Card>
  );
}

function PostedRow({
  entry,
  statement,
}: {
  entry: OrderPosting;
  statement: ReturnType<typeof useStatementLink>;
}) {
  const label = translate("{{field}} #{{id}}", { field: translate("Entry"), id: entry.entry_id });
  const debit = entry.amount.startsWith("-");
  const size = debit ? entry.amount.slice(1) : entry.amount;
  return (
    <tr>
      <td className="text-nowrap">
        {statement ? <Link to={statement(entry.user_id, entry.account)}>{label}</Link> : label}
      </td>
      <td className="text-nowrap">{formatDateTime(entry.created_at)}</td>
      <td>{entry.username ?? translate("Deleted member")}</td>
      <td>{translate(LEDGER_ACCOUNT_LABELS[entry.account])}</td>
      <td>{translate(LEDGER_REASON_LABELS[entry.reason])}</td>
      <td className={`text-end text-nowrap ${debit ? "text-danger" : "text-success"}`}>
        {debit ? "-" : "+"}
        {formatBalance(entry.account, size)}
      </td>
    </tr>
  );
}
