import { grants, type Notification, type Permission } from "@store/contract";
import { sql } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { toWireTimestamp } from "../../db/columns";

/** Order statuses that are paid for and not yet shipped (db/seed/base.ts: 2 paid, 3 processing). */
export const TO_SHIP_STATUSES = [2, 3] as const;
export const EXPIRY_NOTICE_DAYS = 7;
/** A kind of job fails repeatedly: this many of its jobs failed within this many hours. */
export const JOBS_FAILING_TIMES = 2;
export const JOBS_FAILING_HOURS = 24;

/** The permission each kind of notice needs: the view of the list its link opens (issue 22). */
export const NOTICE_PERMISSIONS = {
  withdrawals_processing: "payouts:view",
  // Only who may approve is told a request awaits them (docs/decisions/four-eyes-payouts.md).
  withdrawals_second_approval: "payouts:manage",
  // A credit adjustment above the second-approval amount, asked by someone else.
  adjustments_second_approval: "wallets:manage",
  orders_to_ship: "orders:view",
  agencies_expiring: "members:view",
  products_low_stock: "catalog:view",
  variants_low_stock: "catalog:view",
  // Whoever may change the store's settings looks after it (docs/decisions/backups.md).
  backup_failed: "settings:manage",
  // Who may retry a job is told when a kind keeps failing (docs/decisions/jobs.md).
  jobs_failing: "jobs:manage",
} as const satisfies Record<string, Permission>;

type NoticeKind = keyof typeof NOTICE_PERMISSIONS;

/**
 * GET notifications: what waits for the administrator, in one statement that
 * reads no table in full (docs/decisions/notifications.md): withdrawals processing and orders to ship from the kept
 * totals per status (migration 0009), agencies expiring from their expiry
 * index, and products and variants at or below the store's low-stock
 * threshold (settings record 1) from their stock indexes; the payouts another
 * person approved first, awaiting the caller's second approval, from their
 * partial index (migration 0031), and the credit adjustments another person
 * asked for, pending, from theirs. Only the kinds
 * whose list `held` may view are answered (NOTICE_PERMISSIONS).
 */
export async function notificationsOf(
  db: Tx,
  caller: { user_id: number; permissions: readonly Permission[] },
): Promise<Notification[]> {
  const held = caller.permissions;
  const statuses = TO_SHIP_STATUSES.map((s) => `orders.status:${s}`);
  const [row] = (
    await db.execute<{
      withdrawals: string | number;
      second_approvals: string | number;
      adjustments: string | number;
      to_ship: string | number;
      agencies: string | number;
      threshold: number | null;
      products: string | number;
      variants: string | number;
      now: string;
      until: string;
      backup_failures: string | number;
      jobs_failing: string | number;
    }>(sql`with limits as (
        select coalesce((select low_stock_threshold from settings where setting_id = 1), 5) as threshold,
          date_trunc('second', now()) as now,
          date_trunc('second', now()) + make_interval(days => ${EXPIRY_NOTICE_DAYS}) as until)
      select
        (select coalesce(sum(value), 0) from running_totals
          where name = 'withdraw_requests.status:processing') as withdrawals,
        (select count(*) from withdraw_requests where withdraw_status = 'processing'
          and first_approved_by is not null
          and first_approved_by <> ${caller.user_id}) as second_approvals,
        (select count(*) from adjustment_requests where status = 'pending'
          and requested_by is distinct from ${caller.user_id}) as adjustments,
        (select coalesce(sum(value), 0) from running_totals
          where name in (${sql.join(
            statuses.map((s) => sql`${s}`),
            sql`, `,
          )})) as to_ship,
        (select count(*) from agency_stores where deleted_at is null
          and expired_at >= limits.now and expired_at <= limits.until) as agencies,
        limits.threshold,
        (select count(*) from products where deleted_at is null
          and stock_qtt <= limits.threshold) as products,
        (select count(*) from product_variants v join products p on p.product_id = v.product_id
          where v.deleted_at is null and p.deleted_at is null
          and v.variant_qtt <= limits.threshold) as variants,
        limits.now::text as now, limits.until::text as until,
        (select count(*) from backup_runs where not ok and run_id >
          coalesce((select max(run_id) from backup_runs where ok), 0)) as backup_failures,
        (select count(*) from (select kind from jobs where status = 'failed'
          and finished_at > now() - make_interval(hours => ${JOBS_FAILING_HOURS})
          group by kind having count(*) >= ${JOBS_FAILING_TIMES}) failing) as jobs_failing
      from limits`)
  ).rows;
  const threshold = row?.threshold ?? 5;
  const from = encodeURIComponent(toWireTimestamp(row?.now ?? new Date()));
  const until = encodeURIComponent(toWireTimestamp(row?.until ?? new Date()));
  const notices: (Notification & { kind: NoticeKind })[] = [
    {
      kind: "withdrawals_processing",
      title: "Withdrawal requests processing",
      count: Number(row?.withdrawals ?? 0),
      link: "/withdrawRequest?withdraw_status=processing",
    },
    {
      // Approved once by another person: this caller may give the second approval.
      kind: "withdrawals_second_approval",
      title: "Withdrawal requests awaiting your second approval",
      count: Number(row?.second_approvals ?? 0),
      link: "/withdrawRequest?awaiting_second_approval=1",
    },
    {
      // Asked by another person: this caller may approve it (modules/ledger/adjustments.ts).
      kind: "adjustments_second_approval",
      title: "Credit adjustments awaiting your approval",
      count: Number(row?.adjustments ?? 0),
      link: "/userWallets?awaiting_adjustment=1",
    },
    {
      kind: "orders_to_ship",
      title: "Orders paid but not shipped",
      count: Number(row?.to_ship ?? 0),
      link: `/order?${TO_SHIP_STATUSES.map((s) => `order_status=${s}`).join("&")}`,
    },
    {
      kind: "agencies_expiring",
      title: `Agency stores expiring within ${EXPIRY_NOTICE_DAYS} days`,
      count: Number(row?.agencies ?? 0),
      link: `/agency?expired_at_gte=${from}&expired_at_lte=${until}`,
    },
    {
      kind: "products_low_stock",
      title: "Products low in stock",
      count: Number(row?.products ?? 0),
      link: `/products?stock_qtt_lte=${threshold}`,
    },
    {
      kind: "variants_low_stock",
      title: "Variants low in stock",
      count: Number(row?.variants ?? 0),
      link: `/products?variant_qtt_min_lte=${threshold}`,
    },
    {
      // Scheduled backups failed since the last one that worked (backup/schedule.ts).
      kind: "backup_failed",
      title: "Scheduled backups failing (see the server log)",
      count: Number(row?.backup_failures ?? 0),
      link: "/settings",
    },
    {
      kind: "jobs_failing",
      title: "Jobs failing repeatedly (kinds of job)",
      count: Number(row?.jobs_failing ?? 0),
      link: "/jobs?status=failed",
    },
  ];
  return notices.filter((notice) => grants(held, NOTICE_PERMISSIONS[notice.kind]));
}
