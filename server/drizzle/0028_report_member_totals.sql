-- New members in total, key '' (docs/decisions/reports-rollups.md, "Member
-- totals"): the members report's periods read one row a day for them, not one
-- per tier; the tiers' rows still answer the range's split by tier.
CREATE OR REPLACE FUNCTION "report_user_rows"(zone text, sign integer, created_at timestamptz, role text,
    membership integer, referral_of integer)
  RETURNS TABLE (series text, day date, key text, delta numeric) LANGUAGE sql STABLE AS $$
  SELECT v.s, report_day(created_at, zone), v.k, v.d FROM (VALUES
    ('members.joined', membership::text, sign::numeric),
    ('members.total', '', sign::numeric),
    ('referral.joined', referral_of::text, sign::numeric),
    ('members.referred', CASE WHEN referral_of IS NOT NULL THEN '' END, sign::numeric)
  ) AS v(s, k, d)
  WHERE report_is_member(role) AND v.k IS NOT NULL
$$--> statement-breakpoint
INSERT INTO "report_rollups" ("series", "day", "key", "value")
SELECT replace("series", 'members.joined', 'members.total'), "day", '', sum("value")
FROM "report_rollups" WHERE "series" IN ('members.joined', 'members.joined@month', 'members.joined@year')
GROUP BY 1, 2 HAVING sum("value") <> 0;
