-- Returns and refunds in the reports (issue 42; docs/decisions/reports-rollups.md,
-- "Returns and refunds"): a return or refund (order_returns, migration 0049)
-- counts on the day it happens, its order's sale staying on the order's day.
-- Key-less series `returns.count`, `returns.refunds` (refund_amount) and
-- `returns.items` (its lines' quantity); `product.returned` per product of the
-- lines ('' when the product is gone). Rows are written once and never updated.
CREATE FUNCTION "report_return_rows"(zone text, sign integer, created_at timestamptz, refund numeric)
  RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE AS $$
  SELECT v.s, report_day(created_at, zone), '', v.d FROM (VALUES
    ('returns.count', sign::numeric),
    ('returns.refunds', sign * refund)
  ) AS v(s, d)
$$--> statement-breakpoint
-- The roll-up rows of one returned line, on its return's day.
CREATE FUNCTION "report_return_line_rows"(zone text, sign integer, created_at timestamptz, product integer,
    quantity integer)
  RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE AS $$
  SELECT v.s, report_day(created_at, zone), v.k, (sign * quantity)::numeric FROM (VALUES
    ('returns.items', ''),
    ('product.returned', coalesce(product::text, ''))
  ) AS v(s, k)
$$--> statement-breakpoint
CREATE FUNCTION "report_order_returns_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  EXECUTE format(
    'INSERT INTO report_rollup_changes (series, day, key, delta)
     SELECT r.series, r.day, r.key, sum(r.delta) FROM (%s) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
     CROSS JOIN LATERAL report_return_rows(z.zone, c.sign, c.created_at, c.refund_amount) AS r
     GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0', running_total_rows(TG_OP));
  PERFORM report_changes_queued();
  RETURN NULL;
END
$$--> statement-breakpoint
-- A returned line needs its return (the day) and its order line (the product).
-- Deleted with either (a cascade), it is taken out by that one's BEFORE DELETE
-- trigger below while both still stand; the statement trigger takes out only
-- the lines deleted with both still standing. Each line leaves once.
CREATE FUNCTION "report_order_return_lines_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  EXECUTE format(
    'INSERT INTO report_rollup_changes (series, day, key, delta)
     SELECT r.series, r.day, r.key, sum(r.delta) FROM (%s) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
     JOIN order_returns x ON x.return_id = c.return_id
     JOIN order_items i ON i.item_id = c.item_id
     CROSS JOIN LATERAL report_return_line_rows(z.zone, c.sign, x.created_at, i.product_id, c.quantity) AS r
     GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0', running_total_rows(TG_OP));
  PERFORM report_changes_queued();
  RETURN NULL;
END
$$--> statement-breakpoint
CREATE FUNCTION "report_order_return_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN OLD; END IF;
  INSERT INTO report_rollup_changes (series, day, key, delta)
  SELECT r.series, r.day, r.key, sum(r.delta) FROM order_return_lines l CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
  JOIN order_items i ON i.item_id = l.item_id
  CROSS JOIN LATERAL report_return_line_rows(z.zone, -1, OLD.created_at, i.product_id, l.quantity) AS r
  WHERE l.return_id = OLD.return_id
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  IF FOUND THEN PERFORM report_changes_queued(); END IF;
  RETURN OLD;
END
$$--> statement-breakpoint
-- An order line deleted (its order deleted, or edited away) takes its returned
-- quantities out while its product can be read; most lines have none.
CREATE FUNCTION "report_order_item_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN OLD; END IF;
  INSERT INTO report_rollup_changes (series, day, key, delta)
  SELECT r.series, r.day, r.key, sum(r.delta) FROM order_return_lines l CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
  JOIN order_returns x ON x.return_id = l.return_id
  CROSS JOIN LATERAL report_return_line_rows(z.zone, -1, x.created_at, OLD.product_id, l.quantity) AS r
  WHERE l.item_id = OLD.item_id
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  IF FOUND THEN PERFORM report_changes_queued(); END IF;
  RETURN OLD;
END
$$--> statement-breakpoint
-- An order line whose product changed (the product deleted: ON DELETE SET
-- NULL) moves its returned quantities to the new key.
CREATE FUNCTION "report_order_items_returned_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  INSERT INTO report_rollup_changes (series, day, key, delta)
  SELECT r.series, r.day, r.key, sum(r.delta)
  FROM (SELECT o.item_id, -1 AS sign, o.product_id FROM old_rows o JOIN new_rows n USING (item_id)
        WHERE o.product_id IS DISTINCT FROM n.product_id
        UNION ALL
        SELECT n.item_id, 1, n.product_id FROM old_rows o JOIN new_rows n USING (item_id)
        WHERE o.product_id IS DISTINCT FROM n.product_id) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
  JOIN order_return_lines l ON l.item_id = c.item_id
  JOIN order_returns x ON x.return_id = l.return_id
  CROSS JOIN LATERAL report_return_line_rows(z.zone, c.sign, x.created_at, c.product_id, l.quantity) AS r
  WHERE r.series = 'product.returned'
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  IF FOUND THEN PERFORM report_changes_queued(); END IF;
  RETURN NULL;
END
$$--> statement-breakpoint
-- TRUNCATE of the lines alone: their series only (migration 0024's
-- report_truncated goes by the series' first word, shared with order lines).
CREATE FUNCTION "report_series_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_rollup_changes WHERE split_part(series, '@', 1) = ANY (TG_ARGV);
  DELETE FROM report_rollups WHERE split_part(series, '@', 1) = ANY (TG_ARGV);
  RETURN NULL;
END
$$--> statement-breakpoint
CREATE TRIGGER "order_returns_report_insert" AFTER INSERT ON "order_returns" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_order_returns_changed"();--> statement-breakpoint
CREATE TRIGGER "order_returns_report_delete" AFTER DELETE ON "order_returns" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_order_returns_changed"();--> statement-breakpoint
CREATE TRIGGER "order_returns_report_deleting" BEFORE DELETE ON "order_returns" FOR EACH ROW EXECUTE FUNCTION "report_order_return_deleting"();--> statement-breakpoint
-- A return's lines go with it (TRUNCATE needs CASCADE): every returns series.
CREATE TRIGGER "order_returns_report_truncate" AFTER TRUNCATE ON "order_returns" FOR EACH STATEMENT EXECUTE FUNCTION "report_series_truncated"('returns.count', 'returns.refunds', 'returns.items', 'product.returned');--> statement-breakpoint
CREATE TRIGGER "order_return_lines_report_insert" AFTER INSERT ON "order_return_lines" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_order_return_lines_changed"();--> statement-breakpoint
CREATE TRIGGER "order_return_lines_report_delete" AFTER DELETE ON "order_return_lines" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_order_return_lines_changed"();--> statement-breakpoint
CREATE TRIGGER "order_return_lines_report_truncate" AFTER TRUNCATE ON "order_return_lines" FOR EACH STATEMENT EXECUTE FUNCTION "report_series_truncated"('returns.items', 'product.returned');--> statement-breakpoint
CREATE TRIGGER "order_items_report_deleting" BEFORE DELETE ON "order_items" FOR EACH ROW EXECUTE FUNCTION "report_order_item_deleting"();--> statement-breakpoint
CREATE TRIGGER "order_items_report_returned" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_order_items_returned_moved"();--> statement-breakpoint
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
$$--> statement-breakpoint
-- The returns made before this migration: their days, months and years.
INSERT INTO "report_rollups" ("series", "day", "key", "value")
SELECT p."series", p."day", r."key", sum(r."delta")
FROM (
  SELECT x.* FROM "order_returns" t CROSS JOIN (SELECT "time_zone" AS zone FROM "report_time_zone") AS z
  CROSS JOIN LATERAL report_return_rows(z.zone, 1, t."created_at", t."refund_amount") AS x
  UNION ALL
  SELECT x.* FROM "order_return_lines" l CROSS JOIN (SELECT "time_zone" AS zone FROM "report_time_zone") AS z
  JOIN "order_returns" t ON t."return_id" = l."return_id"
  JOIN "order_items" i ON i."item_id" = l."item_id"
  CROSS JOIN LATERAL report_return_line_rows(z.zone, 1, t."created_at", i."product_id", l."quantity") AS x
) AS r
CROSS JOIN LATERAL (VALUES
  (r."series", r."day"),
  (r."series" || '@month', date_trunc('month', r."day")::date),
  (r."series" || '@year', date_trunc('year', r."day")::date)
) AS p("series", "day")
GROUP BY 1, 2, 3 HAVING sum(r."delta") <> 0;
