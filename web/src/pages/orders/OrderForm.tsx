import { zodResolver } from "@hookform/resolvers/zod";
import { type OrderUpdate, type OrderUpdateValues, orderUpdate } from "@store/contract";
import { useEffect } from "react";
import { Button, Form } from "react-bootstrap";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import { orders, useOrderStatuses } from "../../api/orders";
import {
  Field,
  FormSkeleton,
  MissingRecord,
  PageHeader,
  useRecordId,
  useUnsavedChangesWarning,
} from "../../components";
import { formatMoney } from "../../lib/format";
import { showServerIssues } from "../../lib/formErrors";

const LIST = "/order";
const FIELDS = ["order_status", "tracking_number"] as const;

/** /editOrder?oid=: the order status ("id. name") and the tracking number, both required. */
export default function OrderForm() {
  const { id, invalid } = useRecordId("oid");
  const record = orders.useOne(id);
  const statuses = useOrderStatuses();
  const update = orders.useUpdate();
  const navigate = useNavigate();
  const { register, handleSubmit, reset, setError, formState } = useForm<
    OrderUpdate,
    unknown,
    OrderUpdateValues
  >({
    resolver: zodResolver(orderUpdate),
    defaultValues: { order_status: "", tracking_number: "" },
  });
  const { errors, isDirty, isSubmitting } = formState;
  useUnsavedChangesWarning(isDirty && !isSubmitting, LIST);

  // Reset only once both the order and the options are there, so the select shows the status.
  useEffect(() => {
    if (!record.data || !statuses.data) return;
    reset({
      order_status: String(record.data.order_status),
      tracking_number: record.data.tracking_number,
    });
  }, [record.data, statuses.data, reset]);

  // There is no add screen: without a valid ?oid= there is nothing to edit.
  if (id === null || invalid || (record.error instanceof ApiError && record.error.status === 404)) {
    return <MissingRecord what="order" backTo={LIST} backLabel="Back to Orders" />;
  }
  const order = record.data;
  if (!order || !statuses.data) return <FormSkeleton />;

  const onSubmit = handleSubmit(async (values) => {
    try {
      // docs/REQUIREMENTS.md's body; the server sets the stamps itself whatever these say.
      await update.mutateAsync({
        id,
        input: {
          orders_id: id,
          tracking_number: values.tracking_number,
          order_status: values.order_status,
          completed_at: order.completed_at,
          refund_at: order.refund_at,
          updated_at: order.updated_at,
        },
      });
      navigate(LIST);
    } catch (error) {
      showServerIssues(error, setError, FIELDS);
    }
  });

  return (
    <>
      <PageHeader title="Edit Order" backTo={LIST} />
      <Form noValidate onSubmit={onSubmit} className="card p-3" style={{ maxWidth: 720 }}>
        <dl className="row mb-3 small">
          <dt className="col-sm-4">Order Number</dt>
          <dd className="col-sm-8">{order.order_number}</dd>
          <dt className="col-sm-4">Customer</dt>
          <dd className="col-sm-8">{order.username}</dd>
          <dt className="col-sm-4">Total Price</dt>
          <dd className="col-sm-8 mb-0">{formatMoney(order.total_price)}</dd>
        </dl>
        <Field label="Order Status" htmlFor="order_status" error={errors.order_status?.message}>
          <Form.Select
            id="order_status"
            isInvalid={!!errors.order_status}
            {...register("order_status")}
          >
            <option value="" disabled>
              Select order status
            </option>
            {statuses.data.map((s) => (
              <option key={s.order_status_id} value={String(s.order_status_id)}>
                {`${s.order_status_id}. ${s.order_status_name}`}
              </option>
            ))}
          </Form.Select>
        </Field>
        <Field
          label="Tracking Number"
          htmlFor="tracking_number"
          error={errors.tracking_number?.message}
        >
          <Form.Control
            id="tracking_number"
            isInvalid={!!errors.tracking_number}
            {...register("tracking_number")}
          />
        </Field>
        <div className="d-flex gap-2">
          <Link to={LIST} className="btn btn-outline-secondary">
            Cancel
          </Link>
          <Button type="submit" disabled={isSubmitting}>
            Save
          </Button>
        </div>
      </Form>
    </>
  );
}
