/**
 * What each report shows (docs/decisions/reports-rollups.md): its figure cards,
 * its table's columns and the series its chart draws, and how a figure is written.
 */
import type { ReportName } from "@store/contract";
import type { Catalogue } from "@store/i18n";
import { formatCount, formatDate, formatDecimal, formatMoney } from "../../lib/format";

/** A figure's kind: how it is written and compared. */
export type Kind = "money" | "count" | "pv";
/** A label of the catalogues' `reports` section (its plain texts, not its groups). */
export type Label = Exclude<
  keyof Catalogue["reports"],
  "names" | "presets" | "groups" | "byOptions" | "chartTitle" | "compareOptions"
>;
export type Figure = { key: string; label: Label; kind: Kind };
export type Column = { key: string; label: Label; kind: Kind | "text" | "period" };

const figure = (key: string, label: Label, kind: Kind): Figure => ({ key, label, kind });

/** The figures each report shows as cards, in order (the answer's `totals` fields). */
export const FIGURES: Record<ReportName, Figure[]> = {
  sales: [
    figure("revenue", "revenue", "money"),
    // Orders not paid for are not money in yet (issue 34).
    figure("paid_revenue", "paidRevenue", "money"),
    figure("unpaid_revenue", "unpaidRevenue", "money"),
    figure("orders", "orders", "count"),
    figure("average_order", "averageOrder", "money"),
    figure("discount", "discount", "money"),
    figure("shipping", "shipping", "money"),
    // The SST the sales contain (prices include SST; docs/decisions/sst-on-lines.md).
    figure("tax", "tax", "money"),
    // Returns and refunds on the days they were made (issue 42).
    figure("returns", "returns", "count"),
    figure("refunds", "refunds", "money"),
    figure("returned_items", "returnedItems", "count"),
  ],
  products: [
    figure("revenue", "revenue", "money"),
    figure("quantity", "quantity", "count"),
    figure("returned", "returned", "count"),
  ],
  regions: [figure("revenue", "revenue", "money"), figure("orders", "orders", "count")],
  members: [
    figure("new_members", "newMembers", "count"),
    figure("new_referrals", "newReferrals", "count"),
  ],
  money: [
    figure("pv_issued", "pvIssued", "pv"),
    figure("pv_taken_back", "pvTakenBack", "pv"),
    figure("commissions_paid", "commissionsPaid", "money"),
    figure("commissions_reversed", "commissionsReversed", "money"),
    figure("clawbacks_owed", "clawbacksOwed", "money"),
    figure("clawbacks_recovered", "clawbacksRecovered", "money"),
    figure("withdrawals_requested_amount", "withdrawalsRequested", "money"),
    figure("withdrawals_paid_amount", "withdrawalsPaid", "money"),
    figure("withdrawals_rejected_amount", "withdrawalsRejected", "money"),
    figure("withdrawals_reversed_amount", "withdrawalsReversed", "money"),
    figure("wallet_balance", "walletBalance", "money"),
    figure("cash_wallet_balance", "cashWalletBalance", "money"),
  ],
  coupons: [
    figure("uses", "uses", "count"),
    figure("discount", "discount", "money"),
    figure("sales", "sales", "money"),
  ],
};

/** The table under the chart: the series' fields, in order. */
export const COLUMNS: Record<ReportName, Column[]> = {
  sales: [
    { key: "period", label: "period", kind: "period" },
    { key: "orders", label: "orders", kind: "count" },
    { key: "revenue", label: "revenue", kind: "money" },
    { key: "paid_revenue", label: "paidRevenue", kind: "money" },
    { key: "unpaid_revenue", label: "unpaidRevenue", kind: "money" },
    { key: "average_order", label: "averageOrder", kind: "money" },
    { key: "discount", label: "discount", kind: "money" },
    { key: "shipping", label: "shipping", kind: "money" },
    { key: "tax", label: "tax", kind: "money" },
    { key: "returns", label: "returns", kind: "count" },
    { key: "refunds", label: "refunds", kind: "money" },
    { key: "returned_items", label: "returnedItems", kind: "count" },
  ],
  products: [
    { key: "name", label: "name", kind: "text" },
    { key: "quantity", label: "quantity", kind: "count" },
    { key: "revenue", label: "revenue", kind: "money" },
    // By product only: returns are not kept per category (ReportsPage leaves it out).
    { key: "returned", label: "returned", kind: "count" },
  ],
  regions: [
    { key: "state", label: "state", kind: "text" },
    { key: "orders", label: "orders", kind: "count" },
    { key: "revenue", label: "revenue", kind: "money" },
  ],
  members: [
    { key: "period", label: "period", kind: "period" },
    { key: "new_members", label: "newMembers", kind: "count" },
    { key: "new_referrals", label: "newReferrals", kind: "count" },
  ],
  money: [
    { key: "period", label: "period", kind: "period" },
    { key: "pv_issued", label: "pvIssued", kind: "pv" },
    { key: "pv_taken_back", label: "pvTakenBack", kind: "pv" },
    { key: "commissions_paid", label: "commissionsPaid", kind: "money" },
    { key: "commissions_reversed", label: "commissionsReversed", kind: "money" },
    { key: "withdrawals_paid_amount", label: "withdrawalsPaid", kind: "money" },
    { key: "withdrawals_reversed_amount", label: "withdrawalsReversed", kind: "money" },
  ],
  coupons: [
    { key: "coupon_code", label: "coupon", kind: "text" },
    { key: "uses", label: "uses", kind: "count" },
    { key: "discount", label: "discount", kind: "money" },
    { key: "sales", label: "sales", kind: "money" },
  ],
};

/** The series' field the chart draws, and the row's label. */
export const CHARTED: Record<ReportName, { value: string; label: string; kind: Kind }> = {
  sales: { value: "revenue", label: "period", kind: "money" },
  products: { value: "revenue", label: "name", kind: "money" },
  regions: { value: "revenue", label: "state", kind: "money" },
  members: { value: "new_members", label: "period", kind: "count" },
  money: { value: "commissions_paid", label: "period", kind: "money" },
  coupons: { value: "uses", label: "coupon_code", kind: "count" },
};

export const GROUPED: readonly ReportName[] = ["sales", "members", "money"];

export function write(value: unknown, kind: Kind | "text" | "period"): string {
  if (kind === "money") return formatMoney(String(value));
  if (kind === "pv") return `${formatDecimal(String(value))} PV`;
  if (kind === "count") return formatCount(Number(value));
  if (kind === "period") return formatDate(String(value));
  return String(value ?? "");
}

/** The change from the previous range in %, one decimal; null when the previous was zero. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return Math.round(((current - previous) / Math.abs(previous)) * 1000) / 10;
}
