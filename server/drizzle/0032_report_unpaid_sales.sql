-- Sales not yet paid (issue 34; docs/decisions/reports-rollups.md, "Paid and
-- not yet paid"): a pending order is a sale, not money in. Its total also goes
-- to `sales.unpaid` (key ''), so the sales report answers revenue paid and
-- not yet paid; paying it (any status after pending) takes it out again.
CREATE FUNCTION "report_is_unpaid"(status integer) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT status = 1
$$--> statement-breakpoint
CREATE OR REPLACE FUNCTION "report_order_rows"(zone text, sign integer, created_at timestamptz, status integer,
    total numeric, discount numeric, shipping numeric, state text, coupon text, referrer integer)
  RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE AS $$
  SELECT v.s, report_day(created_at, zone), v.k, v.d FROM (VALUES
    ('sales.orders', '', sign::numeric),
    ('sales.revenue', '', sign * total),
    ('sales.unpaid', CASE WHEN report_is_unpaid(status) THEN '' END, sign * total),
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
-- The orders pending now, by the same definition: their days, months and years.
INSERT INTO "report_rollups" ("series", "day", "key", "value")
SELECT p."series", p."day", '', sum(r."delta")
FROM "orders" o CROSS JOIN (SELECT "time_zone" AS zone FROM "report_time_zone") AS z
CROSS JOIN LATERAL report_order_rows(z.zone, 1, o."created_at", o."order_status", o."total_price",
  o."discount", o."shipping_fee", o."state", o."coupon_code", NULL) AS r
CROSS JOIN LATERAL (VALUES
  (r."series", r."day"),
  (r."series" || '@month', date_trunc('month', r."day")::date),
  (r."series" || '@year', date_trunc('year', r."day")::date)
) AS p("series", "day")
WHERE o."order_status" = 1 AND r."series" = 'sales.unpaid'
GROUP BY 1, 2 HAVING sum(r."delta") <> 0;
