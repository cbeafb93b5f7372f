import { PAYOUT_BATCH_STATUSES, type PayoutBatch } from "@store/contract";
import { Link } from "react-router";
import { usePayoutBatches } from "../../api/payouts";
import {
  type Column,
  DataTable,
  type ListFilter,
  PageHeader,
  useListState,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatCount, formatDateTime, formatMoney } from "../../lib/format";
import { useResources } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";
import { BATCH_STATUS_STYLE, BatchStatusBadge, batchName } from "./batchText";

const filters: ListFilter[] = [
  {
    kind: "choice",
    name: "status",
    label: "Status",
    options: PAYOUT_BATCH_STATUSES.map((s) => ({ value: s, label: BATCH_STATUS_STYLE[s].label })),
  },
];

/**
 * /payoutBatches: the runs to the bank, newest first, each with its total,
 * how many lines the bank has answered and who released it. A batch is made
 * from the withdrawal requests list (tick approved requests, "Add to payout
 * batch"); its screen releases it, writes its file and takes the bank's answer.
 */
export default function PayoutBatchList({ resource }: ScreenProps) {
  const list = useListState({ filters });
  const query = usePayoutBatches(list.params);
  const resources = useResources();
  const columns: Column<PayoutBatch>[] = [
    {
      header: "Batch",
      role: "key",
      sticky: "start",
      sort: "batch_id",
      cell: (b) => <Link to={resource.link("batch", b.batch_id)}>{batchName(b)}</Link>,
      className: "text-nowrap",
    },
    {
      header: "Status",
      role: "status",
      sort: "status",
      cell: (b) => <BatchStatusBadge batch={b} />,
    },
    {
      header: "Lines",
      sort: "line_count",
      cell: (b) => formatCount(b.line_count),
      className: "text-end",
    },
    {
      header: "Total",
      role: "money",
      sort: "total",
      cell: (b) => formatMoney(b.total),
      className: "text-end text-nowrap",
    },
    {
      header: "Paid",
      field: "paid_count",
      cell: (b) => formatCount(b.paid_count),
      className: "text-end",
    },
    {
      header: "Failed",
      field: "failed_count",
      cell: (b) => formatCount(b.failed_count),
      className: "text-end",
    },
    { header: "Created By", field: "created_username", cell: (b) => b.created_by_username ?? "-" },
    {
      header: "Created Date",
      sort: "created_at",
      cell: (b) => formatDateTime(b.created_at),
      className: "text-nowrap",
    },
    {
      header: "Released By",
      field: "released_username",
      cell: (b) => b.released_by_username ?? b.first_released_by_username ?? "-",
    },
  ];
  return (
    <>
      <PageHeader title={translate("Payout Batches")}>
        <Link
          to={resources.named("withdrawRequest").list.path}
          className="btn btn-outline-secondary"
        >
          {translate("Withdraw Request")}
        </Link>
      </PageHeader>
      <div className="card p-3">
        <DataTable
          list={list}
          columns={columns}
          page={query.data}
          loading={query.isLoading}
          query={query}
          rowKey={(b) => b.batch_id}
          searchable={false}
          emptyText="No payout batches yet: tick approved requests on Withdraw Request and add them to a batch."
        />
      </div>
    </>
  );
}
