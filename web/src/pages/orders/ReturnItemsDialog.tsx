import {
  fromSen,
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_PENDING,
  ORDER_STATUS_REFUND,
  ORDER_STATUS_RETURNED,
  type OrderRecord,
  type OrderReturn,
  REASON_MAX,
  returnFigures,
  returnInput,
  say,
  toSen,
} from "@store/contract";
import { useEffect, useMemo, useRef } from "react";
import { Button, Form, Modal, Table } from "react-bootstrap";
import {
  type FieldError as FormFieldError,
  useFormContext,
  useFormState,
  useWatch,
} from "react-hook-form";
import { z } from "zod";
import { useCreateReturn } from "../../api/returns";
import { Field, FieldError, NumberInput, RecordForm, useRecordForm } from "../../components";
import { translate } from "../../i18n/messages";
import { formatMoney } from "../../lib/format";

/** Statuses whose order has nothing to give back (the server answers 409 order_not_returnable). */
const NOT_RETURNABLE: readonly number[] = [
  ORDER_STATUS_PENDING,
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_REFUND,
  ORDER_STATUS_RETURNED,
];

/** Whether an order in this status may take a return or a refund. */
export const isReturnable = (order: Pick<OrderRecord, "order_status">) =>
  !NOT_RETURNABLE.includes(order.order_status);

/** A line's name as the server's messages say it: the product and its variant. */
const lineName = (item: OrderRecord["items"][number]) =>
  item.variant_name ? `${item.product_name} ${item.variant_name}` : item.product_name;

/**
 * The contract's returnInput with one quantity per order line (0: not
 * returned), each at most what is left of it; every line is sent (the server
 * skips the zeros), so a line's field `lines.<its index>.quantity` is the
 * path the server's 409 return_exceeds_sold names.
 */
function returnFormSchema(order: OrderRecord) {
  return returnInput
    .extend({
      lines: z.object({ item_id: z.number(), quantity: z.coerce.number().int().min(0) }).array(),
    })
    .superRefine((values, ctx) => {
      values.lines.forEach((line, index) => {
        const item = order.items[index];
        if (!item) return;
        const left = item.quantity - item.returned;
        if (line.quantity > left) {
          const name = lineName(item);
          ctx.addIssue({
            code: "custom",
            path: ["lines", index, "quantity"],
            message: say(
              "return_exceeds_sold",
              { line: index + 1, name, left },
              `Line ${index + 1}: only ${left} of ${name} can still come back.`,
            ),
          });
        }
      });
    });
}
type ReturnForm = z.input<ReturnType<typeof returnFormSchema>>;

/** The form of an order as opened: nothing chosen, back into stock. */
function blankOf(order: OrderRecord): ReturnForm {
  return {
    lines: order.items.map((item) => ({ item_id: item.item_id, quantity: "0" })),
    restock: true,
    refund_shipping: false,
    refund_amount: "",
    reason: "",
  };
}

/**
 * "Return items": how many of each line come back, whether they go back into
 * stock, shipping, and the refund the contract's returnFigures() makes of
 * them (the server's own figures), or another amount typed; saved with the
 * order's version (If-Match). A line over what is left is said beside it.
 */
