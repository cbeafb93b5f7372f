import type { Voucher } from "@store/contract";
import { vouchers } from "../../api/vouchers";
import {
  type Column,
  dateColumn,
  deleteAction,
  type ListFilter,
  RecordList,
  statusActions,
  statusColumn,
  statusFilter,
  useRecordList,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatMoney, formatShortDateTime, isPast } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";

/** "12.50" → "12.5", "10.00" → "10": a percentage reads best without trailing zeros. */
function trimDecimal(value: string): string {
  return value.includes(".") ? value.replace(/\.?0+$/, "") : value;
}

/** "RM x" for a price discount, "x%" for a percentage (docs/REQUIREMENTS.md section 2). */
function discountText(v: Pick<Voucher, "discount" | "discount_type">): string {
  return v.discount_type === "price" ? formatMoney(v.discount) : `${trimDecimal(v.discount)}%`;
}

const nowrap = "text-nowrap";
const filters: ListFilter[] = [
  statusFilter("voucher_status"),
  {
    kind: "choice",
    name: "discount_type",
    label: "Type",
    options: [
      { value: "price", label: "Price" },
      { value: "percentage", label: "Percentage" },
    ],
  },
  { kind: "dates", name: "expired_at", label: "Expired Date" },
];

const idOf = (row: Voucher) => row.voucher_id;
const nameOf = (row: Voucher) => row.voucher_code;

/** /coupon: the coupons, with edit and a confirmed delete per row. */
export default function CouponList({ resource }: ScreenProps) {
  const { table, bulk } = useRecordList(vouchers, { filters });

  const columns: Column<Voucher>[] = [
    { header: "#", cell: (_v, i) => i + 1, optional: true },
    { header: "Coupon Code", role: "key", cell: (v) => v.voucher_code, sort: "voucher_code" },
    { header: "Discount", cell: discountText, className: nowrap, sort: "discount" },
    {
      header: "Discount Cap",
      role: "money",
      cell: (v) => formatMoney(v.discount_cap),
      className: nowrap,
      sort: "discount_cap",
    },
    {
      header: "Type",
      optional: true,
      cell: (v) => (
        <span className="text-capitalize">
          {translate(v.discount_type === "price" ? "Price" : "Percentage")}
        </span>
      ),
      sort: "discount_type",
    },
    statusColumn({
      field: "voucher_status",
      of: (v) => v.voucher_status,
      idOf,
      nameOf,
      run: bulk,
      // "Active" alone would mislead: an expired coupon no longer applies (docs/decisions/money-named-before-consent.md).
      note: (v) => (isPast(v.expired_at) ? "Expired" : undefined),
    }),
    dateColumn("Expired Date", "expired_at", formatShortDateTime),
    // The original list showed the expiry here too, a defect (docs/REQUIREMENTS.md section 10);
    // this shows when it was created.
    dateColumn("Created Date", "created_at", formatShortDateTime, { optional: true }),
    dateColumn("Updated Date", "updated_at", formatShortDateTime, { optional: true }),
  ];

  return (
    <RecordList
      {...table}
      bulk={{
        actions: [...statusActions, deleteAction],
        run: bulk,
      }}
      columns={columns}
      idOf={idOf}
      nameOf={nameOf}
      resource={resource}
    />
  );
}
