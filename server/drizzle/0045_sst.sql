-- SST on the lines (issue 40 item 2, docs/decisions/sst-on-lines.md): a
-- product names its tax category (none: not applicable); each order line keeps
-- the tax type and rate of its product's category at the time of sale and the
-- SST its amount contains (prices include SST), the order the sum of its
-- lines' tax. Existing orders and lines: not applicable, 0 (the defaults; no
-- rewrite). The sales roll-ups gain `sales.tax`.
ALTER TABLE "products" ADD COLUMN "tax_category_id" integer;--> statement-breakpoint
-- Refused, not set null: deleting a category in use would silently make its
-- products' sales untaxed; a category is retired by making it inactive. NO
-- ACTION rather than RESTRICT: the same refusal, as 23503, which the API
-- answers 409 linked_records (RESTRICT's 23001 would be a 500).
ALTER TABLE "products" ADD CONSTRAINT "products_tax_category_id_tax_categories_tax_category_id_fk" FOREIGN KEY ("tax_category_id") REFERENCES "public"."tax_categories"("tax_category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_tax_category_id_idx" ON "products" USING btree ("tax_category_id");--> statement-breakpoint
ALTER TABLE "order_items"
	ADD COLUMN "tax_type" text DEFAULT 'not_applicable' NOT NULL,
	ADD COLUMN "tax_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	ADD COLUMN "tax_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	ADD CONSTRAINT "order_items_tax" CHECK ("order_items"."tax_type" in ('taxable', 'exempt', 'not_applicable') and "order_items"."tax_rate" >= 0 and "order_items"."tax_rate" < 100 and ("order_items"."tax_type" = 'taxable' or ("order_items"."tax_rate" = 0 and "order_items"."tax_amount" = 0)) and "order_items"."tax_amount" >= 0 and "order_items"."tax_amount" <= "order_items"."line_total");--> statement-breakpoint
ALTER TABLE "orders"
	ADD COLUMN "tax_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	ADD CONSTRAINT "orders_tax_total" CHECK ("orders"."tax_total" >= 0 and "orders"."tax_total" <= "orders"."subtotal" - "orders"."discount");--> statement-breakpoint
-- Hand-written from here. Migration 0021's check at commit also holds the
-- order's tax_total to its lines' tax.
CREATE OR REPLACE FUNCTION "order_lines_match_subtotal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  id integer;
  expected numeric;
  expected_tax numeric;
  lines bigint;
  actual numeric;
  actual_tax numeric;
BEGIN
  IF TG_OP = 'DELETE' THEN
    ids := ARRAY[OLD.orders_id];
  ELSIF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'order_items' AND OLD.orders_id <> NEW.orders_id THEN
    ids := ARRAY[OLD.orders_id, NEW.orders_id];
  ELSE
    ids := ARRAY[NEW.orders_id];
  END IF;
  FOREACH id IN ARRAY ids LOOP
    -- One query per check: it runs for every order and every line written.
    SELECT o.subtotal, o.tax_total, count(i.item_id), coalesce(sum(i.line_total), 0), coalesce(sum(i.tax_amount), 0)
      INTO expected, expected_tax, lines, actual, actual_tax
      FROM orders o LEFT JOIN order_items i ON i.orders_id = o.orders_id
      WHERE o.orders_id = id GROUP BY o.subtotal, o.tax_total;
    CONTINUE WHEN NOT FOUND;
    IF lines = 0 THEN
      RAISE EXCEPTION 'order %: an order has at least one line', id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'order_lines_sum';
    END IF;
    IF actual <> expected THEN
      RAISE EXCEPTION 'order %: its lines sum to % but its subtotal is %', id, actual, expected
        USING ERRCODE = 'check_violation', CONSTRAINT = 'order_lines_sum';
    END IF;
    IF actual_tax <> expected_tax THEN
      RAISE EXCEPTION 'order %: its lines'' tax sums to % but its tax_total is %', id, actual_tax, expected_tax
        USING ERRCODE = 'check_violation', CONSTRAINT = 'order_lines_sum';
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "orders_lines_sum" ON "orders";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_lines_sum" AFTER INSERT OR UPDATE OF "subtotal", "tax_total" ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_lines_match_subtotal"();--> statement-breakpoint
-- The roll-up rows of one order (migration 0032's definition) with the SST its
-- total contains, `sales.tax`. A new argument needs a new function: the old
-- one is dropped (its callers name it by text, resolved when they run), and
-- `tax` defaults to 0 for the callers that read only the referral series.
DROP FUNCTION "report_order_rows"(text, integer, timestamptz, integer, numeric, numeric, numeric, text, text, integer);--> statement-breakpoint
CREATE FUNCTION "report_order_rows"(zone text, sign integer, created_at timestamptz, status integer,
    total numeric, discount numeric, shipping numeric, state text, coupon text, referrer integer,
    tax numeric DEFAULT 0)
  RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE AS $$
  SELECT v.s, report_day(created_at, zone), v.k, v.d FROM (VALUES
    ('sales.orders', '', sign::numeric),
    ('sales.revenue', '', sign * total),
    ('sales.unpaid', CASE WHEN report_is_unpaid(status) THEN '' END, sign * total),
    ('sales.discount', '', sign * discount),
    ('sales.shipping', '', sign * shipping),
    ('sales.tax', '', sign * tax),
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
-- Migration 0024's order trigger, passing the order's tax_total.
CREATE OR REPLACE FUNCTION "report_orders_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF report_rollups_paused() THEN RETURN NULL; END IF;
  EXECUTE format(
    'INSERT INTO report_rollup_changes (series, day, key, delta)
     SELECT r.series, r.day, r.key, sum(r.delta) FROM (%s) AS c CROSS JOIN (SELECT time_zone AS zone FROM report_time_zone) AS z
     LEFT JOIN users u ON u.user_id = c.user_id
     CROSS JOIN LATERAL report_order_rows(z.zone, c.sign, c.created_at, c.order_status, c.total_price,
       c.discount, c.shipping_fee, c.state, c.coupon_code, u.referral_of, c.tax_total) AS r
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
-- Migration 0024's fresh count (renamed by 0027), passing the order's tax_total.
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
  ) AS r
  GROUP BY 1, 2, 3 HAVING sum(r.delta) <> 0;
  INSERT INTO report_rollups (series, day, key, value)
  SELECT series || '@month', date_trunc('month', day)::date, key, sum(value) FROM report_rollups
  GROUP BY 1, 2, 3 HAVING sum(value) <> 0;
END
$$
