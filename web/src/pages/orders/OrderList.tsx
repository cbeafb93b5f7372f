import {
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_COMPLETE,
  ORDER_STATUS_RETURNED,
  type Order,
  shippingLocation,
} from "@store/contract";
import { Link } from "react-router";
import { orders, useOrderStatuses } from "../../api/orders";
import { type Column, DataTable, PageHeader, useListState } from "../../components";
import { formatDateTime, formatDecimal, formatMoney } from "../../lib/format";

/** Green for complete, red for canceled or returned (docs/REQUIREMENTS.md section 2). */
function orderRowClass(order: Pick<Order, "order_status">): string | undefined {
  if (order.order_status === ORDER_STATUS_COMPLETE) return "table-success";
  if (order.order_status === ORDER_STATUS_CANCELED || order.order_status === ORDER_STATUS_RETURNED)
    return "table-danger";
  return undefined;
}

const nowrap = "text-nowrap";

/** /order: every order with its 18 columns; the wide table scrolls inside its card. */
export default function OrderList() {
  const list = useListState();
  const { data, isLoading } = orders.useList(list.params);
  const statuses = useOrderStatuses();
  const statusName = (id: number) =>
    statuses.data?.find((s) => s.order_status_id === id)?.order_status_name ?? String(id);

  const columns: Column<Order>[] = [
    { header: "#", cell: (_o, i) => i + 1 },
    { header: "Order Number", cell: (o) => o.order_number, className: nowrap },
    { header: "Customer Username", cell: (o) => o.username },
    { header: "Customer Phone", cell: (o) => o.contact, className: nowrap },
    { header: "Total Price", cell: (o) => formatMoney(o.total_price), className: nowrap },
    { header: "Points Earned", cell: (o) => formatDecimal(o.points_earned) },
    { header: "Coupon Code", cell: (o) => o.coupon_code || "-" },
    { header: "Recipient Name", cell: (o) => o.recipient_name, className: nowrap },
    { header: "Recipient Contact", cell: (o) => o.recipient_contact, className: nowrap },
    {
      header: "Shipping Location",
      cell: (o) => (
        <span className="d-inline-block" style={{ minWidth: 320 }}>
          {shippingLocation(o)}
        </span>
      ),
    },
    { header: "Tracking Number", cell: (o) => o.tracking_number || "-", className: nowrap },
    {
      header: "Status",
      cell: (o) => <span className="text-capitalize">{statusName(o.order_status)}</span>,
    },
    { header: "Created Date", cell: (o) => formatDateTime(o.created_at), className: nowrap },
    { header: "Paid Date", cell: (o) => formatDateTime(o.paid_on), className: nowrap },
    { header: "Ship Out By", cell: (o) => formatDateTime(o.ship_out_by), className: nowrap },
    { header: "Completed Date", cell: (o) => formatDateTime(o.completed_at), className: nowrap },
    { header: "Updated Date", cell: (o) => formatDateTime(o.updated_at), className: nowrap },
    {
      header: "Actions",
      cell: (o) => (
        <Link
          to={`/editOrder?oid=${o.orders_id}`}
          className="btn btn-sm btn-outline-primary"
          aria-label={`Edit order ${o.order_number}`}
        >
          Edit
        </Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader title="Orders" />
      <div className="card p-3" style={{ minWidth: 0 }}>
        <DataTable
          columns={columns}
          page={data}
          loading={isLoading}
          rowKey={(o) => o.orders_id}
          rowClassName={orderRowClass}
        />
      </div>
    </>
  );
}
