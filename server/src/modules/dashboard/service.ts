import type { DashboardSummary } from "@store/contract";
import { asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/client";
import { memberships, runningTotals, runningTotalsTimeZone } from "../../db/schema";

/** Exact money as text with two places, also for an empty sum: "0.00". */
const moneyText = (value: SQL | PgColumn) =>
  sql<string>`(coalesce(${value}, 0))::numeric(20,2)::text`;

const MONTH = "users.month:";
const monthName = (year: number, month: number) =>
  `${MONTH}${year}-${String(month).padStart(2, "0")}`;

/**
 * Every dashboard figure, read from the totals the database keeps with each
 * write (running_totals, migration 0005): a handful of rows whatever the
 * store's size, in one read-only snapshot so the cards and charts agree with
 * each other. Months are calendar months of the current year in the store's
 * time zone. docs/DECISIONS.md, "Lists at any size".
 */
export async function dashboardSummary(db: Db, timeZone: string): Promise<DashboardSummary> {
  await countMonthsIn(db, timeZone);
  return db.transaction(
    async (tx) => {
      const year = await currentYear(tx, timeZone);
      const months = Array.from({ length: 12 }, (_, i) => monthName(year, i + 1));
      const totals = await tx
        .select({ name: runningTotals.name, value: runningTotals.value })
        .from(runningTotals)
        .where(inArray(runningTotals.name, ["orders", "products", "users", ...months]));
      const [revenue] = await tx
        .select({ total_revenue: moneyText(runningTotals.value) })
        .from(runningTotals)
        .where(eq(runningTotals.name, "orders.total_price"));
      const count = (name: string) => Number(totals.find((t) => t.name === name)?.value ?? 0);
      const users_by_membership = await tx
        .select({
          member_id: memberships.member_id,
          membership: memberships.membership,
          users: sql<number>`coalesce(${runningTotals.value}, 0)::int`,
        })
        .from(memberships)
        .leftJoin(
          runningTotals,
          eq(runningTotals.name, sql`'users.membership:' || ${memberships.member_id}`),
        )
        .orderBy(asc(memberships.member_id));
      return {
        total_revenue: revenue?.total_revenue ?? "0.00",
        total_orders: count("orders"),
        total_products: count("products"),
        total_users: count("users"),
        users_by_membership,
        year,
        new_users_by_month: months.map(count),
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

async function currentYear(tx: Tx, timeZone: string): Promise<number> {
  const result = await tx.execute<{ year: number }>(
    sql`select extract(year from now() at time zone ${timeZone})::int as year`,
  );
  return Number(result.rows[0]?.year ?? new Date().getFullYear());
}

/**
 * The users.month:* totals are counted in the zone named in
 * running_totals_time_zone (the users trigger reads it). When the store's
 * zone is another (first use, or TZ changed), they are counted afresh: with
 * the users table share-locked, so no user write is half-way through the
 * change (writers wait, then read the new zone).
 */
async function countMonthsIn(db: Db, timeZone: string): Promise<void> {
  const [kept] = await db.select().from(runningTotalsTimeZone);
  if (kept?.time_zone === timeZone) return;
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table users in share mode`);
    const [current] = await tx.select().from(runningTotalsTimeZone).for("update");
    if (current?.time_zone === timeZone) return; // another process counted them meanwhile
    await tx.execute(sql`delete from running_totals where left(name, ${MONTH.length}) = ${MONTH}`);
    await tx.execute(sql`insert into running_totals (name, value)
      select ${MONTH} || to_char(created_at at time zone ${timeZone}, 'YYYY-MM'), count(*)
      from users group by 1`);
    await tx
      .insert(runningTotalsTimeZone)
      .values({ id: 1, time_zone: timeZone })
      .onConflictDoUpdate({ target: runningTotalsTimeZone.id, set: { time_zone: timeZone } });
  });
}
