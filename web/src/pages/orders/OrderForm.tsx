import {
  leftToRefund,
  type OrderRecord,
  type OrderUpdate,
  type OrderUpdateValues,
  orderUpdate,
  toSen,
} from "@store/contract";
import { ORDER_DOCUMENT_TITLES, ORDER_DOCUMENTS } from "@store/contract/invoice";
import { useCallback, useState } from "react";
import { Button, Form } from "react-bootstrap";
import { Link } from "react-router";
import { orders, useOrderStatuses } from "../../api/orders";
import { Field, ResourceForm, useCustomResourceForm } from "../../components";
import { translate } from "../../i18n/messages";
import { formatMoney } from "../../lib/format";
import { useMayDo } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";
import { OrderBuyerPanel } from "./OrderBuyerPanel";
import { OrderItemsPanel, OrderPostedPanel, useStatementLink } from "./OrderLines";
import { OrderTimeline } from "./OrderTimeline";
import { printOrdersLink } from "./printLink";
import { RefundDialog } from "./RefundDialog";
import { isReturnable, ReturnItemsDialog } from "./ReturnItemsDialog";

const EMPTY: OrderUpdate = { order_status: "", tracking_number: "" };

/**
 * /editOrder?oid=: the order status ("id. name") and the tracking number, both
 * required; below, what the order bought and what it posted to the ledger
 * (OrderLines.tsx), read only.
 */
export default function OrderForm({ resource }: ScreenProps) {
  const statuses = useOrderStatuses();
  const update = orders.useUpdate();
  // Put in only once both the order and the options are there, so the select shows the status.
  const toValues = useCallback(
    (order: OrderRecord) =>
      statuses.data
        ? { order_status: String(order.order_status), tracking_number: order.tracking_number }
        : undefined,
    [statuses.data],
  );
  // There is no add screen: without a valid ?oid= the form says the order is missing.
  const form = useCustomResourceForm<OrderRecord, OrderUpdate, OrderUpdateValues>({
    resource,
    useOne: orders.useOne,
    schema: orderUpdate,
    defaults: EMPTY,
    toValues,
    // The body of docs/REQUIREMENTS.md section 7; the server sets the stamps itself whatever these say.
    save: (values, { id, version }): Promise<OrderRecord> =>
      update.mutateAsync({
        id: id ?? 0,
        version,
        input: {
          orders_id: id ?? 0,
          tracking_number: values.tracking_number,
          order_status: values.order_status,
          completed_at: order?.completed_at ?? null,
          refund_at: order?.refund_at ?? null,
          updated_at: order?.updated_at ?? null,
        },
      }),
  });
  const order = form.record;
  const statement = useStatementLink();
  const mayManage = useMayDo("update");
  const one = orders.useOne(order?.orders_id ?? null);
  // Returns and refunds (docs/decisions/returns.md): only while the order has something to give back.
  const [dialog, setDialog] = useState<"return" | "refund" | null>(null);
  const returnable = order !== undefined && mayManage && isReturnable(order);

  return (
    <ResourceForm
      form={form}
      panels={
        order && (
          <>
            <OrderItemsPanel order={order} />
            <OrderBuyerPanel orderId={order.orders_id} />
            <OrderPostedPanel order={order} />
            <OrderTimeline orderId={order.orders_id} mayManage={mayManage} />
            {returnable && (
              <>
                <ReturnItemsDialog
                  show={dialog === "return"}
                  order={order}
                  reload={one.refetch}
                  onClose={() => setDialog(null)}
                />
                <RefundDialog
                  show={dialog === "refund"}
                  order={order}
                  reload={one.refetch}
                  onClose={() => setDialog(null)}
                />
              </>
            )}
          </>
        )
      }
    >
      {order && statuses.data && (
        <>
          <dl className="row mb-3 small">
            <dt className="col-sm-4">{translate("Order Number")}</dt>
            <dd className="col-sm-8">{order.order_number}</dd>
            <dt className="col-sm-4">{translate("Customer")}</dt>
            <dd className="col-sm-8">
              {order.username}
              {order.user_id !== null && statement && (
                <>
                  {" · "}
                  <Link to={statement(order.user_id)}>{translate("Wallet Statement")}</Link>
                </>
              )}
            </dd>
            <dt className="col-sm-4">{translate("Total Price")}</dt>
            <dd className="col-sm-8 mb-0">{formatMoney(order.total_price)}</dd>
            {toSen(order.refunded) > 0n && (
              <>
                <dt className="col-sm-4">{translate("Refunded")}</dt>
                <dd className="col-sm-8 mb-0" data-testid="order-refunded">
                  {formatMoney(order.refunded)}
                </dd>
              </>
            )}
          </dl>
          {/* The order's documents (docs/decisions/invoices.md): reading them needs only orders:view. */}
          <div className="d-flex flex-wrap gap-2 mb-3">
            {ORDER_DOCUMENTS.map((doc) => (
              <Link
                key={doc}
                to={printOrdersLink(resource, [order.orders_id], doc)}
                className="btn btn-sm btn-outline-secondary"
              >
                {translate(ORDER_DOCUMENT_TITLES[doc])}
              </Link>
            ))}
            {returnable && (
              <>
                <Button size="sm" variant="outline-danger" onClick={() => setDialog("return")}>
                  {translate("Return items")}
                </Button>
                {toSen(leftToRefund(order)) > 0n && (
                  <Button size="sm" variant="outline-danger" onClick={() => setDialog("refund")}>
                    {translate("Refund")}
                  </Button>
                )}
              </>
            )}
          </div>
          <Field name="order_status" label="Order Status">
            {(input) => (
              <Form.Select {...input}>
                <option value="" disabled>
                  {translate("Select order status")}
                </option>
                {statuses.data.map((s) => (
                  <option key={s.order_status_id} value={String(s.order_status_id)}>
                    {`${s.order_status_id}. ${translate(s.order_status_name)}`}
                  </option>
                ))}
              </Form.Select>
            )}
          </Field>
          <Field name="tracking_number" label="Tracking Number" />
        </>
      )}
    </ResourceForm>
  );
}
