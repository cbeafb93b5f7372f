import { sql } from "drizzle-orm";

/**
 * The store's zone as recorded with the roll-ups (migration 0024,
 * docs/decisions/reports-rollups.md): days, months and years are counted in
 * it, never in a connection's own zone.
 */
export const STORE_ZONE = sql`(select time_zone from report_time_zone where id = 1)`;

/** Today in the store's zone, a date. */
export const STORE_TODAY = sql`((now() at time zone ${STORE_ZONE})::date)`;
