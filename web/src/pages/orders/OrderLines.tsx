import {
  LEDGER_ACCOUNT_LABELS,
  LEDGER_REASON_LABELS,
  type OrderItem,
  type OrderPosting,
  type OrderRecord,
  sstRateText,
  toSen,
} from "@store/contract";
import { Card, Table } from "react-bootstrap";
import { Link } from "react-router";
import { ImageWithFallback } from "../../components/ImageWithFallback";
import { ScrollingTable } from "../../components/ScrollingTable";
import { usePhoneWindow } from "../../components/usePhoneWindow";
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
 * keeps equal (subtotal − discount + shipping = total). On a phone the image,
 * variant and SKU columns fold into the product's cell, so quantity, unit price
 * and line total stay on screen; a table still wider scrolls by keyboard too.
 * Each line shows the SST it contains, kept at the time of sale, and the foot
 * the order's SST (prices include SST; docs/decisions/sst-on-lines.md).
 */
export function OrderItemsPanel({ order }: { order: OrderRecord }) {
  const phone = usePhoneWindow();
  // A Returned column once any line came back (docs/decisions/returns.md).
  const returned = order.items.some((item) => item.returned > 0);
  // The columns before the line total: image, product, variant, SKU, quantity, [returned,] unit price, SST
  // (on a phone: product, quantity, [returned,] unit price; the SST folds into the product's cell).
  const span = (phone ? 3 : 7) + (returned ? 1 : 0);
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
      <Card.Body className={phone ? "p-2" : undefined}>
        <ScrollingTable label={translate("Items")}>
          <Table
            size="sm"
            className="mb-0 align-middle"
            aria-labelledby="items-title"
            data-testid="order-items"
          >
            <thead>
              <tr>
                {!phone && (
                  <th scope="col">
                    <span className="visually-hidden">{translate("Image")}</span>
                  </th>
                )}
                <th scope="col">{translate("Product")}</th>
                {!phone && <th scope="col">{translate("Variant")}</th>}
                {!phone && <th scope="col">{translate("SKU")}</th>}
                <th scope="col" className="text-end">
                  {phone ? translate("Qty") : translate("Quantity")}
                </th>
                {returned && (
                  <th scope="col" className="text-end">
                    {translate("Returned")}
                  </th>
                )}
                <th scope="col" className="text-end">
                  {translate("Unit Price")}
                </th>
                {!phone && (
                  <th scope="col" className="text-end">
                    {translate("SST")}
                  </th>
                )}
                <th scope="col" className="text-end">
                  {translate("Line Total")}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((line) => (
                <tr key={line.item_id}>
                  {!phone && (
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
                  )}
                  <td style={phone ? { overflowWrap: "anywhere" } : undefined}>
                    {line.product_name}
                    {phone &&
                      (line.variant_name || line.sku || line.tax_type !== "not_applicable") && (
                        <span className="d-block small text-body-secondary">
                          {[
                            line.variant_name,
                            line.sku,
                            line.tax_type === "not_applicable"
                              ? ""
                              : `${translate("SST")} ${lineSst(line)}`,
                          ]
                            .filter(Boolean)
                            .join(" · ")}
                        </span>
                      )}
                  </td>
                  {!phone && <td>{line.variant_name || "-"}</td>}
                  {!phone && <td className="text-nowrap">{line.sku || "-"}</td>}
                  <td className="text-end">{line.quantity}</td>
                  {returned && <td className="text-end">{line.returned}</td>}
                  <td className="text-end text-nowrap">{formatMoney(line.unit_price)}</td>
                  {!phone && <td className="text-end text-nowrap">{lineSst(line)}</td>}
                  <td className="text-end text-nowrap">{formatMoney(line.line_total)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <MoneyRow
                span={span}
                label={translate("Subtotal")}
                value={formatMoney(order.subtotal)}
              />
              <MoneyRow
                span={span}
                label={discount}
                value={
                  toSen(order.discount) > 0n
                    ? `-${formatMoney(order.discount)}`
                    : formatMoney(order.discount)
                }
              />
              <MoneyRow
                span={span}
                label={translate("Shipping fee")}
                value={formatMoney(order.shipping_fee)}
              />
              <MoneyRow
                span={span}
                label={translate("Total")}
                value={formatMoney(order.total_price)}
                strong
              />
              <MoneyRow
                span={span}
                label={translate("SST included")}
                value={formatMoney(order.tax_total)}
              />
              {toSen(order.refunded) > 0n && (
                <MoneyRow
                  span={span}
                  label={translate("Refunded")}
                  value={`-${formatMoney(order.refunded)}`}
                />
              )}
            </tfoot>
          </Table>
        </ScrollingTable>
      </Card.Body>
    </Card>
  );
}

/** A line's SST: its amount and rate when taxable, "Exempt", or "-" when not applicable. */
function lineSst(line: OrderItem): string {
  if (line.tax_type === "taxable") {
    return `${formatMoney(line.tax_amount)} (${sstRateText(line.tax_rate)}%)`;
  }
  return line.tax_type === "exempt" ? translate("Exempt") : "-";
}

function MoneyRow({
  label,
  value,
  strong,
  span,
}: {
  label: string;
  value: string;
  strong?: boolean;
  span: number;
}) {
  return (
    <tr className={strong ? "fw-semibold" : undefined}>
      <th scope="row" colSpan={span} className="text-end fw-normal">
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
          <ScrollingTable label={translate("PV and commission posted")}>
            <Table
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
          </ScrollingTable>
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
