import type { WithdrawRequest, WithdrawStatus } from "@store/contract";
import { useState } from "react";
import { Badge, Button } from "react-bootstrap";
import { type Decision, useDecideWithdrawal, withdrawRequests } from "../../api/withdrawals";
import { type Column, ConfirmDialog, DataTable, PageHeader, useListState } from "../../components";
import { formatDateTime, formatMoney } from "../../lib/format";

/** docs/REQUIREMENTS.md section 2: rejected red, completed green, processing blue. */
const STATUS_STYLE: Record<WithdrawStatus, { bg: string; label: string }> = {
  processing: { bg: "primary", label: "Processing" },
  completed: { bg: "success", label: "Completed" },
  rejected: { bg: "danger", label: "Rejected" },
};

const DIALOG: Record<Decision, { title: string; verb: string; variant: string }> = {
  completed: { title: "Approve Alert", verb: "approve", variant: "success" },
  rejected: { title: "Reject Alert", verb: "reject", variant: "danger" },
};

/**
 * /withdrawRequest: cash-wallet withdrawals; a processing request can be
 * approved or rejected once, after a confirmation; others show "No action".
 */
export default function WithdrawRequestList() {
  const list = useListState();
  const { data, isLoading } = withdrawRequests.useList(list.params);
  const decide = useDecideWithdrawal();
  const [pending, setPending] = useState<{ request: WithdrawRequest; decision: Decision } | null>(
    null,
  );

  const columns: Column<WithdrawRequest>[] = [
    { header: "#", cell: (_r, index) => index + 1 },
    { header: "Username", cell: (r) => r.username },
    { header: "Full Name", cell: (r) => `${r.f_name} ${r.l_name}` },
    { header: "E-mail", cell: (r) => r.email },
    { header: "Phone", cell: (r) => r.contact },
    { header: "Bank Account", cell: (r) => r.bank_acc },
    { header: "Bank Name", cell: (r) => r.bank_name },
    {
      header: "Withdraw Amount",
      cell: (r) => formatMoney(r.withdraw_amt),
      className: "text-end text-nowrap",
    },
    {
      header: "Status",
      cell: (r) => {
        const style = STATUS_STYLE[r.withdraw_status];
        return <Badge bg={style.bg}>{style.label}</Badge>;
      },
    },
    { header: "Request Date", cell: (r) => formatDateTime(r.request_at), className: "text-nowrap" },
    {
      header: "Cash Out Date",
      cell: (r) => formatDateTime(r.cashOut_at),
      className: "text-nowrap",
    },
    {
      header: "Rejected Date",
      cell: (r) => formatDateTime(r.rejected_at),
      className: "text-nowrap",
    },
    {
      header: "Actions",
      className: "text-nowrap",
      cell: (r) =>
        r.withdraw_status === "processing" ? (
          <div className="d-flex gap-1">
            <Button
              size="sm"
              variant="success"
              aria-label={`Approve ${r.username}`}
              onClick={() => setPending({ request: r, decision: "completed" })}
            >
              Approve
            </Button>
            <Button
              size="sm"
              variant="danger"
              aria-label={`Reject ${r.username}`}
              onClick={() => setPending({ request: r, decision: "rejected" })}
            >
              Reject
            </Button>
          </div>
        ) : (
          <span className="text-muted">No action</span>
        ),
    },
  ];

  const dialog = pending ? DIALOG[pending.decision] : DIALOG.completed;
  return (
    <>
      <PageHeader title="Withdraw Request" />
      <div className="card p-3">
        <DataTable
          columns={columns}
          page={data}
          loading={isLoading}
          rowKey={(r) => r.withdraw_id}
        />
      </div>
      <ConfirmDialog
        show={pending !== null}
        title={dialog.title}
        confirmVariant={dialog.variant}
        busy={decide.isPending}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (!pending) return;
          decide.mutate(
            { id: pending.request.withdraw_id, decision: pending.decision },
            { onSettled: () => setPending(null) },
          );
        }}
      >
        Are you sure you want to {dialog.verb} withdrawal of [{pending?.request.username}]?
      </ConfirmDialog>
    </>
  );
}
