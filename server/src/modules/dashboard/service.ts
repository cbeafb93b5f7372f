import type { DashboardSummary } from "@store/contract";
import { asc, count, eq, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { memberships, orders, products, users } from "../../db/schema";

/** Exact money as text with two places, also for an empty sum: "0.00". */
const moneyText = (value: SQL) => sql<string>`(coalesce(${value}, 0))::numeric(20,2)::text`;

/**
 * Every dashboard figure, counted by the database in one read-only snapshot so
 * the cards and charts agree with each other. Months are calendar months of
 * the current year in the store's time zone.
 */
export async function dashboardSummary(db: Db, timeZone: string): Promise<DashboardSummary> {
  return db.transaction(
    async (tx) => {
      const [money] = await tx
        .select({
          total_revenue: moneyText(sql`sum(${orders.total_price})`),
          total_orders: count(),
        })
        .from(orders);
      const total_products = await tx.$count(products, isNull(products.deleted_at));
      const total_users = await tx.$count(users);
      const users_by_membership = await tx
        .select({
          member_id: memberships.member_id,
          membership: memberships.membership,
          users: count(users.user_id),
        })
        .from(memberships)
        .leftJoin(users, eq(users.membership, memberships.member_id))
        .groupBy(memberships.member_id)
        .orderBy(asc(memberships.member_id));
      const { year, new_users_by_month } = await newUsersByMonth(tx, timeZone);
      return {
        total_revenue: money?.total_revenue ?? "0.00",
        total_orders: money?.total_orders ?? 0,
        total_products,
        total_users,
        users_by_membership,
        year,
        new_users_by_month,
      };
    },
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

/** Twelve buckets, Jan..Dec, of users created in the store's current year. */
async function newUsersByMonth(
  tx: Tx,
  timeZone: string,
): Promise<{ year: number; new_users_by_month: number[] }> {
  const [current] = await tx
    .select({ year: sql<number>`extract(year from now() at time zone ${timeZone})::int` })
    .from(sql`(select 1) as one`);
  const year = current?.year ?? new Date().getFullYear();
  // A range on created_at itself, so the created_at index serves it.
  const yearStart = sql`make_timestamptz(${year}, 1, 1, 0, 0, 0, ${timeZone})`;
  const nextYearStart = sql`make_timestamptz(${year + 1}, 1, 1, 0, 0, 0, ${timeZone})`;
  const month = sql<number>`extract(month from ${users.created_at} at time zone ${timeZone})::int`;
  const rows = await tx
    .select({ month, users: count() })
    .from(users)
    .where(sql`${users.created_at} >= ${yearStart} and ${users.created_at} < ${nextYearStart}`)
    // By position: the month expression carries the time zone as a parameter.
    .groupBy(sql`1`);
  const new_users_by_month = Array.from({ length: 12 }, () => 0);
  for (const row of rows) new_users_by_month[row.month - 1] = row.users;
  return { year, new_users_by_month };
}
