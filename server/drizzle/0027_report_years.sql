-- Year rows beside the month rows (docs/decisions/reports-rollups.md, "Pieces"):
-- each change also goes to "<series>@year" on 1 January, so "this year" or the
-- last 365 days read one row per key for the year they reach instead of twelve.
-- The roll-ups' fold, in a function of its own so that the next change of it
-- leaves the running totals' part alone.
CREATE FUNCTION "report_rollups_fold"() RETURNS void LANGUAGE sql AS $$
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
  ON CONFLICT (series, day, key) DO UPDATE SET value = t.value + excluded.value
$$--> statement-breakpoint
-- At commit: the running totals first (as before), then the roll-ups, each in
-- key order (one lock order for every writer).
CREATE OR REPLACE FUNCTION "apply_running_total_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH drained AS (DELETE FROM running_total_changes RETURNING name, delta)
  INSERT INTO running_totals AS t (name, value)
  SELECT name, sum(delta) FROM drained GROUP BY name ORDER BY name
  ON CONFLICT (name) DO UPDATE SET value = t.value + excluded.value;
  PERFORM report_rollups_fold();
  RETURN NULL;
END
$$--> statement-breakpoint
-- The year rows from the month rows: the backfill below, and every set-based
-- build (the seed, a zone change) after its days and months.
CREATE FUNCTION "report_rollups_add_years"() RETURNS void LANGUAGE sql AS $$
  INSERT INTO report_rollups (series, day, key, value)
  SELECT replace(series, '@month', '@year'), date_trunc('year', day)::date, key, sum(value)
  FROM report_rollups WHERE series LIKE '%@month'
  GROUP BY 1, 2, 3 HAVING sum(value) <> 0
$$--> statement-breakpoint
ALTER FUNCTION "report_rollups_rebuild"(text) RENAME TO "report_rollups_rebuild_days_and_months";--> statement-breakpoint
CREATE FUNCTION "report_rollups_rebuild"(zone text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM report_rollups_rebuild_days_and_months(zone);
  PERFORM report_rollups_add_years();
END
$$--> statement-breakpoint
SELECT report_rollups_add_years();--> statement-breakpoint
-- A ranking's candidates: each month's and year's highest keys, read from the top.
DROP INDEX "report_rollups_month_rank";--> statement-breakpoint
CREATE INDEX "report_rollups_rank" ON "report_rollups" ("series", "day", "value" DESC, "key")
  WHERE "series" LIKE '%@%';
