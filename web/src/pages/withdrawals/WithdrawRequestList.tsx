import { WITHDRAW_STATUSES, type WithdrawRequest, type WithdrawStatus } from "@store/contract";
import { useState } from "react";
import { Badge, Button } from "react-bootstrap";
import { Link, useNavigate } from "react-router";
import { recordVersion } from "../../api/client";
import { useCreatePayoutBatch } from "../../api/payouts";
import { wallets } from "../../api/people";
import { type Decision, useDecideWithdrawal, withdrawRequests } from "../../api/withdrawals";
import {
  type BulkAction,
  type BulkSummary,
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
import { formatDateTime, formatMoney } from "../../lib/format";
import { useStoredAdmin } from "../../lib/permissions";
import { useMayDo, useResources } from "../../resources/context";
import { KycStatusBadge } from "../people/KycPanel";
import { ApprovalFigures, BulkApprovalNote, ReverseDialog } from "./WithdrawalDialogs";

/** docs/REQUIREMENTS.md section 2: rejected red, completed green, processing blue. */
const STATUS_STYLE: Record<WithdrawStatus, { bg: string; label: string }> = {
  processing: { bg: "primary", label: "Processing" },
  completed: { bg: "success", label: "Completed" },
  rejected: { bg: "danger", label: "Rejected" },
};

/** A processing request one person approved above the second-approval amount (answered 202). */
const awaitsSecond = (r: WithdrawRequest) =>
  r.withdraw_status === "processing" && r.first_approved_by !== null;

const DIALOG: Record<
  Decision,
  { title: string; question: (username: string) => string; variant: string }
> = {
  completed: {
    title: "Approve Alert",
    question: (username) =>
      translate("Are you sure you want to approve withdrawal of [{{name}}]?", { name: username }),
    variant: "success",
  },
  rejected: {
    title: "Reject Alert",
    question: (username) =>
      translate("Are you sure you want to reject withdrawal of [{{name}}]?", { name: username }),
    variant: "danger",
  },
};

const filters: ListFilter[] = [
  {
    kind: "choice",
    name: "withdraw_status",
    label: "Status",
    options: WITHDRAW_STATUSES.map((s) => ({ value: s, label: STATUS_STYLE[s].label })),
  },
  // Four-eyes payouts: the requests one person approved, awaiting a second (docs/decisions/four-eyes-payouts.md).
  {
    kind: "choice",
    name: "awaiting_second_approval",
    label: "Approval",
    options: [{ value: "1", label: "Awaiting second approval" }],
  },
  // Approved requests not yet in a payout batch: the ones a new batch takes (docs/decisions/payout-batches.md).
  {
    kind: "choice",
    name: "in_payout_batch",
    label: "Payout batch",
    options: [
      { value: "0", label: "Not in a payout batch" },
      { value: "1", label: "In a payout batch" },
    ],
  },
  { kind: "dates", name: "request_at", label: "Request Date" },
  // One request, as a wallet statement's reference links to it; Clear filters shows all again.
  { kind: "choice", name: "withdraw_id", label: "Request", options: [], custom: true },
];

/** Who is paid and how much, listed before a bulk decision (docs/decisions/money-named-before-consent.md). */
const payees = (caption: string): BulkSummary<WithdrawRequest> => ({
  caption,
  nameHeader: "Username",
  amountHeader: "Withdraw Amount",
  name: (r) => r.username,
  amount: (r) => r.withdraw_amt,
});

/** Each request is decided as one Approve or Reject would be: once, while processing. */
const decisions: BulkAction<WithdrawRequest>[] = [
  {
    action: "approve",
    label: "Approve",
    title: "Approve Alert",
    question: (what) => translate("Are you sure you want to approve {{what}}?", { what }),
    variant: "success",
    summary: payees("Withdrawal requests to approve"),
    // Which get only a first approval, and the step-up asked once (four-eyes payouts).
    details: (rows) => <BulkApprovalNote rows={rows} />,
  },
  {
    action: "reject",
    label: "Reject",
    title: "Reject Alert",
    question: (what) => translate("Are you sure you want to reject {{what}}?", { what }),
    variant: "danger",
    summary: payees("Withdrawal requests to reject"),
  },
];

/**
 * /withdrawRequest: cash-wallet withdrawals; a processing request can be
 * approved or rejected once, after a confirmation; others show "No action".
 */
export default function WithdrawRequestList() {
  const list = useListState({ filters });
  const query = withdrawRequests.useList(list.params);
  const { data, isLoading } = query;
  const decide = useDecideWithdrawal();
  const bulk = withdrawRequests.useBulk(wallets.keys.all, ["dashboard"]);
  const [pending, setPending] = useState<{ request: WithdrawRequest; decision: Decision } | null>(
    null,
  );
  const [reversing, setReversing] = useState<WithdrawRequest | null>(null);
  // The ticked requests a new payout batch would take (the bulk bar's "Add to payout batch").
  const [batching, setBatching] = useState<number[] | null>(null);
  const createBatch = useCreatePayoutBatch();
  const navigate = useNavigate();
  const resources = useResources();

  // Approve, Reject and Reverse are payouts:manage; a person who may only view sees no Actions.
  const mayDecide = useMayDo("update");
  // The first approver's second Approve would be refused (409 second_approval_same_person): not offered.
  const me = useStoredAdmin()?.user_id;
  const approvedByMe = (r: WithdrawRequest) => awaitsSecond(r) && r.first_approved_by === me;
  const columns: Column<WithdrawRequest>[] = [
    { header: "#", cell: (_r, index) => index + 1, sticky: "start", optional: true },
    { header: "Username", role: "key", cell: (r) => r.username, sort: "username", sticky: "start" },
    {
      header: "Full Name",
      optional: true,
      cell: (r) => `${r.f_name} ${r.l_name}`,
      sort: "f_name",
      exportFields: ["f_name", "l_name"],
    },
    { header: "E-mail", optional: true, cell: (r) => r.email, sort: "email" },
    { header: "Phone", optional: true, cell: (r) => r.contact, sort: "contact" },
    { header: "Bank Account", cell: (r) => r.bank_acc, sort: "bank_acc" },
    { header: "Bank Name", cell: (r) => r.bank_name, sort: "bank_name" },
    // The member's KYC (docs/decisions/kyc.md): with the store's rule on, only verified is paid.
    {
      header: "KYC",
      optional: true,
      cell: (r) => <KycStatusBadge status={r.kyc_status} />,
      sort: "kyc_status",
    },
    {
      header: "Withdraw Amount",
      role: "money",
      cell: (r) => formatMoney(r.withdraw_amt),
      className: "text-end text-nowrap",
      sort: "withdraw_amt",
    },
    // s.107D (docs/decisions/withholding.md): kept back for the tax authority, and what the bank is sent.
    {
      header: "Tax Withheld",
      optional: true,
      role: "money",
      cell: (r) => formatMoney(r.tax_withheld),
      className: "text-end text-nowrap",
      exportFields: ["tax_withheld"],
    },
    {
      header: "Net Amount",
      optional: true,
      role: "money",
      cell: (r) => (r.net_amt === null ? "-" : formatMoney(r.net_amt)),
      className: "text-end text-nowrap",
      exportFields: ["net_amt"],
    },
    {
      header: "Status",
      role: "status",
      cell: (r) => {
        if (awaitsSecond(r)) {
          return (
            <>
              <Badge bg="warning" text="dark">
                {translate("Awaiting second approval")}
              </Badge>
              <div className="small text-muted text-nowrap">
                {translate("First approved by {{name}}", {
                  name: r.first_approved_by_username ?? "-",
                })}
              </div>
            </>
          );
        }
        const style = STATUS_STYLE[r.withdraw_status];
        return (
          <>
            <Badge bg={style.bg}>{translate(style.label)}</Badge>
            {r.payout_batch_id !== null && (
              <div className="small text-nowrap">
                <Link to={resources.link("payoutBatches", "batch", r.payout_batch_id)}>
                  {translate("Payout batch #{{id}}", { id: r.payout_batch_id })}
                </Link>
              </div>
            )}
            {r.payout_result === "failed" && (
              <div className="small text-danger">
                {translate("Failed at the bank: {{reason}}", {
                  reason: r.payout_reason ?? "-",
                })}
              </div>
            )}
          </>
        );
      },
      sort: "withdraw_status",
      sticky: "end",
    },
    {
      header: "Request Date",
      cell: (r) => formatDateTime(r.request_at),
      className: "text-nowrap",
      sort: "request_at",
    },
    {
      header: "Cash Out Date",
      optional: true,
      cell: (r) => formatDateTime(r.cashOut_at),
      className: "text-nowrap",
      sort: "cashOut_at",
    },
    {
      header: "Rejected Date",
      optional: true,
      cell: (r) => formatDateTime(r.rejected_at),
      className: "text-nowrap",
      sort: "rejected_at",
    },
    {
      header: "Actions",
      role: "actions",
      sticky: "end",
      cell: (r) =>
        r.withdraw_status === "processing" ? (
          <div className="d-flex gap-1 align-items-center">
            {approvedByMe(r) ? (
              <span className="small text-muted text-nowrap">
                {translate("Another person approves")}
              </span>
            ) : (
              <Button
                size="sm"
                variant="success"
                aria-label={translate("Approve {{name}}", { name: r.username })}
                onClick={() => setPending({ request: r, decision: "completed" })}
              >
                {translate("Approve")}
              </Button>
            )}
            <Button
              size="sm"
              variant="danger"
              aria-label={translate("Reject {{name}}", { name: r.username })}
              onClick={() => setPending({ request: r, decision: "rejected" })}
            >
              {translate("Reject")}
            </Button>
          </div>
        ) : r.withdraw_status === "completed" && r.reversed_at === null ? (
          <Button
            size="sm"
            variant="outline-warning"
            aria-label={translate("Reverse {{name}}", { name: r.username })}
            onClick={() => setReversing(r)}
          >
            {translate("Reverse")}
          </Button>
        ) : (
          <span className="text-muted">
            {r.reversed_at ? translate("Reversed") : translate("No action")}
          </span>
        ),
    },
  ];

  const dialog = pending ? DIALOG[pending.decision] : DIALOG.completed;
  return (
    <>
      <PageHeader title={translate("Withdraw Request")} />
      <div className="card p-3">
        <DataTable
          list={list}
          exportFrom={withdrawRequests.list}
          bulk={{
            idOf: (r) => r.withdraw_id,
            nameOf: (r) => `withdrawal of [${r.username}]`,
            noun: { one: "withdrawal request", many: "withdrawal requests" },
            actions: mayDecide
              ? [
                  ...decisions,
                  {
                    action: "payout_batch",
                    label: "Add to payout batch",
                    variant: "outline-primary",
                    opens: (ids) => setBatching(ids),
                  },
                ]
              : decisions,
            run: bulk,
          }}
          columns={mayDecide ? columns : columns.filter((c) => c.role !== "actions")}
          page={data}
          loading={isLoading}
          query={query}
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
          const { request, decision } = pending;
          decide.mutate(
            { id: request.withdraw_id, decision, version: recordVersion(request) },
            {
              // Said once the dialog closes, the row's new status beside it.
              onSuccess: (decided) =>
                showToast(
                  awaitsSecond(decided)
                    ? translate(
                        "Withdrawal of [{{name}}] approved once; a second person must approve it.",
                        { name: request.username },
                      )
                    : decision === "completed"
                      ? translate("Withdrawal of [{{name}}] approved.", { name: request.username })
                      : translate("Withdrawal of [{{name}}] rejected.", { name: request.username }),
                  "success",
                ),
              // Decided or changed by someone else since the list showed it: said by name.
              onError: (error) => reportStaleRow(error, `withdrawal of [${request.username}]`),
              onSettled: () => setPending(null),
            },
          );
        }}
      >
        {dialog.question(pending?.request.username ?? "")}
        {pending?.decision === "completed" && <ApprovalFigures request={pending.request} />}
      </ConfirmDialog>
      <ReverseDialog request={reversing} onClose={() => setReversing(null)} />
      <ConfirmDialog
        show={batching !== null}
        title="Add to payout batch"
        confirmLabel="Create batch"
        confirmVariant="primary"
        busy={createBatch.isPending}
        onCancel={() => setBatching(null)}
        onConfirm={() => {
          if (!batching) return;
          createBatch.mutate(batching, {
            onSuccess: (batch) => {
              showToast(
                translate("Payout batch #{{id}} made: {{total}}.", {
                  id: batch.batch_id,
                  total: formatMoney(batch.total),
                }),
                "success",
              );
              navigate(resources.link("payoutBatches", "batch", batch.batch_id));
            },
            onSettled: () => setBatching(null),
          });
        }}
      >
        {translate(
          "Put the {{count}} ticked requests into a new payout batch? Only approved requests not in a batch can go in; the batch is released before its file goes to the bank.",
          { count: batching?.length ?? 0 },
        )}
      </ConfirmDialog>
    </>
  );
}
