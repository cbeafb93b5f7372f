import {
  ORDER_STATUS_CANCELED,
  ORDER_STATUS_COMPLETE,
  ORDER_STATUS_RETURNED,
  type Order,
  shippingLocation,
} from "@store/contract";
import { ORDER_DOCUMENTS } from "@store/contract/invoice";
import { Link, useNavigate } from "react-router";
import { orders, useOrderStatuses } from "../../api/orders";
import {
  type BulkAction,
  type Column,
  DataTable,
  type ListFilter,
  PageHeader,
  useListState,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatDateTime, formatDecimal, formatMoney } from "../../lib/format";
import { useMayDo } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";
import { printOrdersLink } from "./printLink";

/** Green for complete, red for canceled or returned (docs/REQUIREMENTS.md section 2). */
function orderRowClass(order: Pick<Order, "order_status">): string | undefined {
  if (order.order_status === ORDER_STATUS_COMPLETE) return "table-success";
  if (order.order_status === ORDER_STATUS_CANCELED || order.order_status === ORDER_STATUS_RETURNED)
    return "table-danger";
  return undefined;
}

const nowrap = "text-nowrap";

/**
 * /order: every order with its 18 columns; the wide table scrolls inside its
 * card with the number and the actions kept in view.
 */
export default function OrderList({ resource }: ScreenProps) {
  // Without orders:manage the order opens read only, by "View".
  const mayEdit = useMayDo("update", resource);
  const mayAdd = useMayDo("create", resource);
  const statuses = useOrderStatuses();
  const statusName = (id: number) =>
    translate(
      statuses.data?.find((s) => s.order_status_id === id)?.order_status_name ?? String(id),
    );
  const options = (statuses.data ?? []).map((s) => ({
    value: String(s.order_status_id),
    label: translate(s.order_status_name),
  }));
  const filters: ListFilter[] = [
    { kind: "choice", name: "order_status", label: "Status", options, multiple: true },
    { kind: "dates", name: "created_at", label: "Created Date" },
    { kind: "dates", name: "paid_on", label: "Paid Date" },
    { kind: "dates", name: "completed_at", label: "Completed Date" },
  ];
  const list = useListState({ filters });
  const query = orders.useList(list.params);
  const { data, isLoading } = query;
  // The same stamps and rules as Edit Order's save, order by order (docs/REQUIREMENTS.md section 4).
  const bulk = orders.useBulk(["dashboard"]);
  // The ticked orders' invoices or packing slips, opened for printing (docs/decisions/invoices.md).
  const navigate = useNavigate();
  const print: BulkAction[] = ORDER_DOCUMENTS.map((doc) => ({
    action: `print-${doc}`,
    label: doc === "invoice" ? "Print Invoices" : "Print Packing Slips",
    variant: "outline-secondary",
    opens: (ids) => navigate(printOrdersLink(resource, ids, doc, true)),
  }));
  const setStatus: BulkAction[] = options.map((o) => ({
    action: "setStatus",
    body: { status: Number(o.value) },
    group: "Set Status",
    label: o.label,
    title: "Set Status Alert",
    question: (what) =>
      translate('Are you sure you want to set the status of {{what}} to "{{status}}"?', {
        what,
        status: translate(o.label),
      }),
    variant: "primary",
  }));

  const columns: Column<Order>[] = [
    { header: "#", cell: (_o, i) => i + 1, sticky: "start", optional: true },
    {
      header: "Order Number",
      role: "key",
      cell: (o) => o.order_number,
      className: nowrap,
      sort: "order_number",
      sticky: "start",
    },
    { header: "Customer Username", cell: (o) => o.username, sort: "username" },
    {
      header: "Customer Phone",
      optional: true,
      cell: (o) => o.contact,
      className: nowrap,
      sort: "contact",
    },
    {
      header: "Total Price",
      role: "money",
      cell: (o) => formatMoney(o.total_price),
      className: nowrap,
      sort: "total_price",
    },
    {
      header: "Points Earned",
      optional: true,
      cell: (o) => formatDecimal(o.points_earned),
      sort: "points_earned",
    },
    {
      header: "Coupon Code",
      optional: true,
      cell: (o) => o.coupon_code || "-",
      sort: "coupon_code",
    },
    {
      header: "Recipient Name",
      optional: true,
      cell: (o) => o.recipient_name,
      className: nowrap,
      sort: "recipient_name",
    },
    {
      header: "Recipient Contact",
      optional: true,
      cell: (o) => o.recipient_contact,
      className: nowrap,
      sort: "recipient_contact",
    },
    {
      header: "Shipping Location",
      field: "shipping_location",
      exportFields: ["address_1", "address_2", "postcode", "state", "country"],
      cell: (o) => shippingLocation(o),
      long: true,
    },
    {
      header: "Tracking Number",
      optional: true,
      cell: (o) => o.tracking_number || "-",
      className: nowrap,
      sort: "tracking_number",
    },
    {
      header: "Status",
      role: "status",
      cell: (o) => <span className="text-capitalize">{statusName(o.order_status)}</span>,
      sort: "order_status",
      sticky: "end",
    },
    ...(
      [
        ["Created Date", "created_at", false],
        ["Paid Date", "paid_on", true],
        ["Ship Out By", "ship_out_by", true],
        ["Completed Date", "completed_at", true],
        ["Updated Date", "updated_at", true],
      ] as const
    ).map(
      ([header, field, optional]): Column<Order> => ({
        header,
        optional,
        cell: (o) => formatDateTime(o[field]),
        className: nowrap,
        sort: field,
      }),
    ),
    {
      header: "Actions",
      role: "actions",
      sticky: "end",
      cell: (o) => (
        <Link
          to={resource.editLink?.(o.orders_id) ?? ""}
          className="btn btn-sm btn-outline-primary"
          aria-label={
            mayEdit
              ? translate("Edit order {{name}}", { name: o.order_number })
              : translate("View order {{name}}", { name: o.order_number })
          }
        >
          {mayEdit ? translate("Edit") : translate("View")}
        </Link>
      ),
    },
  ];

  return (
    <>
      <PageHeader title={translate("Orders")}>
        {mayAdd && (
          <Link to={resource.add?.path ?? ""} className="btn btn-primary">
            {translate("Add Order")}
          </Link>
        )}
      </PageHeader>
      <div className="card p-3" style={{ minWidth: 0 }}>
        <DataTable
          list={list}
          exportFrom={orders.list}
          bulk={{
            idOf: (o) => o.orders_id,
            nameOf: (o) => `order ${o.order_number}`,
            noun: { one: "order", many: "orders" },
            actions: [...print, ...setStatus],
            run: bulk,
          }}
          columns={columns}
          page={data}
          loading={isLoading}
          query={query}
          rowKey={(o) => o.orders_id}
          rowClassName={orderRowClass}
        />
      </div>
    </>
  );
}
