import type { Voucher } from "@store/contract";
import { vouchers } from "../../api/vouchers";
import { type Column, RecordList, StatusBadge, useListState } from "../../components";
import { formatMoney, formatShortDateTime } from "../../lib/format";

/** "12.50" → "12.5", "10.00" → "10": a percentage reads best without trailing zeros. */
function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/\.?0+$/, "") : value;
}

/** "RM x" for a price discount, "x%" for a percentage (docs/REQUIREMENTS.md section 2). */
function discountText(v: Pick<Voucher, "discount" | "discount_type">): string {
  return v.discount_type === "price" ? formatMoney(v.discount) : `${trimDecimal(v.discount)}%`;
}

const nowrap = "text-nowrap";

/** /coupon: the coupons, with edit and a confirmed delete per row. */
export default function CouponList() {
  const list = useListState();
  const { data, isLoading } = vouchers.useList(list.params);
  const remove = vouchers.useRemove();

  const columns: Column<Voucher>[] = [
    { header: "#", cell: (_v, i) => i + 1 },
    { header: "Coupon Code", cell: (v) => v.voucher_code },
    { header: "Discount", cell: discountText, className: nowrap },
    { header: "Discount Cap", cell: (v) => formatMoney(v.discount_cap), className: nowrap },
    { header: "Type", cell: (v) => <span className="text-capitalize">{v.discount_type}</span> },
    { header: "Status", cell: (v) => <StatusBadge value={v.voucher_status} /> },
    { header: "Expired Date", cell: (v) => formatShortDateTime(v.expired_at), className: nowrap },
    // docs/REQUIREMENTS.md's list showed the expiry here too, a defect; this shows when it was created.
    { header: "Created Date", cell: (v) => formatShortDateTime(v.created_at), className: nowrap },
    { header: "Updated Date", cell: (v) => formatShortDateTime(v.updated_at), className: nowrap },
  ];

  return (
    <RecordList
      title="Coupons"
      addTo="/addCoupon"
      columns={columns}
      page={data}
      loading={isLoading}
      idOf={(row) => row.voucher_id}
      nameOf={(row) => row.voucher_code}
      editTo={(row) => `/editCoupon?vid=${row.voucher_id}`}
      remove={remove}
    />
  );
}