export function ReturnItemsDialog({
  show,
  order,
  reload,
  onClose,
}: {
  show: boolean;
  order: OrderRecord;
  /** Reads the order again (a 412's "Load the latest"). */
  reload: () => Promise<unknown>;
  onClose: () => void;
}) {
  const create = useCreateReturn();
  const schema = useMemo(() => returnFormSchema(order), [order]);
  const blank = useMemo(() => blankOf(order), [order]);
  const recordForm = useRecordForm({
    schema,
    defaults: blank,
    loaded: blank,
    version: order.version,
    reload,
    save: (values, { version }): Promise<OrderReturn> => {
      const { refund_amount, ...rest } = values;
      return create.mutateAsync({
        orderId: order.orders_id,
        version,
        input: refund_amount ? { ...rest, refund_amount } : rest,
      });
    },
    savedMessage: (result) =>
      translate("Credit note {{number}}: {{amount}} refunded.", {
        number: (result as OrderReturn).credit_note_number,
        amount: formatMoney((result as OrderReturn).refund_amount),
      }),
    onSaved: onClose,
  });
  const { reset, control } = recordForm.form;
  const { isSubmitting } = recordForm;

  // Each opening starts blank; the order read again while it is open keeps the typing.
  const blankRef = useRef(blank);
  blankRef.current = blank;
  useEffect(() => {
    if (show) reset(blankRef.current);
  }, [show, reset]);

  const lines = useWatch({ control, name: "lines" }) ?? [];
  const refundShipping = useWatch({ control, name: "refund_shipping" }) === true;
  const figures = returnFigures(
    order,
    lines.map((line) => ({ item_id: line.item_id, quantity: Number(line.quantity) || 0 })),
    refundShipping,
  );
  const shippingLeft = toSen(order.shipping_fee) - toSen(order.shipping_refunded);

  return (
    <Modal show={show} onHide={onClose} centered size="lg" aria-labelledby="return-title">
      <RecordForm form={recordForm}>
        <Modal.Header closeButton closeLabel={translate("Close")}>
          <Modal.Title id="return-title" as="h2" className="h5">
            {translate("Return items")}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Table size="sm" className="align-middle" data-testid="return-lines">
            <thead>
              <tr>
                <th scope="col">{translate("Product")}</th>
                <th scope="col" className="text-end">
                  {translate("Sold")}
                </th>
                <th scope="col" className="text-end">
                  {translate("Returned")}
                </th>
                <th scope="col" style={{ width: 140 }}>
                  {translate("Return")}
                </th>
              </tr>
            </thead>
            <tbody>
              {order.items.map((item, index) => {
                const left = item.quantity - item.returned;
                const name = lineName(item);
                return (
                  <tr key={item.item_id}>
                    <td>
                      {name}
                      {item.sku && (
                        <span className="d-block small text-body-secondary">{item.sku}</span>
                      )}
                    </td>
                    <td className="text-end">{item.quantity}</td>
                    <td className="text-end">{item.returned}</td>
                    <td>
                      <Field
                        name={`lines.${index}.quantity`}
                        id={`return-line-${item.item_id}`}
                        className="mb-0"
                        label={
                          <span className="visually-hidden">
                            {translate("Quantity to return of {{name}}", { name })}
                          </span>
                        }
                      >
                        {(input) => (
                          <NumberInput
                            {...input}
                            size="sm"
                            step="1"
                            max={left}
                            disabled={left <= 0}
                          />
                        )}
                      </Field>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
          <ChosenNothing />
          <Form.Check
            type="checkbox"
            id="return-restock"
            className="mb-2"
            label={translate("Put back into stock")}
            {...recordForm.form.register("restock")}
          />
          {shippingLeft > 0n && (
            <Form.Check
              type="checkbox"
              id="return-shipping"
              className="mb-2"
              label={translate("Refund shipping ({{amount}})", {
                amount: formatMoney(fromSen(shippingLeft)),
              })}
              {...recordForm.form.register("refund_shipping")}
            />
          )}
          <p className="fs-5 my-3" data-testid="return-refund" aria-live="polite">
            {translate("Refund")}: <strong>{formatMoney(fromSen(figures.refund))}</strong>
            {figures.buy_back && order.buy_back_percent !== null && (
              <span className="ms-2 badge text-bg-info">
                {translate("Buy-back {{percent}}%", {
                  percent: Number(order.buy_back_percent).toString(),
                })}
              </span>
            )}
          </p>
          <Field
            name="refund_amount"
            id="return-refund-amount"
            label="Refund amount"
            hint={translate("Leave empty to refund {{amount}}; at most {{most}}.", {
              amount: formatMoney(fromSen(figures.refund)),
              most: formatMoney(fromSen(figures.most)),
            })}
          >
            {(input) => <Form.Control {...input} inputMode="decimal" autoComplete="off" />}
          </Field>
          <Field name="reason" id="return-reason" label="Reason">
            {(input) => <Form.Control {...input} as="textarea" rows={2} maxLength={REASON_MAX} />}
          </Field>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {translate("Cancel")}
          </Button>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {translate("Return items")}
          </Button>
        </Modal.Footer>
      </RecordForm>
    </Modal>
  );
}

/**
 * The server's "choose at least one line" (400 return_nothing, on `lines`),
 * under the lines: the array itself has no input of its own.
 */
function ChosenNothing() {
  const { control } = useFormContext<ReturnForm>();
  const { errors } = useFormState({ control, name: "lines" });
  const error = errors.lines as FormFieldError | undefined;
  return error?.message ? <FieldError id="return-lines" error={error} /> : null;
}
