import {
  isAmount,
  leftToRefund,
  type OrderRecord,
  type OrderReturn,
  REASON_MAX,
  type RefundInput,
  refundInput,
  say,
  toSen,
} from "@store/contract";
import { useEffect, useMemo } from "react";
import { Button, Form, Modal } from "react-bootstrap";
import { useCreateRefund } from "../../api/returns";
import { Field, RecordForm, useRecordForm } from "../../components";
import { translate } from "../../i18n/messages";
import { formatMoney } from "../../lib/format";

const BLANK: RefundInput = { amount: "", reason: "" };

/** The contract's refundInput, never above what is left to refund (the server's 409 refund_exceeds_paid). */
function refundFormSchema(left: string) {
  return refundInput.superRefine((values, ctx) => {
    // Only a well-formed amount is compared: a malformed one has its own message.
    if (isAmount(values.amount) && toSen(values.amount) > toSen(left)) {
      ctx.addIssue({
        code: "custom",
        path: ["amount"],
        message: say(
          "refund_exceeds_paid",
          { amount: values.amount, left },
          `A refund of RM ${values.amount} is more than the RM ${left} left to refund.`,
        ),
      });
    }
  });
}

/**
 * "Refund": money given back without goods (goodwill, or shipping), at most
 * what is left to refund, with a reason; saved with the order's version (If-Match).
 */
export function RefundDialog({
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
  const create = useCreateRefund();
  const left = leftToRefund(order);
  const schema = useMemo(() => refundFormSchema(left), [left]);
  const recordForm = useRecordForm({
    schema,
    defaults: BLANK,
    loaded: BLANK,
    version: order.version,
    reload,
    save: (values, { version }): Promise<OrderReturn> =>
      create.mutateAsync({ orderId: order.orders_id, version, input: values }),
    savedMessage: (result) =>
      translate("Credit note {{number}}: {{amount}} refunded.", {
        number: (result as OrderReturn).credit_note_number,
        amount: formatMoney((result as OrderReturn).refund_amount),
      }),
    onSaved: onClose,
  });
  const { reset } = recordForm.form;
  const { isSubmitting } = recordForm;

  // Each opening starts blank.
  useEffect(() => {
    if (show) reset(BLANK);
  }, [show, reset]);

  return (
    <Modal show={show} onHide={onClose} centered aria-labelledby="refund-title">
      <RecordForm form={recordForm}>
        <Modal.Header closeButton closeLabel={translate("Close")}>
          <Modal.Title id="refund-title" as="h2" className="h5">
            {translate("Refund")}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Field
            name="amount"
            id="refund-amount"
            label="Amount"
            hint={translate("At most {{amount}} is left to refund.", {
              amount: formatMoney(left),
            })}
          >
            {(input) => <Form.Control {...input} inputMode="decimal" autoComplete="off" />}
          </Field>
          <Field name="reason" id="refund-reason" label="Reason">
            {(input) => <Form.Control {...input} as="textarea" rows={2} maxLength={REASON_MAX} />}
          </Field>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={onClose} disabled={isSubmitting}>
            {translate("Cancel")}
          </Button>
          <Button type="submit" variant="primary" disabled={isSubmitting}>
            {translate("Refund")}
          </Button>
        </Modal.Footer>
      </RecordForm>
    </Modal>
  );
}
