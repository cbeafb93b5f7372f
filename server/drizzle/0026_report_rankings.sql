-- Report reads that stay small at a million orders (docs/decisions/reports-rollups.md,
-- "Rankings"): new referrals as one key-less series, an index that hands out each
-- month's highest keys, and one that reads a few keys' rows.
-- The members' new referrals summed over every referrer, key '': the report's
-- totals and periods read one row per day, not one per referrer.
CREATE OR REPLACE FUNCTION "report_user_rows"(zone text, sign integer, created_at timestamptz, role text,
    membership integer, referral_of integer)
  RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE AS $$
  SELECT v.s, report_day(created_at, zone), v.k, v.d FROM (VALUES
    ('members.joined', membership::text, sign::numeric),
    ('referral.joined', referral_of::text, sign::numeric),
    ('members.referred', CASE WHEN referral_of IS NOT NULL THEN '' END, sign::numeric)
  ) AS v(s, k, d)
  WHERE report_is_member(role) AND v.k IS NOT NULL
$$--> statement-breakpoint
INSERT INTO "report_rollups" ("series", "day", "key", "value")
SELECT replace("series", 'referral.joined', 'members.referred'), "day", '', sum("value")
FROM "report_rollups" WHERE "series" IN ('referral.joined', 'referral.joined@month')
GROUP BY 1, 2 HAVING sum("value") <> 0;--> statement-breakpoint
-- A ranking's candidates: each month's highest keys of a series, read from the top.
CREATE INDEX "report_rollups_month_rank" ON "report_rollups" ("series", "day", "value" DESC, "key")
  WHERE "series" LIKE '%@month';--> statement-breakpoint
-- The candidates' exact sums: a few keys' rows over a range, from the index alone.
CREATE INDEX "report_rollups_by_key" ON "report_rollups" ("series", "key", "day", "value");
