/**
 * The demo store (SEED_DEMO=1): a realistic Malaysian shop, the same on every
 * run (a seeded PRNG, dates relative to today), written in one transaction.
 * Every derived count (down_line, ttl_order, products_in_cat,
 * product_variation) equals the rows that back it.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { asc, getTableName, sql } from "drizzle-orm";
import { hashPassword } from "../../auth/password";
import type { UploadStorage } from "../../modules/uploads/storage";
import type { Db } from "../client";
import {
  agencyStores,
  banners,
  brands,
  categories,
  memberships,
  orderCommissions,
  orderItems,
  orders,
  products,
  productVariants,
  reportRollups,
  testimonials,
  users,
  userWallets,
  vouchers,
  walletLedger,
  withdrawRequests,
} from "../schema";
import {
  checkLinesSum,
  chunks,
  disableLineChecks,
  dropIndexes,
  enableLineChecks,
  insertOrders,
  insertRows,
  recountDerived,
} from "./bulkLoad";
import { type ProductPlan, planCatalog } from "./demoStore/catalog";
import { BRAND_NAMES, CATEGORY_PLANS } from "./demoStore/catalogData";
import { planAgencyStores, planBanners, planTestimonials } from "./demoStore/content";
import { storeDemoImages } from "./demoStore/images";
import { seedDemoKyc } from "./demoStore/kyc";
import { type LinePlan, type OrderPlan, planVouchers, streamOrders } from "./demoStore/orders";
import { asciiSkeleton, planUsers, planWallet, planWithdrawals } from "./demoStore/people";
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
  withdrawals: 80,
  agencyStores: 10,
  banners: 6,
  testimonials: 20,
};

/**
 * The store SEED_DEMO_ORDERS=n asks for (docs/decisions/demo-store-any-size.md): n orders, n/10
 * users, n/100 products, n/100 withdrawal requests, and a little more of the
 * rest, with floors so a small n still has every state.
 */
export function demoSizeFor(orders: number): DemoSize {
  const n = Math.max(1, Math.floor(orders));
  return {
    orders: n,
    users: Math.max(50, Math.round(n / 10)),
    products: Math.max(CATEGORY_PLANS.length, Math.round(n / 100)),
    vouchers: Math.max(DEMO_SIZE.vouchers, Math.round(n / 10_000)),
    withdrawals: Math.max(10, Math.round(n / 100)),
    agencyStores: DEMO_SIZE.agencyStores,
    banners: DEMO_SIZE.banners,
    testimonials: Math.max(DEMO_SIZE.testimonials, Math.round(n / 1_000)),
  };
}

/**
 * From this many orders the seed is a bulk load: the secondary indexes of the
 * big tables are dropped first and built again at the end, in the same
 * transaction. Building a trigram index over a million rows at once takes
 * seconds; keeping it up to date row by row (a 64 kB pending list, see
 * schema.ts) is what made a large seed slow. The default store stays below.
 */
const BULK_FROM_ORDERS = 20_000;
const BULK_TABLES = [
  orders,
  orderItems,
  users,
  userWallets,
  products,
  productVariants,
  withdrawRequests,
  testimonials,
];

export interface DemoOptions {
  size?: Partial<DemoSize>;
  /** The moment the data is relative to; defaults to now. */
  now?: Date;
  /** The PRNG seed; the same seed and day give the same store. */
  seed?: number;
  /** Drop and rebuild the big tables' indexes around the load; by default from BULK_FROM_ORDERS. */
  bulk?: boolean;
  /** Told how long each step took (the benchmark prints it). */
  onStep?: (step: string, ms: number) => void;
}

export interface DemoSummary {
  size: DemoSize;
  images: number;
}

