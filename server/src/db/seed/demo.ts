/**
 * The demo store (SEED_DEMO=1): a realistic Malaysian shop, the same on every
 * run (a seeded PRNG, dates relative to today), written in one transaction.
 * Every derived count (down_line, ttl_order, products_in_cat,
 * product_variation) equals the rows that back it.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { asc, getTableName, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { hashPassword } from "../../auth/password";
import type { Db, Tx } from "../client";
import {
  agencyStores,
  banners,
  brands,
  categories,
  memberships,
  orders,
  products,
  productVariants,
  testimonials,
  users,
  userWallets,
  vouchers,
  withdrawRequests,
} from "../schema";
import { planCatalog } from "./demoStore/catalog";
import { BRAND_NAMES, CATEGORY_PLANS } from "./demoStore/catalogData";
import { planAgencyStores, planBanners, planTestimonials } from "./demoStore/content";
import { writeDemoImages } from "./demoStore/images";
import { planOrders, planVouchers } from "./demoStore/orders";
import { planUsers, planWallet, planWithdrawals } from "./demoStore/people";
import { Random } from "./demoStore/random";
import { calendarOf } from "./demoStore/time";

/** How much of everything; the default is a small shop, the benchmark asks for more. */
export interface DemoSize {
  products: number;
  users: number;
  orders: number;
  vouchers: number;
  withdrawals: number;
  agencyStores: number;
  banners: number;
  testimonials: number;
}

export const DEMO_SIZE: DemoSize = {
  products: 150,
  users: 300,
  orders: 1_500,
  vouchers: 20,
  withdrawals: 40,
  agencyStores: 10,
  banners: 6,
  testimonials: 20,
};

export interface DemoOptions {
  size?: Partial<DemoSize>;
  /** The moment the data is relative to; defaults to now. */
  now?: Date;
  /** The PRNG seed; the same seed and day give the same store. */
  seed?: number;
  /** Told how long each step took (the benchmark prints it). */
  onStep?: (step: string, ms: number) => void;
}

export interface DemoSummary {
  size: DemoSize;
  images: number;
}

/** Rows per statement: keeps each JSON document a few megabytes. */
const ROWS_PER_STATEMENT = 5_000;

function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_STATEMENT) {
    out.push(rows.slice(i, i + ROWS_PER_STATEMENT));
  }
  return out;
}

/**
 * Bulk insert: each batch travels as one JSON parameter that PostgreSQL
 * expands with json_populate_recordset, so tens of thousands of rows cost a
 * few statements instead of a query builder call per value. Keys are the
 * column names (the schema uses the wire names), timestamps are wire strings
 * read in the session's time zone (the store's), money stays decimal text.
 * Answers the `returning` columns of every row.
 */
async function insertRows<T extends PgTable>(
  tx: Tx,
  table: T,
  rows: readonly T["$inferInsert"][],
  returning: string[] = [],
): Promise<Record<string, unknown>[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = sql.join(
    Object.keys(first).map((c) => sql.identifier(c)),
    sql`, `,
  );
  const name = sql.identifier(getTableName(table));
  const answer = returning.length
    ? sql` returning ${sql.join(
        returning.map((c) => sql.identifier(c)),
        sql`, `,
      )}`
    : sql``;
  const out: Record<string, unknown>[] = [];
  for (const part of chunks(rows)) {
    const result = await tx.execute(
      sql`insert into ${name} (${columns}) select ${columns}
        from json_populate_recordset(null::${name}, ${JSON.stringify(part)}::json)${answer}`,
    );
    out.push(...(result.rows as Record<string, unknown>[]));
  }
  return out;
}

