-- Year rows beside the month rows (docs/decisions/reports-rollups.md, "Pieces"):
-- each change also goes to "<series>@year" on 1 January, so "this year" or the
-- last 365 days read one row per key for the year they reach instead of twelve.
CREATE OR REPLACE FUNCTION "apply_running_total_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH drained AS (DELETE FROM running_total_changes RETURNING name, delta)
  INSERT INTO running_totals AS t (name, value)
  SELECT name, sum(delta) FROM drained GROUP BY name ORDER BY name
  ON CONFLICT (name) DO UPDATE SET value = t.value + excluded.value;
  -- Each day's change also goes to its month's row ("<series>@month", day 1)
  -- and its year's ("<series>@year", 1 January).
  WITH drained AS (DELETE FROM report_rollup_changes RETURNING series, day, key, delta),
  spread AS (
    SELECT series, day, key, delta FROM drained
    UNION ALL
    SELECT series || '@month', date_trunc('month', day)::date, key, delta FROM drained
    UNION ALL
    SELECT series || '@year', date_trunc('year', day)::date, key, delta FROM drained
  )
  INSERT INTO report_rollups AS t (series, day, key, value)
  SELECT series, day, key, sum(delta) FROM spread
  GROUP BY series, day, key HAVING sum(delta) <> 0 ORDER BY series, day, key
  ON CONFLICT (series, day, key) DO UPDATE SET value = t.value + excluded.value;
  RETURN NULL;
END
$$--> statement-breakpoint
-- The set-based build (the migrations, the seed, a zone change) adds the years too.
CREATE OR REPLACE FUNCTION "report_rollups_add_periods"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_rollups (series, day, key, value)
  SELECT r.series || p.suffix, date_trunc(p.unit, r.day)::date, r.key, sum(r.value)
  FROM report_rollups r CROSS JOIN (VALUES ('@month', 'month'), ('@year', 'year')) AS p(suffix, unit)
  WHERE r.series NOT LIKE '%@%'
  GROUP BY 1, 2, 3 HAVING sum(r.value) <> 0
$$--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_rollups_rebuild"(zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE report_time_zone SET time_zone = zone WHERE id = 1;
  DELETE FROM report_rollup_changes;
  DELETE FROM report_rollups;
  INSERT INTO report_rollups (series, day, key, value)
  SELECT r.series, r.day, r.key, sum(r.delta) FROM (
    SELECT x.* FROM orders o CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z LEFT JOIN users u ON u.user_id = o.user_id
    CROSS JOIN LATERAL report_order_rows(z.zone, 1, o.created_at, o.order_status, o.total_price,
      o.discount, o.shipping_fee, o.state, o.coupon_code, u.referral_of) AS x
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
  ) AS r
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  PERFORM report_rollups_add_periods();
END
$$--> statement-breakpoint
INSERT INTO "report_rollups" ("series", "day", "key", "value")
SELECT replace("series", '@month', '@year'), date_trunc('year', "day")::date, "key", sum("value")
FROM "report_rollups" WHERE "series" LIKE '%@month'
GROUP BY 1, 2, 3 HAVING sum("value") <> 0;--> statement-breakpoint
-- A ranking's candidates: each month's and year's highest keys, read from the top.
DROP INDEX "report_rollups_month_rank";--> statement-breakpoint
CREATE INDEX "report_rollups_rank" ON "report_rollups" ("series", "day", "value" DESC, "key")
  WHERE "series" LIKE '%@%';
