-- A ranking reads the few days of its range whole, every key's row
-- (modules/reports/rollupReads.ts, rankRound): from this index alone, never
-- from the table's pages, where a day's rows lie one a page (each written on
-- its own day). Day rows only: the months and years have report_rollups_rank.
CREATE INDEX "report_rollups_days" ON "report_rollups" ("series", "day", "key") INCLUDE ("value") WHERE "series" NOT LIKE '%@%';
