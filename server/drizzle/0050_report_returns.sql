-- Returns and refunds in the reports (issue 42; docs/decisions/reports-rollups.md,
-- "Returns and refunds"). Their roll-up functions and triggers are derived
-- objects, declared in server/src/modules/reports/returnRollups.ts and applied
-- at start; this migration gives the fresh count its returns. It lands with
-- migration 0049, so no store holds a return to count yet.
-- Migration 0045's fresh count with the returns and their lines.
CREATE OR REPLACE FUNCTION "report_rollups_rebuild_days_and_months"(zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_time_zone SET time_zone = zone WHERE id = 1;
  DELETE FROM report_rollup_changes;
  DELETE FROM report_rollups;
  INSERT INTO report_rollups (series, day, key, value)
  SELECT r.series, r.day, r.key, sum(r.delta) FROM (
    SELECT x.* FROM orders o CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z LEFT JOIN users u ON u.user_id = o.user_id
    CROSS JOIN LATERAL report_order_rows(z.zone, 1, o.created_at, o.order_status, o.total_price,
      o.discount, o.shipping_fee, o.state, o.coupon_code, u.referral_of, o.tax_total) AS x
    UNION ALL
    SELECT x.* FROM order_items i CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z JOIN orders o ON o.orders_id = i.orders_id
    LEFT JOIN products p ON p.product_id = i.product_id
    CROSS JOIN LATERAL report_line_rows(z.zone, 1, o.created_at, o.order_status, i.product_id,
      p.category_id, i.quantity, i.line_total) AS x
    UNION ALL
    SELECT x.* FROM users u CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
    CROSS JOIN LATERAL report_user_rows(z.zone, 1, u.created_at, u.role, u.membership, u.referral_of) AS x
    UNION ALL
    SELECT x.* FROM withdraw_requests w CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
    CROSS JOIN LATERAL report_withdrawal_rows(z.zone, 1, w.request_at, w."cashOut_at", w.rejected_at,
      w.reversed_at, w.withdraw_amt) AS x
    UNION ALL
    SELECT x.* FROM wallet_ledger e CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
    CROSS JOIN LATERAL report_ledger_rows(z.zone, e.created_at, e.account, e.reason, e.amount) AS x
    UNION ALL
    SELECT 'owed', report_day(d.created_at, z.zone), d.account, d.amount FROM ledger_owed d CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
    UNION ALL
    SELECT x.* FROM order_returns t CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
    CROSS JOIN LATERAL report_return_rows(z.zone, 1, t.created_at, t.refund_amount) AS x
    UNION ALL
    SELECT x.* FROM order_return_lines l CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
    JOIN order_returns t ON t.return_id = l.return_id
    JOIN order_items i ON i.item_id = l.item_id
    CROSS JOIN LATERAL report_return_line_rows(z.zone, 1, t.created_at, i.product_id, l.quantity) AS x
  ) AS r
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  INSERT INTO report_rollups (series, day, key, value)
  SELECT series || '@month', date_trunc('month', day)::date, key, sum(value) FROM report_rollups
  GROUP BY 1, 2, 3 HAVING sum(value) <> 0;
END
$$
