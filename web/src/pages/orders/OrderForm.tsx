import { type OrderUpdate, type OrderUpdateValues, orderUpdate } from "@store/contract";
import { useMemo } from "react";
import { Form } from "react-bootstrap";
import { orders, useOrderStatuses } from "../../api/orders";
import {
  Field,
  FormActions,
  FormSkeleton,
  HistoryPanel,
  MissingRecord,
  PageHeader,
  RecordForm,
  useEditRecord,
  useRecordForm,
} from "../../components";
import { tx } from "../../i18n/messages";
import { formatMoney } from "../../lib/format";

const LIST = "/order";
const EMPTY: OrderUpdate = { order_status: "", tracking_number: "" };

/** /editOrder?oid=: the order status ("id. name") and the tracking number, both required. */
export default function OrderForm() {
  const {
    id,
    missing,
    loading,
    record: order,
    version,
    reload,
  } = useEditRecord("oid", orders.useOne);
  const statuses = useOrderStatuses();
  const update = orders.useUpdate();
  // Put in only once both the order and the options are there, so the select shows the status.
  const loaded = useMemo(
    () =>
      order && statuses.data
        ? { order_status: String(order.order_status), tracking_number: order.tracking_number }
        : undefined,
    [order, statuses.data],
  );
  const form = useRecordForm<OrderUpdate, OrderUpdateValues>({
    schema: orderUpdate,
    defaults: EMPTY,
    loaded,
    listRoute: LIST,
    version,
    reload,
    // The body of docs/REQUIREMENTS.md section 7; the server sets the stamps itself whatever these say.
    save: (values, shown) =>
      update.mutateAsync({
        id: id ?? 0,
        version: shown.version,
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

  // There is no add screen: without a valid ?oid= there is nothing to edit.
  if (id === null || missing) {
    return <MissingRecord what="order" backTo={LIST} backLabel="Back to Orders" />;
  }
  if (loading || !order || !statuses.data) return <FormSkeleton />;

  return (
    <>
      <PageHeader title={tx("Edit Order")} backTo={LIST} />
      <RecordForm form={form} className="card p-3" style={{ maxWidth: 720 }}>
        <dl className="row mb-3 small">
          <dt className="col-sm-4">{tx("Order Number")}</dt>
          <dd className="col-sm-8">{order.order_number}</dd>
          <dt className="col-sm-4">{tx("Customer")}</dt>
          <dd className="col-sm-8">{order.username}</dd>
          <dt className="col-sm-4">{tx("Total Price")}</dt>
          <dd className="col-sm-8 mb-0">{formatMoney(order.total_price)}</dd>
        </dl>
        <Field name="order_status" label="Order Status">
          {(input) => (
            <Form.Select {...input}>
              <option value="" disabled>
                {tx("Select order status")}
              </option>
              {statuses.data.map((s) => (
                <option key={s.order_status_id} value={String(s.order_status_id)}>
                  {`${s.order_status_id}. ${tx(s.order_status_name)}`}
                </option>
              ))}
            </Form.Select>
          )}
        </Field>
        <Field name="tracking_number" label="Tracking Number" />
        <FormActions cancelTo={LIST} isEdit submitting={form.isSubmitting} />
      </RecordForm>
      <HistoryPanel entity="Order" entityId={id} />
    </>
  );
}