export async function seedDemoStore(
  db: Db,
  storage: UploadStorage,
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
  const images = await storeDemoImages(storage, CATEGORY_PLANS, BRAND_NAMES.length);
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
    .orderBy(asc(memberships.rank));
  const existing = await db.select({ username: users.username, email: users.email }).from(users);

  const catalog = planCatalog(random, cal, images, size.products);
  const usersPlan = planUsers(
    random,
    cal,
    tiers,
    size.users,
    new Set(existing.map((u) => asciiSkeleton(u.username))),
    new Set(existing.map((u) => u.email.toLowerCase())),
  );
  const voucherPlans = planVouchers(random, cal, size.vouchers);
  // Orders are drawn while they are inserted (a million do not fit in memory
  // as plans); wallets, withdrawals and the rest are drawn after them, in the
  // same sequence as always, so a seed gives the same store.
  const orderPlans = streamOrders(
    random,
    cal,
    usersPlan,
    catalog.products,
    voucherPlans,
    size.orders,
  );
  step("plan");

  await db.transaction(async (tx) => {
    const bulk = options.bulk ?? size.orders >= BULK_FROM_ORDERS;
    const dropped = bulk ? await dropIndexes(tx, BULK_TABLES) : [];
    // The report roll-ups' triggers pause for the load (their per-batch joins
    // would read tables whose indexes are dropped); counted once, set-based,
    // at the end (migration 0024, docs/decisions/reports-rollups.md).
    await tx.execute(sql`set local reports.rollups = 'off'`);
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
    const insertedVariants = await insertRows(
      tx,
      productVariants,
      catalog.products.flatMap((p) =>
        p.variants.map((v) => ({ ...v, product_id: productIds.get(p.row.sku) as number })),
      ),
      ["variant_id", "variant_sku"],
    );
    const variantIds = new Map(insertedVariants.map((r) => [r.variant_sku, Number(r.variant_id)]));
    // An order line's product and variant ids, from its place in the catalog plan.
    const lineIds = (line: LinePlan) => {
      const product = catalog.products[line.productIndex] as ProductPlan;
      const variant = line.variantIndex === null ? undefined : product.variants[line.variantIndex];
      return {
        product_id: productIds.get(product.row.sku) as number,
        variant_id: variant ? (variantIds.get(variant.variant_sku) ?? null) : null,
      };
    };
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

    step("insert users");

    await insertRows(
      tx,
      vouchers,
      voucherPlans.map((v) => v.row),
    );
    const firstOrder: (number | null)[] = usersPlan.map(() => null);
    const lastOrder: (number | null)[] = usersPlan.map(() => null);
    const toRow = (o: OrderPlan) => {
      firstOrder[o.userIndex] ??= o.createdMs;
      lastOrder[o.userIndex] = o.createdMs;
      return { ...o.row, user_id: idOf(o.userIndex) };
    };
    // A bulk load counts each user's orders once at the end instead of through the
    // per-statement trigger (migration 0010), which updated thousands of users per
    // batch; inside this transaction, so a failure leaves the trigger on.
    if (bulk) await tx.execute(sql`alter table orders disable trigger orders_user_count_insert`);
    // The same for the check that an order's lines sum to its subtotal (migration
    // 0021): a row trigger per order and per line at commit; one set-based check
    // after the load proves the same (checkLinesSum).
    if (bulk) await disableLineChecks(tx);
    await insertOrders(tx, orderPlans, toRow, (plan, orders_id) =>
      plan.lines.map((line) => ({ ...line.row, ...lineIds(line), orders_id })),
    );
    if (bulk) {
      await checkLinesSum(tx);
      await enableLineChecks(tx);
      await tx.execute(sql`
        update users as u set ttl_order = c.n
        from (select user_id, count(*)::int as n from orders where user_id is not null group by user_id) as c
        where u.user_id = c.user_id`);
      await tx.execute(sql`alter table orders enable trigger orders_user_count_insert`);
    }
    // The demo store's completed orders predate its ledger: their PV is in the
    // buyers' opening balances and the commission was off (docs/decisions/order-money-follows-status.md), so reconcile finds them as they are.
    await tx.execute(sql`insert into order_commissions (orders_id, outcome, pv_opening, decided_at)
      select orders_id, 'commission_off', points_earned, coalesce(completed_at, created_at)
      from orders where order_status = 6 and user_id is not null`);
    step("plan and insert vouchers and orders");

    const wallets = usersPlan.map((u, i) => planWallet(random, u, lastOrder[i] ?? null));
    const withdrawals = planWithdrawals(random, cal, usersPlan, wallets, size.withdrawals);
    const agency = planAgencyStores(random, cal, size.agencyStores);
    const bannerRows = planBanners(random, cal, images, size.banners);
    const testimonialPlans = planTestimonials(
      random,
      cal,
      usersPlan,
      firstOrder,
      size.testimonials,
    );
    // Each non-zero balance (these wallets, the users' PV above) gets its opening
    // ledger entry from the insert triggers of migration 0008, set-based per
    // statement (docs/decisions/wallet-ledger.md).
    await insertRows(
      tx,
      userWallets,
      wallets.map((w, i) => ({ ...w, user_id: idOf(i) })),
    );
    // Users who were there before the demo (the administrator) get their empty wallet too.
    await tx.execute(sql`insert into user_wallets (user_id)
      select u.user_id from users u
      where not exists (select 1 from user_wallets w where w.user_id = u.user_id)`);
    await insertRows(
      tx,
      withdrawRequests,
      withdrawals.map((w) => ({ ...w.row, user_id: idOf(w.userIndex) })),
    );
    await seedDemoKyc(tx);
    await insertRows(tx, agencyStores, agency);
    await insertRows(tx, banners, bannerRows);
    await insertRows(
      tx,
      testimonials,
      testimonialPlans.map((t) => ({ ...t.row, user_id: idOf(t.userIndex) })),
    );
    step("plan and insert wallets and the rest");
    if (dropped.length) {
      // Sorting for an index build may use this much memory per index (not kept).
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      for (const definition of dropped) await tx.execute(sql.raw(definition));
      step("build indexes");
    }
    await recountDerived(tx);
    await tx.execute(sql`select report_rollups_rebuild(
      (select time_zone from report_time_zone where id = 1))`);
    await tx.execute(sql`set local reports.rollups = 'on'`);
    step("count the report roll-ups, check derived counts and commit");
  });
  // Fresh statistics for the planner, and the visibility map set: the embedded
  // database has no autovacuum to notice a bulk load, and on PostgreSQL it
  // comes minutes later. Without them lists are planned for empty tables, and
  // a deep page's index-only scan must visit the table for every entry, so the
  // planner sorts the table instead (users page 5000 at 100,000 users: 65-85
  // ms, 3-15 ms after a vacuum; docs/decisions/demo-store-any-size.md).
  const seeded = [
    categories,
    brands,
    products,
    productVariants,
    users,
    userWallets,
    vouchers,
    orders,
    orderItems,
    orderCommissions,
    withdrawRequests,
    // What the triggers wrote: the ledger and the report roll-ups (a report
    // planned on no statistics reads a year's list in a filter).
    walletLedger,
    reportRollups,
  ];
  // Merge the trigram indexes' pending lists too, or the planner prices them
  // above a scan until enough later writes flush them (see schema.ts).
  await db.execute(
    sql`select gin_clean_pending_list(i.indexrelid) from pg_index i
        join pg_class c on c.oid = i.indexrelid join pg_am a on a.oid = c.relam
        where a.amname = 'gin' and c.relnamespace = current_schema()::regnamespace`,
  );
  await db.execute(
    sql`vacuum (analyze) ${sql.join(
      seeded.map((t) => sql.identifier(getTableName(t))),
      sql`, `,
    )}`,
  );
  step("vacuum and analyze");

  return {
    size,
    images:
      images.products.flat().length +
      images.variants.length +
      images.brands.length +
      images.banners.length,
  };
}
