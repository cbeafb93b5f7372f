import { type OrderReturnRow, RETURN_KIND_LABELS, RETURN_KINDS } from "@store/contract";
import { Link } from "react-router";
import { creditNotePdfUrl, useReturns } from "../../api/returns";
import {
  type Column,
  DataTable,
  dateColumn,
  type ListFilter,
  PageHeader,
  useListState,
} from "../../components";
import { currentLanguage } from "../../i18n/index";
import { translate } from "../../i18n/messages";
import { formatDateTime, formatDecimal, formatMoney } from "../../lib/format";
import { useResources } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";

const filters: ListFilter[] = [
  {
    kind: "choice",
    name: "kind",
    label: "Kind",
    options: RETURN_KINDS.map((k) => ({ value: k, label: RETURN_KIND_LABELS[k] })),
  },
];

const nowrap = "text-nowrap";

/**
 * /returns: every return and refund, newest first (docs/decisions/returns.md):
 * its credit note, the order and buyer, what came back, what was refunded and
 * the PV and commission it took back; each credit note's PDF opens in a new tab.
 */
export default function ReturnList({ resource }: ScreenProps) {
  const list = useListState({ filters });
  const query = useReturns(list.params);
  const resources = useResources();

  const columns: Column<OrderReturnRow>[] = [
    {
      header: "Credit note",
      role: "key",
      sticky: "start",
      sort: "credit_note_number",
      cell: (r) => r.credit_note_number,
      className: nowrap,
    },
    {
      header: "Order",
      sort: "order_number",
      cell: (r) => <Link to={resources.editLink("order", r.orders_id)}>{r.order_number}</Link>,
      className: nowrap,
    },
    { header: "Member", sort: "username", cell: (r) => r.username },
    {
      header: "Kind",
      sort: "kind",
      cell: (r) => translate(RETURN_KIND_LABELS[r.kind]),
    },
    { header: "Items", field: "items", cell: (r) => r.items, className: "text-end" },
    {
      header: "Refund",
      role: "money",
      sort: "refund_amount",
      cell: (r) => formatMoney(r.refund_amount),
      className: `text-end ${nowrap}`,
    },
    {
      header: "PV taken back",
      sort: "pv_reversed",
      cell: (r) => formatDecimal(r.pv_reversed),
      className: `text-end ${nowrap}`,
    },
    {
      header: "Commission taken back",
      sort: "commission_reversed",
      cell: (r) => formatMoney(r.commission_reversed),
      className: `text-end ${nowrap}`,
    },
    {
      header: "Restocked",
      sort: "restock",
      cell: (r) => translate(r.restock ? "Yes" : "No"),
    },
    { header: "Reason", sort: "reason", long: true, cell: (r) => r.reason },
    { header: "By", sort: "created_by", cell: (r) => r.created_by },
    dateColumn("Created", "created_at", formatDateTime),
    {
      header: "Actions",
      role: "actions",
      sticky: "end",
      cell: (r) => (
        <a
          href={creditNotePdfUrl(r.return_id, currentLanguage())}
          target="_blank"
          rel="noopener"
          className="btn btn-sm btn-outline-secondary"
          aria-label={translate("Credit note {{number}} (PDF)", { number: r.credit_note_number })}
        >
          {translate("Credit note")}
        </a>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={resource.list.title} />
      <div className="card p-3">
        <DataTable
          list={list}
          columns={columns}
          page={query.data}
          loading={query.isLoading}
          query={query}
          rowKey={(r) => r.return_id}
          exportFrom="returns"
          emptyText={
            list.q || list.filtered
              ? undefined
              : "No returns or refunds yet: they are made on an order's Edit Order screen."
          }
        />
      </div>
    </>
  );
}