export async function seedDemoStore(
  db: Db,
  uploadsDir: string,
  options: DemoOptions = {},
): Promise<DemoSummary> {
  const size = { ...DEMO_SIZE, ...options.size };
  const random = new Random(options.seed ?? 20_240_831);
  const cal = calendarOf(options.now ?? new Date());
  let mark = performance.now();
  const step = (name: string) => {
    const at = performance.now();
    options.onStep?.(name, at - mark);
    mark = at;
  };

  // Demo members never sign in to the back-office: one unguessable password,
  // hashed once (on the thread pool, while the images are drawn).
  const hashing = hashPassword(randomBytes(24).toString("base64url"));
  const images = writeDemoImages(uploadsDir, CATEGORY_PLANS, BRAND_NAMES.length);
  const passwordHash = await hashing;
  step("images and password");

  const tiers = await db
    .select({
      member_id: memberships.member_id,
      min_requirement: memberships.min_requirement,
      req_condition: memberships.req_condition,
      member_earning: memberships.member_earning,
    })
    .from(memberships)
    .orderBy(asc(memberships.member_id));
  const existing = await db.select({ username: users.username, email: users.email }).from(users);

  const catalog = planCatalog(random, cal, images, size.products);
  const usersPlan = planUsers(
    random,
    cal,
    tiers,
    size.users,
    new Set(existing.map((u) => u.username.toLowerCase())),
    new Set(existing.map((u) => u.email.toLowerCase())),
  );
  const voucherPlans = planVouchers(random, cal, size.vouchers);
  const orderPlans = planOrders(
    random,
    cal,
    usersPlan,
    catalog.products,
    voucherPlans,
    size.orders,
  );
  const firstOrder: (number | null)[] = usersPlan.map(() => null);
  const lastOrder: (number | null)[] = usersPlan.map(() => null);
  for (const order of orderPlans) {
    firstOrder[order.userIndex] ??= order.createdMs;
    lastOrder[order.userIndex] = order.createdMs;
  }
  const wallets = usersPlan.map((u, i) => planWallet(random, u, lastOrder[i] ?? null));
  const withdrawals = planWithdrawals(random, cal, usersPlan, wallets, size.withdrawals);
  const agency = planAgencyStores(random, cal, size.agencyStores);
  const bannerRows = planBanners(random, cal, images, size.banners);
  const testimonialPlans = planTestimonials(random, cal, usersPlan, firstOrder, size.testimonials);
  step("plan");

  await db.transaction(async (tx) => {
    const categoryIds = await insertRows(tx, categories, catalog.categories, ["category_id"]);
    await insertRows(tx, brands, catalog.brands);

    const productIds = new Map<unknown, number>();
    const insertedProducts = await insertRows(
      tx,
      products,
      catalog.products.map((p) => ({
        ...p.row,
        category_id: categoryIds[p.categoryIndex]?.category_id as number,
      })),
      ["product_id", "sku"],
    );
    for (const row of insertedProducts) productIds.set(row.sku, Number(row.product_id));
    await insertRows(
      tx,
      productVariants,
      catalog.products.flatMap((p) =>
        p.variants.map((v) => ({ ...v, product_id: productIds.get(p.row.sku) as number })),
      ),
    );
    step("insert catalog");

    const insertedUsers = await insertRows(
      tx,
      users,
      usersPlan.map((u) => ({ ...u.row, password_hash: passwordHash })),
      ["user_id", "username"],
    );
    const byName = new Map(insertedUsers.map((r) => [r.username, Number(r.user_id)]));
    const userIds = usersPlan.map((u) => byName.get(u.row.username) as number);
    const idOf = (index: number) => userIds[index] as number;
    // Referrers point at earlier users, possibly in the same batch: link them afterwards.
    const links = usersPlan.flatMap((u, i) =>
      u.referrer === null ? [] : [{ id: idOf(i), ref: idOf(u.referrer) }],
    );
    for (const part of chunks(links)) {
      await tx.execute(sql`update users set referral_of = v.ref
        from json_to_recordset(${JSON.stringify(part)}::json) as v(id int, ref int)
        where users.user_id = v.id`);
    }

    await insertRows(
      tx,
      userWallets,
      wallets.map((w, i) => ({ ...w, user_id: idOf(i) })),
    );
    // Users who were there before the demo (the administrator) get their empty wallet too.
    await tx.execute(sql`insert into user_wallets (user_id)
      select u.user_id from users u
      where not exists (select 1 from user_wallets w where w.user_id = u.user_id)`);
    step("insert users and wallets");

    await insertRows(
      tx,
      vouchers,
      voucherPlans.map((v) => v.row),
    );
    await insertRows(
      tx,
      orders,
      orderPlans.map((o) => ({ ...o.row, user_id: idOf(o.userIndex) })),
    );
    step("insert vouchers and orders");
    await insertRows(
      tx,
      withdrawRequests,
      withdrawals.map((w) => ({ ...w.row, user_id: idOf(w.userIndex) })),
    );
    await insertRows(tx, agencyStores, agency);
    await insertRows(tx, banners, bannerRows);
    await insertRows(
      tx,
      testimonials,
      testimonialPlans.map((t) => ({ ...t.row, user_id: idOf(t.userIndex) })),
    );
  });
  step("insert the rest and commit");
  // Fresh statistics for the planner: the embedded database has no autovacuum
  // to notice a bulk load, and lists would otherwise be planned for empty tables.
  const seeded = [
    categories,
    brands,
    products,
    productVariants,
    users,
    userWallets,
    vouchers,
    orders,
    withdrawRequests,
  ];
  // Merge the trigram indexes' pending lists too, or the planner prices them
  // above a scan until enough later writes flush them (see schema.ts).
  await db.execute(
    sql`select gin_clean_pending_list(i.indexrelid) from pg_index i
        join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
        where a.amname = 'gin' and c.relnamespace = current_schema()::regnamespace`,
  );
  await db.execute(
    sql`analyze ${sql.join(
      seeded.map((t) => sql.identifier(getTableName(t))),
      sql`, `,
    )}`,
  );
  step("analyze");

  return {
    size,
    images:
      images.products.flat().length +
      images.variants.length +
      images.brands.length +
      images.banners.length,
  };
}
