import {
  COMMENT_MAX,
  type OrderCommentInput,
  type OrderTimelineEvent,
  orderCommentInput,
} from "@store/contract";
import { Button, Card, Form } from "react-bootstrap";
import { useOrderStatuses } from "../../api/orders";
import { creditNotePdfUrl, useAddOrderComment, useOrderTimeline } from "../../api/returns";
import { Field, LoadingDots, RecordForm, useRecordForm } from "../../components";
import { currentLanguage } from "../../i18n/index";
import { translate } from "../../i18n/messages";
import { formatDateTime, formatMoney } from "../../lib/format";

const BLANK: OrderCommentInput = { text: "" };

/**
 * The order's timeline (GET orders/{id}/timeline), oldest first: created, each
 * status change, each return and refund with its credit note, each staff
 * comment; a person who may manage orders adds a comment below.
 */
export function OrderTimeline({ orderId, mayManage }: { orderId: number; mayManage: boolean }) {
  const timeline = useOrderTimeline(orderId);
  const statuses = useOrderStatuses();
  const statusName = (status: number | null) => {
    const found = statuses.data?.find((s) => s.order_status_id === status);
    return found ? translate(found.order_status_name) : String(status ?? "");
  };
  const events = timeline.data ?? [];
  return (
    <Card as="section" className="mt-3" style={{ maxWidth: 900 }} aria-labelledby="timeline-title">
      <Card.Header className="py-2">
        <h2 id="timeline-title" className="h6 mb-0">
          {translate("Timeline")}
        </h2>
      </Card.Header>
      <Card.Body>
        {timeline.isLoading ? (
          <LoadingDots />
        ) : (
          <ol className="list-unstyled mb-0" data-testid="order-timeline">
            {events.map((event, index) => (
              <li
                // Events have no id of their own; their order never changes (oldest first).
                key={`${event.kind}-${event.at}-${index}`}
                className="border-start border-2 ps-3 pb-3"
              >
                <div className="small text-body-secondary">
                  {formatDateTime(event.at)}
                  {" · "}
                  {event.by || translate("The store")}
                </div>
                <EventText event={event} statusName={statusName} />
              </li>
            ))}
          </ol>
        )}
        {mayManage && <CommentForm orderId={orderId} />}
      </Card.Body>
    </Card>
  );
}

function EventText({
  event,
  statusName,
}: {
  event: OrderTimelineEvent;
  statusName: (status: number | null) => string;
}) {
  switch (event.kind) {
    case "created":
      return <div>{translate("Order created")}</div>;
    case "status":
      return (
        <div>{translate("Status changed to {{status}}", { status: statusName(event.status) })}</div>
      );
    case "comment":
      return (
        <div className="text-break" style={{ whiteSpace: "pre-wrap" }}>
          {event.text}
        </div>
      );
    default: {
      const amount = formatMoney(event.amount ?? "0");
      return (
        <div>
          {event.kind === "return"
            ? translate("Items returned, {{amount}} refunded", { amount })
            : translate("Refund of {{amount}}", { amount })}
          {event.text && <span className="d-block small text-break">{event.text}</span>}
          {event.return_id !== null && (
            <a
              href={creditNotePdfUrl(event.return_id, currentLanguage())}
              target="_blank"
              rel="noopener"
              className="small"
            >
              {translate("Credit note")}
            </a>
          )}
        </div>
      );
    }
  }
}

/** "Add comment": a staff note on the order's timeline. */
function CommentForm({ orderId }: { orderId: number }) {
  const add = useAddOrderComment(orderId);
  const form = useRecordForm({
    schema: orderCommentInput,
    defaults: BLANK,
    save: (values) => add.mutateAsync(values),
    savedMessage: "Comment added.",
    onSaved: () => form.form.reset(BLANK),
  });
  return (
    <RecordForm form={form} className="mt-3">
      <Field name="text" id="timeline-comment" label="Add comment">
        {(input) => <Form.Control {...input} as="textarea" rows={2} maxLength={COMMENT_MAX} />}
      </Field>
      <Button type="submit" size="sm" variant="outline-primary" disabled={form.isSubmitting}>
        {translate("Add comment")}
      </Button>
    </RecordForm>
  );
}
