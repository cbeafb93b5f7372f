-- Report roll-ups (docs/decisions/reports-rollups.md): daily sums per store
-- day kept by statement triggers in the transactions that change the base
-- rows, so a one-year report reads at most ~366 rows per series. A change is
-- written to report_rollup_changes and folded into report_rollups at commit by
-- the same deferred trigger as the running totals, after them and in key
-- order: writers lock counter rows last, always in one order.
CREATE TABLE "report_rollups" (
	"series" text NOT NULL,
	"day" date NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"value" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "report_rollups_pkey" PRIMARY KEY ("series", "day", "key")
);
--> statement-breakpoint
CREATE TABLE "report_rollup_changes" (
	"series" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"delta" numeric NOT NULL
);
--> statement-breakpoint
-- The zone the days are counted in. Written here from the session's zone (the
-- server's connections always set the store's: db/client.ts); the server
-- counts again when the store's zone is another (modules/reports/service.ts).
CREATE TABLE "report_time_zone" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "report_time_zone_one_row" CHECK ("report_time_zone"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "report_time_zone" ("id", "time_zone") VALUES (1, current_setting('TimeZone'));--> statement-breakpoint
-- The store day of a moment in the recorded zone (never the session's): the
-- callers read report_time_zone once per statement and pass it.
CREATE FUNCTION "report_day"(at timestamptz, zone text) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE zone)::date
$$--> statement-breakpoint
-- A sale: an order not canceled (7), refunded (8) or returned (9).
CREATE FUNCTION "report_is_sale"(status integer) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status NOT IN (7, 8, 9)
$$--> statement-breakpoint
-- A member: a user who is not back-office (Admin, Staff).
CREATE FUNCTION "report_is_member"(role text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT role NOT IN ('Admin', 'Staff')
$$--> statement-breakpoint
-- The roll-up rows of one order, signed; the one definition the triggers and the rebuild share.
CREATE FUNCTION "report_order_rows"(zone text, sign integer, created_at timestamptz, status integer,
    total numeric, discount numeric, shipping numeric, state text, coupon text, referrer integer)
  RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE AS $$
  SELECT v.s, report_day(created_at, zone), v.k, v.d FROM (VALUES
    ('sales.orders', '', sign::numeric),
    ('sales.revenue', '', sign * total),
    ('sales.discount', '', sign * discount),
    ('sales.shipping', '', sign * shipping),
    ('region.orders', state, sign::numeric),
    ('region.revenue', state, sign * total),
    ('coupon.uses', nullif(coupon, ''), sign::numeric),
    ('coupon.discount', nullif(coupon, ''), sign * discount),
    ('coupon.sales', nullif(coupon, ''), sign * total),
    ('referral.orders', referrer::text, sign::numeric),
    ('referral.sales', referrer::text, sign * total)
  ) AS v(s, k, d)
  WHERE report_is_sale(status) AND v.k IS NOT NULL
$$--> statement-breakpoint
-- The roll-up rows of one order line (product and its category as they are now), signed.
CREATE FUNCTION "report_line_rows"(zone text, sign integer, created_at timestamptz, status integer,
    product integer, category integer, quantity integer, line_total numeric)
  RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE AS $$
  SELECT v.s, report_day(created_at, zone), v.k, v.d FROM (VALUES
    ('product.quantity', coalesce(product::text, ''), (sign * quantity)::numeric),
    ('product.revenue', coalesce(product::text, ''), sign * line_total),
    ('category.quantity', coalesce(category::text, ''), (sign * quantity)::numeric),
    ('category.revenue', coalesce(category::text, ''), sign * line_total)
  ) AS v(s, k, d)
  WHERE report_is_sale(status)
$$--> statement-breakpoint
-- The roll-up rows of one user: joined per tier, and new direct referrals per referrer.
CREATE FUNCTION "report_user_rows"(zone text, sign integer, created_at timestamptz, role text,
    membership integer, referral_of integer)
  RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE AS $$
  SELECT v.s, report_day(created_at, zone), v.k, v.d FROM (VALUES
    ('members.joined', membership::text, sign::numeric),
    ('referral.joined', referral_of::text, sign::numeric)
  ) AS v(s, k, d)
  WHERE report_is_member(role) AND v.k IS NOT NULL
$$--> statement-breakpoint
-- The roll-up rows of one withdrawal request: each step on its own day.
CREATE FUNCTION "report_withdrawal_rows"(zone text, sign integer, request_at timestamptz,
    paid_at timestamptz, rejected_at timestamptz, reversed_at timestamptz, amount numeric)
  RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE AS $$
  SELECT v.s, report_day(v.at, zone), '', v.d FROM (VALUES
    ('withdrawals.requested', request_at, sign::numeric),
    ('withdrawals.requested_amount', request_at, sign * amount),
    ('withdrawals.paid', paid_at, sign::numeric),
    ('withdrawals.paid_amount', paid_at, sign * amount),
    ('withdrawals.rejected', rejected_at, sign::numeric),
    ('withdrawals.rejected_amount', rejected_at, sign * amount),
    ('withdrawals.reversed', reversed_at, sign::numeric),
    ('withdrawals.reversed_amount', reversed_at, sign * amount)
  ) AS v(s, at, d)
  WHERE v.at IS NOT NULL
$$--> statement-breakpoint
-- The roll-up rows of one ledger entry: per account and reason, and the account's balance movement.
CREATE FUNCTION "report_ledger_rows"(zone text, created_at timestamptz, account text, reason text, amount numeric)
  RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE AS $$
  SELECT v.s, report_day(created_at, zone), v.k, amount FROM (VALUES
    ('ledger', account || ':' || reason),
    ('balance', account)
  ) AS v(s, k)
$$--> statement-breakpoint
-- A bulk load (the demo seed) pauses the triggers with `SET LOCAL
-- reports.rollups = 'off'` and calls report_rollups_rebuild once at its end.
CREATE FUNCTION "report_rollups_paused"() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('reports.rollups', true), '') = 'off'
$$--> statement-breakpoint
-- Folds the transaction's changes at commit: running totals first (as before),
-- then the roll-ups, each in key order (one lock order for every writer).
CREATE OR REPLACE FUNCTION "apply_running_total_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH drained AS (DELETE FROM running_total_changes RETURNING name, delta)
  INSERT INTO running_totals AS t (name, value)
  SELECT name, sum(delta) FROM drained GROUP BY name ORDER BY name
  ON CONFLICT (name) DO UPDATE SET value = t.value + excluded.value;
  -- Each day's change also goes to its month's row ("<series>@month", day 1):
  -- a year of a ranked report reads 12 rows per key and the days at its ends.
  WITH drained AS (DELETE FROM report_rollup_changes RETURNING series, day, key, delta),
  spread AS (
    SELECT series, day, key, delta FROM drained
    UNION ALL
    SELECT series || '@month', date_trunc('month', day)::date, key, delta FROM drained
  )
  INSERT INTO report_rollups AS t (series, day, key, value)
  SELECT series, day, key, sum(delta) FROM spread
  GROUP BY series, day, key HAVING sum(delta) <> 0 ORDER BY series, day, key
  ON CONFLICT (series, day, key) DO UPDATE SET value = t.value + excluded.value;
  RETURN NULL;
END
$$--> statement-breakpoint
-- After a roll-up change: one running-total change, whose deferred trigger folds both at commit.
CREATE FUNCTION "report_changes_queued"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO running_total_changes (name, delta) VALUES ('report_rollups.writes', 1)
$$--> statement-breakpoint
CREATE FUNCTION "report_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  EXECUTE format(
    'INSERT INTO report_rollup_changes (series, day, key, delta)
     SELECT r.series, r.day, r.key, sum(r.delta) FROM (%s) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
     LEFT JOIN users u ON u.user_id = c.user_id
     CROSS JOIN LATERAL report_order_rows(z.zone, c.sign, c.created_at, c.order_status, c.total_price,
       c.discount, c.shipping_fee, c.state, c.coupon_code, u.referral_of) AS r
     GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0', running_total_rows(TG_OP));
  -- An order whose sale or day changed moves its lines (an insert has none yet;
  -- a deleted order''s lines went in report_order_deleting).
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO report_rollup_changes (series, day, key, delta)
    SELECT r.series, r.day, r.key, sum(r.delta)
    FROM (SELECT -1 AS sign, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
    JOIN order_items i ON i.orders_id = c.orders_id
    LEFT JOIN products p ON p.product_id = i.product_id
    CROSS JOIN LATERAL report_line_rows(z.zone, c.sign, c.created_at, c.order_status, i.product_id,
      p.category_id, i.quantity, i.line_total) AS r
    WHERE c.orders_id IN (SELECT o.orders_id FROM old_rows o JOIN new_rows n USING (orders_id)
      WHERE report_is_sale(o.order_status) <> report_is_sale(n.order_status)
        OR o.created_at <> n.created_at)
    GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  END IF;
  PERFORM report_changes_queued();
  RETURN NULL;
END
$$--> statement-breakpoint
-- Before an order is deleted its lines still stand: take them out here (the
-- cascade deletes them after, when the order can no longer be read).
CREATE FUNCTION "report_order_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN OLD; END IF;
  INSERT INTO report_rollup_changes (series, day, key, delta)
  SELECT r.series, r.day, r.key, sum(r.delta) FROM order_items i CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
  LEFT JOIN products p ON p.product_id = i.product_id
  CROSS JOIN LATERAL report_line_rows(z.zone, -1, OLD.created_at, OLD.order_status, i.product_id,
    p.category_id, i.quantity, i.line_total) AS r
  WHERE i.orders_id = OLD.orders_id
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  PERFORM report_changes_queued();
  RETURN OLD;
END
$$--> statement-breakpoint
CREATE FUNCTION "report_order_items_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  EXECUTE format(
    'INSERT INTO report_rollup_changes (series, day, key, delta)
     SELECT r.series, r.day, r.key, sum(r.delta) FROM (%s) AS i CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
     JOIN orders o ON o.orders_id = i.orders_id
     LEFT JOIN products p ON p.product_id = i.product_id
     CROSS JOIN LATERAL report_line_rows(z.zone, i.sign, o.created_at, o.order_status, i.product_id,
       p.category_id, i.quantity, i.line_total) AS r
     GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0', running_total_rows(TG_OP));
  PERFORM report_changes_queued();
  RETURN NULL;
END
$$--> statement-breakpoint
-- A product moved to another category takes its sold lines with it.
CREATE FUNCTION "report_products_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  INSERT INTO report_rollup_changes (series, day, key, delta)
  SELECT r.series, r.day, r.key, sum(r.delta)
  FROM (SELECT o.product_id, -1 AS sign, o.category_id FROM old_rows o JOIN new_rows n USING (product_id)
        WHERE o.category_id IS DISTINCT FROM n.category_id
        UNION ALL
        SELECT n.product_id, 1, n.category_id FROM old_rows o JOIN new_rows n USING (product_id)
        WHERE o.category_id IS DISTINCT FROM n.category_id) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
  JOIN order_items i ON i.product_id = c.product_id
  JOIN orders o ON o.orders_id = i.orders_id
  CROSS JOIN LATERAL report_line_rows(z.zone, c.sign, o.created_at, o.order_status, i.product_id,
    c.category_id, i.quantity, i.line_total) AS r
  WHERE r.series LIKE 'category.%'
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  PERFORM report_changes_queued();
  RETURN NULL;
END
$$--> statement-breakpoint
-- A product deleted outright: its lines keep no product (ON DELETE SET NULL),
-- so their category becomes none; moved here while the product can be read.
CREATE FUNCTION "report_product_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN OLD; END IF;
  INSERT INTO report_rollup_changes (series, day, key, delta)
  SELECT r.series, r.day, r.key, sum(r.delta)
  FROM (VALUES (-1, OLD.category_id), (1, NULL::integer)) AS c(sign, category_id) CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
  CROSS JOIN order_items i
  JOIN orders o ON o.orders_id = i.orders_id
  CROSS JOIN LATERAL report_line_rows(z.zone, c.sign, o.created_at, o.order_status, i.product_id,
    c.category_id, i.quantity, i.line_total) AS r
  WHERE i.product_id = OLD.product_id AND r.series LIKE 'category.%'
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  PERFORM report_changes_queued();
  RETURN OLD;
END
$$--> statement-breakpoint
CREATE FUNCTION "report_users_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' THEN
    -- Only users whose counted columns changed (ttl_order, ttl_pv and the rest move often).
    INSERT INTO report_rollup_changes (series, day, key, delta)
    SELECT r.series, r.day, r.key, sum(r.delta)
    FROM (SELECT -1 AS sign, o.* FROM old_rows o UNION ALL SELECT 1, n.* FROM new_rows n) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
    CROSS JOIN LATERAL report_user_rows(z.zone, c.sign, c.created_at, c.role, c.membership, c.referral_of) AS r
    WHERE c.user_id IN (SELECT o.user_id FROM old_rows o JOIN new_rows n USING (user_id)
      WHERE o.created_at <> n.created_at OR o.role <> n.role OR o.membership <> n.membership
        OR o.referral_of IS DISTINCT FROM n.referral_of)
    GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
    -- A member moved to another referrer takes their sales with them.
    INSERT INTO report_rollup_changes (series, day, key, delta)
    SELECT r.series, r.day, r.key, sum(r.delta)
    FROM (SELECT o.user_id, -1 AS sign, o.referral_of FROM old_rows o JOIN new_rows n USING (user_id)
          WHERE o.referral_of IS DISTINCT FROM n.referral_of
          UNION ALL
          SELECT n.user_id, 1, n.referral_of FROM old_rows o JOIN new_rows n USING (user_id)
          WHERE o.referral_of IS DISTINCT FROM n.referral_of) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
    JOIN orders x ON x.user_id = c.user_id
    CROSS JOIN LATERAL report_order_rows(z.zone, c.sign, x.created_at, x.order_status, x.total_price,
      x.discount, x.shipping_fee, x.state, x.coupon_code, c.referral_of) AS r
    WHERE r.series LIKE 'referral.%'
    GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  ELSE
    EXECUTE format(
      'INSERT INTO report_rollup_changes (series, day, key, delta)
       SELECT r.series, r.day, r.key, sum(r.delta) FROM (%s) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
       CROSS JOIN LATERAL report_user_rows(z.zone, c.sign, c.created_at, c.role, c.membership, c.referral_of) AS r
       GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0', running_total_rows(TG_OP));
  END IF;
  PERFORM report_changes_queued();
  RETURN NULL;
END
$$--> statement-breakpoint
-- A deleted buyer's orders keep no user (ON DELETE SET NULL): their sales leave
-- the buyer's referrer here, while the buyer can be read.
CREATE FUNCTION "report_user_deleting"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN OLD; END IF;
  IF OLD.referral_of IS NOT NULL THEN
    INSERT INTO report_rollup_changes (series, day, key, delta)
    SELECT r.series, r.day, r.key, sum(r.delta) FROM orders x CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
    CROSS JOIN LATERAL report_order_rows(z.zone, -1, x.created_at, x.order_status, x.total_price,
      x.discount, x.shipping_fee, x.state, x.coupon_code, OLD.referral_of) AS r
    WHERE x.user_id = OLD.user_id AND r.series LIKE 'referral.%'
    GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
    PERFORM report_changes_queued();
  END IF;
  RETURN OLD;
END
$$--> statement-breakpoint
CREATE FUNCTION "report_withdrawals_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  EXECUTE format(
    'INSERT INTO report_rollup_changes (series, day, key, delta)
     SELECT r.series, r.day, r.key, sum(r.delta) FROM (%s) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
     CROSS JOIN LATERAL report_withdrawal_rows(z.zone, c.sign, c.request_at, c."cashOut_at", c.rejected_at,
       c.reversed_at, c.withdraw_amt) AS r
     GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0', running_total_rows(TG_OP));
  PERFORM report_changes_queued();
  RETURN NULL;
END
$$--> statement-breakpoint
-- The ledger is append-only (migration 0008): inserts only.
CREATE FUNCTION "report_ledger_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  INSERT INTO report_rollup_changes (series, day, key, delta)
  SELECT r.series, r.day, r.key, sum(r.delta) FROM new_rows AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
  CROSS JOIN LATERAL report_ledger_rows(z.zone, c.created_at, c.account, c.reason, c.amount) AS r
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  PERFORM report_changes_queued();
  RETURN NULL;
END
$$--> statement-breakpoint
CREATE FUNCTION "report_owed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  EXECUTE format(
    'INSERT INTO report_rollup_changes (series, day, key, delta)
     SELECT ''owed'', report_day(c.created_at, z.zone), c.account, sum(c.sign * c.amount) FROM (%s) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
     GROUP BY 1, 2, 3 HAVING sum(c.sign * c.amount) <> 0', running_total_rows(TG_OP));
  PERFORM report_changes_queued();
  RETURN NULL;
END
$$--> statement-breakpoint
-- TRUNCATE of a base table: its series start again from nothing.
CREATE FUNCTION "report_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_rollup_changes WHERE split_part(split_part(series, '@', 1), '.', 1) = ANY (TG_ARGV);
  DELETE FROM report_rollups WHERE split_part(split_part(series, '@', 1), '.', 1) = ANY (TG_ARGV);
  RETURN NULL;
END
$$--> statement-breakpoint
CREATE TRIGGER "orders_report_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "orders_report_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "orders_report_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_orders_changed"();--> statement-breakpoint
CREATE TRIGGER "orders_report_deleting" BEFORE DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "report_order_deleting"();--> statement-breakpoint
CREATE TRIGGER "orders_report_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "report_truncated"('sales', 'region', 'coupon', 'referral', 'product', 'category');--> statement-breakpoint
CREATE TRIGGER "order_items_report_insert" AFTER INSERT ON "order_items" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_order_items_changed"();--> statement-breakpoint
CREATE TRIGGER "order_items_report_update" AFTER UPDATE ON "order_items" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_order_items_changed"();--> statement-breakpoint
CREATE TRIGGER "order_items_report_delete" AFTER DELETE ON "order_items" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_order_items_changed"();--> statement-breakpoint
CREATE TRIGGER "order_items_report_truncate" AFTER TRUNCATE ON "order_items" FOR EACH STATEMENT EXECUTE FUNCTION "report_truncated"('product', 'category');--> statement-breakpoint
CREATE TRIGGER "products_report_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_products_changed"();--> statement-breakpoint
CREATE TRIGGER "products_report_deleting" BEFORE DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "report_product_deleting"();--> statement-breakpoint
CREATE TRIGGER "users_report_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_users_changed"();--> statement-breakpoint
CREATE TRIGGER "users_report_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_users_changed"();--> statement-breakpoint
CREATE TRIGGER "users_report_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_users_changed"();--> statement-breakpoint
CREATE TRIGGER "users_report_deleting" BEFORE DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "report_user_deleting"();--> statement-breakpoint
CREATE TRIGGER "users_report_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "report_truncated"('members', 'referral');--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_report_insert" AFTER INSERT ON "withdraw_requests" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_withdrawals_changed"();--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_report_update" AFTER UPDATE ON "withdraw_requests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_withdrawals_changed"();--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_report_delete" AFTER DELETE ON "withdraw_requests" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_withdrawals_changed"();--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_report_truncate" AFTER TRUNCATE ON "withdraw_requests" FOR EACH STATEMENT EXECUTE FUNCTION "report_truncated"('withdrawals');--> statement-breakpoint
CREATE TRIGGER "wallet_ledger_report_insert" AFTER INSERT ON "wallet_ledger" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_ledger_added"();--> statement-breakpoint
CREATE TRIGGER "ledger_owed_report_insert" AFTER INSERT ON "ledger_owed" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_owed_changed"();--> statement-breakpoint
CREATE TRIGGER "ledger_owed_report_update" AFTER UPDATE ON "ledger_owed" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_owed_changed"();--> statement-breakpoint
CREATE TRIGGER "ledger_owed_report_delete" AFTER DELETE ON "ledger_owed" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "report_owed_changed"();--> statement-breakpoint
CREATE TRIGGER "ledger_owed_report_truncate" AFTER TRUNCATE ON "ledger_owed" FOR EACH STATEMENT EXECUTE FUNCTION "report_truncated"('owed');--> statement-breakpoint
-- Every roll-up counted afresh from the base tables, set-based (the migration
-- and a change of the store's zone). The caller locks the base tables.
CREATE FUNCTION "report_rollups_rebuild"(zone text) RETURNS void LANGUAGE plpgsql AS $$
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
  INSERT INTO report_rollups (series, day, key, value)
  SELECT series || '@month', date_trunc('month', day)::date, key, sum(value) FROM report_rollups
  GROUP BY 1, 2, 3 HAVING sum(value) <> 0;
END
$$--> statement-breakpoint
SELECT report_rollups_rebuild(current_setting('TimeZone'));
