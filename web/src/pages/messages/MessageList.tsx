import { MESSAGE_STATUS_LABELS, MESSAGE_STATUSES, type Message } from "@store/contract";
import { useState } from "react";
import { Button } from "react-bootstrap";
import { useMessages, useResendMessage } from "../../api/messages";
import {
  type Column,
  ConfirmDialog,
  DataTable,
  type ListFilter,
  PageHeader,
  reportStaleRow,
  showToast,
  useListState,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatDateTime } from "../../lib/format";
import { useMayDo } from "../../resources/context";
import {
  EVENT_OPTIONS,
  eventText,
  LANGUAGE_OPTIONS,
  languageName,
  MessageStatusBadge,
} from "./messageText";

const filters: ListFilter[] = [
  {
    kind: "choice",
    name: "status",
    label: "Status",
    options: MESSAGE_STATUSES.map((s) => ({ value: s, label: MESSAGE_STATUS_LABELS[s] })),
  },
  { kind: "choice", name: "event", label: "Event", options: EVENT_OPTIONS },
  { kind: "choice", name: "language", label: "Language", options: LANGUAGE_OPTIONS },
];

/**
 * /messages: the outbox (docs/decisions/messages.md), newest first: to whom,
 * about what, in which language, and whether it went; a sent or failed one
 * can be sent again by a person who may manage messages.
 */
export default function MessageList() {
  const list = useListState({ filters });
  const query = useMessages(list.params);
  const resend = useResendMessage();
  const [resending, setResending] = useState<Message | null>(null);
  const mayManage = useMayDo("update");

  const columns: Column<Message>[] = [
    {
      header: "Recipient",
      role: "key",
      sticky: "start",
      sort: "recipient",
      cell: (m) => <span className="text-break">{m.recipient}</span>,
    },
    { header: "Event", sort: "event", cell: (m) => eventText(m.event) },
    {
      header: "Language",
      sort: "language",
      cell: (m) => languageName(m.language),
      className: "text-nowrap",
    },
    { header: "Subject", sort: "subject", cell: (m) => m.subject },
    {
      header: "Status",
      role: "status",
      sort: "status",
      cell: (m) => <MessageStatusBadge status={m.status} />,
    },
    { header: "Tries", sort: "tries", cell: (m) => m.tries, className: "text-end" },
    {
      header: "Last error",
      field: "last_error",
      cell: (m) =>
        m.last_error ? (
          <div className="small text-break" style={{ minWidth: "12rem" }}>
            {m.last_error}
          </div>
        ) : (
          <span className="text-body-secondary">-</span>
        ),
    },
    {
      header: "Created",
      sort: "created_at",
      cell: (m) => formatDateTime(m.created_at),
      className: "text-nowrap",
    },
    {
      header: "Sent",
      sort: "sent_at",
      cell: (m) => formatDateTime(m.sent_at),
      className: "text-nowrap",
    },
    {
      header: "Actions",
      role: "actions",
      sticky: "end",
      cell: (m) =>
        m.status === "queued" ? (
          <span className="text-body-secondary">{translate("No action")}</span>
        ) : (
          <Button
            size="sm"
            variant="outline-primary"
            aria-label={translate("Resend message #{{id}}", { id: m.message_id })}
            onClick={() => setResending(m)}
          >
            {translate("Resend")}
          </Button>
        ),
    },
  ];

  return (
    <>
      <PageHeader title={translate("Messages")} />
      <div className="card p-3">
        <DataTable
          list={list}
          columns={mayManage ? columns : columns.filter((c) => c.role !== "actions")}
          page={query.data}
          loading={query.isLoading}
          query={query}
          rowKey={(m) => m.message_id}
          exportFrom="messages"
          emptyText={
            list.q || list.filtered
              ? undefined
              : "No messages yet: they are written as orders, withdrawals and KYC checks move."
          }
        />
      </div>
      <ConfirmDialog
        show={resending !== null}
        title="Resend message"
        confirmLabel="Resend"
        confirmVariant="primary"
        busy={resend.isPending}
        onCancel={() => setResending(null)}
        onConfirm={() => {
          if (!resending) return;
          const m = resending;
          resend.mutate(m, {
            onSuccess: () =>
              showToast(
                translate("Message #{{id}} to {{recipient}} is queued again.", {
                  id: m.message_id,
                  recipient: m.recipient,
                }),
                "success",
              ),
            // Sent or changed meanwhile: said as every list says a stale row.
            onError: (error) => void reportStaleRow(error, `#${m.message_id}`),
            onSettled: () => setResending(null),
          });
        }}
      >
        {resending &&
          translate("Send “{{subject}}” to {{recipient}} again?", {
            subject: resending.subject,
            recipient: resending.recipient,
          })}
      </ConfirmDialog>
    </>
  );
}
