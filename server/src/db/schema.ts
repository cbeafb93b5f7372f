/**
 * Every record of docs/REQUIREMENTS.md section 3, with the field names of the wire, so rows
 * map onto the contract without renaming. Money is numeric; two-valued
 * statuses are smallint 1/0; deleted_at marks soft deletes where section 3 lists it.
 */
import type {
  BUYER_ID_TYPES,
  CommissionBase,
  CommissionLevel,
  CommissionLineOutcome,
  CommissionOutcome,
  CommissionPeriodStatus,
  EinvoiceError,
  EinvoiceStatus,
  EinvoiceType,
  ImportError,
  ImportKind,
  ImportStatus,
  KycDocumentSide,
  KycStatus,
  LedgerAccount,
  LedgerReason,
  LedgerRefType,
  MessageEvent,
  MessageLanguage,
  MessageStatus,
  MyinvoisEnvironmentId,
  OwedAccount,
  PayoutBatchStatus,
  PayoutLineResult,
  Permission,
  RankRule,
  RequirementCondition,
  ReturnKind,
} from "@store/contract";
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  date,
  type ExtraConfigColumn,
  index,
  integer,
  jsonb,
  numeric,
  type PgColumn,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { bytea, money, timestamp } from "./columns";

const createdAt = () => timestamp("created_at").notNull().default(sql`now()`);
const updatedAt = () => timestamp("updated_at");
const deletedAt = () => timestamp("deleted_at");
/** Raised by the database at every change (its trigger derived in db/derived.ts; docs/decisions/record-versions.md). */
const version = () => integer("version").notNull().default(1);
const status = (name: string) => smallint(name).notNull().default(0);

/**
 * A trigram index on each column a list's `q` searches: `ILIKE '%q%'` (see
 * lib/lists/searchCondition.ts) cannot use a B-tree, and without these the exact count behind
 * X-Total-Count reads every row. One index per column, because the planner
 * joins them with a BitmapOr, while one index over all the columns is costed as
 * a whole read per column and loses to a sequential scan (orders "tan": 8 ms
 * with these, 160 ms scanning). The pending list is kept to 64 kB: PGlite has
 * no autovacuum to merge it, and at the default 4 MB the planner prices it
 * above a scan; turning it off instead made bulk inserts four times slower.
 * Needs pg_trgm (migration 0001).
 */
const searchIndexes = (table: string, columns: ExtraConfigColumn[], digits: string[] = []) => [
  ...columns.map((column) =>
    index(`${table}_${column.name}_trgm`)
      .using("gin", column.op("gin_trgm_ops"))
      .with({ gin_pending_list_limit: 64 }),
  ),
  // A phone or account number is searched by its digits: `<column>_digits`, a
  // generated column of migration 0016 that the table does not declare (lib/phones.ts).
  ...digits.map((column) =>
    index(`${table}_${column}_digits_trgm`)
      .using("gin", sql`${sql.identifier(`${column}_digits`)} gin_trgm_ops`)
      .with({ gin_pending_list_limit: 64 }),
  ),
  // A term under three characters has no trigram: search_grams (migration
  // 0011) lists every one- and two-character piece of the columns, so such a
  // term is looked up too instead of read row by row (a rare one at a million
  // orders: 1.4 s scanning, under a millisecond by this index).
  index(`${table}_search_grams`)
    .using(
      "gin",
      sql`search_grams(${sql.join(
        [...columns, ...digits.map((column) => sql.identifier(`${column}_digits`))],
        sql`, `,
      )})`,
    )
    .with({ gin_pending_list_limit: 64 }),
];

/**
 * One B-tree per sort key a list offers, with the list's key as tie-breaker:
 * `ORDER BY x, id LIMIT n` (either direction) then reads n index entries
 * instead of sorting the table (orders by total_price at 1M: 97 ms sorting,
 * under 1 ms by index). docs/decisions/list-pages-by-key.md.
 */
const sortIndexes = (table: string, key: ExtraConfigColumn, columns: ExtraConfigColumn[]) =>
  columns.map((column) => index(`${table}_${column.name}_sort`).on(column, key));

// Lookups
export const genders = pgTable("genders", {
  gender_id: serial("gender_id").primaryKey(),
  gender: text("gender").notNull().unique(),
});
export const roles = pgTable("roles", {
  role_id: serial("role_id").primaryKey(),
  role: text("role").notNull().unique(),
});
export const languages = pgTable("languages", {
  language_id: serial("language_id").primaryKey(),
  languages: text("languages").notNull().unique(),
});
export const currencies = pgTable("currencies", {
  currency_id: serial("currency_id").primaryKey(),
  currency_code: text("currency_code").notNull().unique(),
  currency_symbol: text("currency_symbol").notNull(),
});
export const orderStatuses = pgTable("order_statuses", {
  order_status_id: integer("order_status_id").primaryKey(),
  order_status_name: text("order_status_name").notNull(),
});

// People
export const memberships = pgTable(
  "memberships",
  {
    member_id: serial("member_id").primaryKey(),
    membership: text("membership").notNull(),
    member_percentage: money("member_percentage").notNull().default("0"),
    member_earning: money("member_earning").notNull().default("0"),
    min_requirement: money("min_requirement").notNull().default("0"),
    req_condition: text("req_condition").$type<RequirementCondition>().notNull().default("pv"),
    /** The promotion order, 1 the lowest tier (docs/REQUIREMENTS.md section 4; migration 0014). */
    rank: integer("rank").notNull(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("memberships_rank_key").on(t.rank),
    check("memberships_rank", sql`${t.rank} >= 1`),
    check("memberships_req_condition", sql`${t.req_condition} in ('pv', 'down-line')`),
    check(
      "memberships_percentages",
      sql`${t.member_percentage} >= 0 and ${t.member_percentage} < 100 and ${t.member_earning} >= 0 and ${t.member_earning} < 100`,
    ),
    check("memberships_min_requirement", sql`${t.min_requirement} >= 0`),
  ],
);

export const users = pgTable(
  "users",
  {
    user_id: serial("user_id").primaryKey(),
    username: text("username").notNull(),
    /**
     * The username's confusable skeleton, set by a trigger (migration 0015,
     * docs/decisions/confusable-names.md); unique, so no
     * two accounts' names look alike. Never written by the server.
     */
    username_skeleton: text("username_skeleton"),
    email: text("email").notNull(),
    f_name: text("f_name").notNull(),
    l_name: text("l_name").notNull(),
    contact: text("contact").notNull(),
    password_hash: text("password_hash").notNull(),
    DOB: date("DOB", { mode: "string" }),
    gender: text("gender")
      .notNull()
      .references(() => genders.gender, { onUpdate: "cascade" }),
    role: text("role")
      .notNull()
      .references(() => roles.role, { onUpdate: "cascade" }),
    membership: integer("membership")
      .notNull()
      .default(1)
      .references(() => memberships.member_id),
    /** Direct referrals; recomputed from a count inside every referral change. */
    down_line: integer("down_line").notNull().default(0),
    referral_of: integer("referral_of").references((): AnyPgColumn => users.user_id, {
      onDelete: "set null",
    }),
    ttl_pv: money("ttl_pv").notNull().default("0"),
    /** PV from orders held under a commission plan until their period is released (migration 0038). */
    held_pv: money("held_pv").notNull().default("0"),
    /**
     * The user's orders, kept by statement triggers on orders (migration 0010,
     * docs/decisions/derived-counts.md): every insert, delete and change
     * of an order's user_id, so a sort by it is a walk of its index.
     */
    ttl_order: integer("ttl_order").notNull().default(0),
    languages: text("languages")
      .notNull()
      .references(() => languages.languages, { onUpdate: "cascade" }),
    currency: text("currency")
      .notNull()
      .references(() => currencies.currency_code, { onUpdate: "cascade" }),
    user_status: status("user_status").$type<0 | 1>(),
    /** Two-step login (RFC 6238): the enrolled secret, null while it is off (migration 0019). */
    totp_secret: text("totp_secret"),
    /** A secret offered by enrolment, kept until its first code confirms it. */
    totp_pending_secret: text("totp_pending_secret"),
    /** The last time step whose code was accepted: a code is good once. */
    totp_last_step: integer("totp_last_step"),
    /** The member asked for no messages but those about their money and orders (migration 0048). */
    messages_opt_out: boolean("messages_opt_out").notNull().default(false),
    /** E-mail the person of each sign-in from a browser and address not seen before (migration 0048). */
    sign_in_alerts: boolean("sign_in_alerts").notNull().default(false),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_username_skeleton_key").on(t.username_skeleton),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    index("users_referral_of_idx").on(t.referral_of, t.user_id),
    index("users_membership_idx").on(t.membership, t.user_id),
    index("users_created_at_idx").on(t.created_at, t.user_id),
    index("users_role_idx").on(t.role, t.user_id),
    ...sortIndexes("users", t.user_id, [
      t.username,
      t.f_name,
      t.l_name,
      t.gender,
      t.DOB,
      t.email,
      t.contact,
      t.down_line,
      t.ttl_pv,
      t.ttl_order,
      t.user_status,
      t.updated_at,
    ]),
    ...searchIndexes("users", [t.username, t.f_name, t.l_name, t.email], ["contact"]),
    check(
      "users_not_own_referrer",
      sql`${t.referral_of} is null or ${t.referral_of} <> ${t.user_id}`,
    ),
    check("users_held_pv", sql`${t.held_pv} >= 0`),
  ],
);

export const userWallets = pgTable(
  "user_wallets",
  {
    wallet_id: serial("wallet_id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    wallet_amt: money("wallet_amt").notNull().default("0"),
    c_wallet_amt: money("c_wallet_amt").notNull().default("0"),
    /** Commissions held under a commission plan until their period is released (migration 0038). */
    held_amt: money("held_amt").notNull().default("0"),
    /** What the store withheld from the member's payouts for the tax authority, s.107D (migration 0043). */
    tax_withheld_amt: money("tax_withheld_amt").notNull().default("0"),
    recent_spend_at: timestamp("recent_spend_at"),
    created_at: createdAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("user_wallets_user_id_key").on(t.user_id),
    ...sortIndexes("user_wallets", t.wallet_id, [t.wallet_amt, t.c_wallet_amt, t.recent_spend_at]),
    check("user_wallets_amounts", sql`${t.wallet_amt} >= 0 and ${t.c_wallet_amt} >= 0`),
    check("user_wallets_held", sql`${t.held_amt} >= 0`),
    check("user_wallets_tax_withheld", sql`${t.tax_withheld_amt} >= 0`),
  ],
);

export const withdrawRequests = pgTable(
  "withdraw_requests",
  {
    withdraw_id: serial("withdraw_id").primaryKey(),
    // Null once the user is deleted: a decided request is the money trail and stays.
    user_id: integer("user_id").references(() => users.user_id, { onDelete: "set null" }),
    /** The payee's username, kept when the user is deleted. */
    payee_username: text("payee_username"),
    bank_acc: text("bank_acc").notNull(),
    bank_name: text("bank_name").notNull(),
    withdraw_amt: money("withdraw_amt").notNull(),
    withdraw_status: text("withdraw_status")
      .$type<"processing" | "completed" | "rejected">()
      .notNull()
      .default("processing"),
    request_at: timestamp("request_at").notNull().default(sql`now()`),
    cashOut_at: timestamp("cashOut_at"),
    rejected_at: timestamp("rejected_at"),
    /** A completed request undone by a withdrawal_reversal ledger entry (once). */
    reversed_at: timestamp("reversed_at"),
    /** Four-eyes payouts: who approved first, above the second-approval amount (migration 0019). */
    first_approved_by: integer("first_approved_by").references(() => users.user_id, {
      onDelete: "set null",
    }),
    first_approved_at: timestamp("first_approved_at"),
    /** s.107D: what the approval withheld for the tax authority, and what the bank is sent (migration 0043). */
    tax_withheld: money("tax_withheld").notNull().default("0"),
    net_amt: money("net_amt"),
    version: version(),
  },
  (t) => [
    index("withdraw_requests_user_id_idx").on(t.user_id, t.withdraw_id),
    // GET notifications: the requests awaiting a second approval (migration 0031).
    index("withdraw_requests_awaiting_second_idx")
      .on(t.first_approved_by)
      .where(sql`${t.withdraw_status} = 'processing' and ${t.first_approved_by} is not null`),
    index("withdraw_requests_request_at_idx").on(t.request_at, t.withdraw_id),
    // The screen's filter: a status, newest requests first (docs/decisions/list-sort-filter.md).
    index("withdraw_requests_status_request_at_idx").on(
      t.withdraw_status,
      t.request_at,
      t.withdraw_id,
    ),
    ...sortIndexes("withdraw_requests", t.withdraw_id, [
      t.bank_acc,
      t.bank_name,
      t.withdraw_amt,
      t.withdraw_status,
      t.cashOut_at,
      t.rejected_at,
    ]),
    ...searchIndexes(
      "withdraw_requests",
      [t.payee_username, t.bank_acc, t.bank_name, t.withdraw_status],
      ["bank_acc"],
    ),
    check(
      "withdraw_requests_status",
      sql`${t.withdraw_status} in ('processing', 'completed', 'rejected')`,
    ),
    check("withdraw_requests_amount", sql`${t.withdraw_amt} > 0`),
    check(
      "withdraw_requests_net",
      sql`${t.tax_withheld} >= 0 and (${t.net_amt} is null or ${t.net_amt} = ${t.withdraw_amt} - ${t.tax_withheld})`,
    ),
  ],
);

/**
 * Payout batches (migration 0041, docs/decisions/payout-batches.md):
 * completed withdrawal requests gathered into one run to the bank;
 * draft → released (two people above the second-approval amount) →
 * reconciled (every line has the bank's answer).
 */
export const payoutBatches = pgTable(
  "payout_batches",
  {
    batch_id: serial("batch_id").primaryKey(),
    status: text("status").$type<PayoutBatchStatus>().notNull().default("draft"),
    total: numeric("total", { precision: 14, scale: 2 }).notNull(),
    line_count: integer("line_count").notNull(),
    created_by: integer("created_by"),
    created_username: text("created_username"),
    created_at: createdAt(),
    first_released_by: integer("first_released_by"),
    first_released_username: text("first_released_username"),
    first_released_at: timestamp("first_released_at"),
    released_by: integer("released_by"),
    released_username: text("released_username"),
    released_at: timestamp("released_at"),
    reconciled_at: timestamp("reconciled_at"),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index("payout_batches_status_idx").on(t.status, t.batch_id),
    check("payout_batches_status", sql`${t.status} in ('draft', 'released', 'reconciled')`),
    check("payout_batches_total", sql`${t.total} > 0 and ${t.line_count} > 0`),
  ],
);

/** One request of a batch, its payee as batched, and the bank's answer. A request is in one batch at most. */
export const payoutBatchLines = pgTable(
  "payout_batch_lines",
  {
    line_id: serial("line_id").primaryKey(),
    batch_id: integer("batch_id")
      .notNull()
      .references(() => payoutBatches.batch_id),
    withdraw_id: integer("withdraw_id")
      .notNull()
      .references(() => withdrawRequests.withdraw_id),
    username: text("username").notNull(),
    payee_name: text("payee_name").notNull(),
    bank_name: text("bank_name").notNull(),
    bank_acc: text("bank_acc").notNull(),
    amount: money("amount").notNull(),
    result: text("result").$type<PayoutLineResult>(),
    result_reason: text("result_reason"),
    result_at: timestamp("result_at"),
    /** The `payout_failed` entry that put a failed line's amount back. */
    refund_entry_id: bigint("refund_entry_id", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("payout_batch_lines_withdraw_id_key").on(t.withdraw_id),
    index("payout_batch_lines_batch_idx").on(t.batch_id, t.line_id),
    check("payout_batch_lines_result", sql`${t.result} in ('paid', 'failed')`),
    check("payout_batch_lines_answered", sql`(${t.result} is null) = (${t.result_at} is null)`),
    check("payout_batch_lines_refund", sql`${t.refund_entry_id} is null or ${t.result} = 'failed'`),
    check("payout_batch_lines_amount", sql`${t.amount} > 0`),
  ],
);

/** A bank file made for a batch, one per format, kept: the same bytes and checksum each time. */
export const payoutBatchFiles = pgTable(
  "payout_batch_files",
  {
    batch_id: integer("batch_id")
      .notNull()
      .references(() => payoutBatches.batch_id),
    format: text("format").notNull(),
    file_name: text("file_name").notNull(),
    content: text("content").notNull(),
    sha256: text("sha256").notNull(),
    rows: integer("rows").notNull(),
    total: numeric("total", { precision: 14, scale: 2 }).notNull(),
    created_by: integer("created_by"),
    created_username: text("created_username"),
    created_at: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.batch_id, t.format] })],
);

/**
 * The wallet ledger (docs/decisions/wallet-ledger.md): one append-only
 * entry per change of user_wallets.wallet_amt, c_wallet_amt or users.ttl_pv.
 * No foreign key on user_id: a deleted member's entries stay as the money
 * trail. Triggers (migration 0008) keep it append-only, chain each entry's
 * balance_after on the one before, refuse a balance change that is not the
 * latest entry's balance_after, and give every balance inserted non-zero its
 * opening entry.
 */
export const walletLedger = pgTable(
  "wallet_ledger",
  {
    entry_id: bigserial("entry_id", { mode: "number" }).primaryKey(),
    user_id: integer("user_id").notNull(),
    account: text("account").$type<LedgerAccount>().notNull(),
    amount: money("amount").notNull(),
    balance_after: money("balance_after").notNull(),
    reason: text("reason").$type<LedgerReason>().notNull(),
    ref_type: text("ref_type").$type<LedgerRefType>(),
    ref_id: integer("ref_id"),
    note: text("note").notNull().default(""),
    /** The plan level of a commission entry (migration 0038). */
    level: smallint("level"),
    actor_id: integer("actor_id"),
    actor_username: text("actor_username"),
    created_at: createdAt(),
  },
  (t) => [
    index("wallet_ledger_user_id_idx").on(t.user_id, t.entry_id),
    index("wallet_ledger_user_account_idx").on(t.user_id, t.account, t.entry_id),
    index("wallet_ledger_ref_idx").on(t.ref_type, t.ref_id),
    uniqueIndex("wallet_ledger_one_opening")
      .on(t.user_id, t.account)
      .where(sql`${t.reason} = 'opening'`),
    check(
      "wallet_ledger_account",
      sql`${t.account} in ('wallet', 'cash_wallet', 'pv', 'held', 'held_pv', 'tax_withheld')`,
    ),
    check(
      "wallet_ledger_reason",
      sql`${t.reason} in ('opening', 'adjustment', 'withdrawal', 'withdrawal_reversal', 'pv_order', 'pv_refund', 'commission', 'commission_reversal', 'clawback_recovery', 'commission_held', 'commission_release', 'payout_failed', 'tax_withholding', 'tax_withholding_reversal')`,
    ),
    // A failed payout's money goes back once per request (migration 0041, modules/payouts).
    uniqueIndex("wallet_ledger_one_payout_refund")
      .on(t.ref_type, t.ref_id)
      .where(sql`${t.reason} = 'payout_failed'`),
    // One withholding and one giving back per request (migration 0043, modules/tax/withholding.ts).
    uniqueIndex("wallet_ledger_one_withholding")
      .on(t.ref_type, t.ref_id, t.reason)
      .where(sql`${t.reason} in ('tax_withholding', 'tax_withholding_reversal')`),
    // The withholding remittance report reads a month of these.
    index("wallet_ledger_tax_withheld_idx")
      .on(t.created_at)
      .where(sql`${t.account} = 'tax_withheld'`),
    check(
      "wallet_ledger_ref",
      sql`(${t.ref_type} is null and ${t.ref_id} is null) or (${t.ref_type} in ('order', 'withdrawal', 'period', 'import') and ${t.ref_id} is not null)`,
    ),
    check("wallet_ledger_balance", sql`${t.balance_after} >= 0`),
    check(
      "wallet_ledger_amount",
      sql`${t.amount} <> 0 and (${t.reason} <> 'opening' or ${t.balance_after} = ${t.amount})`,
    ),
  ],
);

// Catalog
export const categories = pgTable(
  "categories",
  {
    category_id: serial("category_id").primaryKey(),
    category_name: text("category_name").notNull(),
    products_in_cat: integer("products_in_cat").notNull().default(0),
    cat_status: status("cat_status").$type<0 | 1>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
    version: version(),
  },
  (t) => [
    index("categories_created_at_idx").on(t.created_at),
    check("categories_products_in_cat", sql`${t.products_in_cat} >= 0`),
  ],
);

export const brands = pgTable(
  "brands",
  {
    brand_id: serial("brand_id").primaryKey(),
    brand_name: text("brand_name").notNull(),
    brand_image: text("brand_image").notNull().default(""),
    brand_status: status("brand_status").$type<0 | 1>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [index("brands_created_at_idx").on(t.created_at)],
);

/** How a product's sales are taxed (contract: taxCategoryRecord); only a taxable one has a rate. */
export const taxCategories = pgTable(
  "tax_categories",
  {
    tax_category_id: serial("tax_category_id").primaryKey(),
    tax_category_name: text("tax_category_name").notNull(),
    tax_type: text("tax_type").notNull().$type<"taxable" | "exempt" | "not_applicable">(),
    tax_rate: numeric("tax_rate", { precision: 5, scale: 2 }).notNull().default("0"),
    tax_category_status: status("tax_category_status").$type<0 | 1>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    check("tax_categories_type", sql`${t.tax_type} in ('taxable', 'exempt', 'not_applicable')`),
    check(
      "tax_categories_rate",
      sql`${t.tax_rate} < 100 and (${t.tax_type} = 'taxable') = (${t.tax_rate} > 0)`,
    ),
  ],
);

export const products = pgTable(
  "products",
  {
    product_id: serial("product_id").primaryKey(),
    product_name: text("product_name").notNull(),
    product_description: text("product_description").notNull().default(""),
    product_images: text("product_images").notNull().default(""),
    product_variation: integer("product_variation").notNull().default(0),
    normal_price: money("normal_price").notNull(),
    discount_price: money("discount_price"),
    cost_price: money("cost_price").notNull().default("0"),
    rating: numeric("rating", { precision: 2, scale: 1 }).notNull().default("0"),
    sku: text("sku").notNull().default(""),
    stock_qtt: integer("stock_qtt").notNull().default(0),
    width: money("width").notNull().default("0"),
    height: money("height").notNull().default("0"),
    weight: money("weight").notNull().default("0"),
    category_id: integer("category_id")
      .notNull()
      .references(() => categories.category_id),
    /** Its sales' SST (migration 0045); null: not applicable. A category in use cannot be deleted (409). */
    tax_category_id: integer("tax_category_id").references(() => taxCategories.tax_category_id),
    product_status: status("product_status").$type<0 | 1>(),
    tags: text("tags").notNull().default(""),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
    version: version(),
  },
  (t) => [
    index("products_category_id_idx").on(t.category_id, t.product_id),
    index("products_tax_category_id_idx").on(t.tax_category_id),
    index("products_created_at_idx").on(t.created_at, t.product_id),
    // The price filter compares the effective price: discount when set and non-zero.
    index("products_effective_price_idx").on(
      sql`(coalesce(nullif(${t.discount_price}, 0), ${t.normal_price}))`,
      t.product_id,
    ),
    ...sortIndexes("products", t.product_id, [
      t.product_name,
      t.normal_price,
      t.stock_qtt,
      t.rating,
      t.updated_at,
    ]),
    ...searchIndexes("products", [t.product_name, t.sku]),
    // A second guard behind the service's rule of at most 10 live variants.
    check("products_variation", sql`${t.product_variation} between 0 and 10`),
  ],
);

export const productVariants = pgTable(
  "product_variants",
  {
    variant_id: serial("variant_id").primaryKey(),
    product_id: integer("product_id")
      .notNull()
      .references(() => products.product_id),
    variant_name: text("variant_name").notNull(),
    variant_image: text("variant_image").notNull().default(""),
    variant_price: money("variant_price").notNull(),
    variant_dis_price: money("variant_dis_price"),
    variant_qtt: integer("variant_qtt").notNull().default(0),
    variant_sku: text("variant_sku").notNull().default(""),
    variant_status: status("variant_status").$type<0 | 1>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
    version: version(),
  },
  (t) => [
    index("product_variants_product_id_idx").on(t.product_id),
    // Variants low in stock (GET notifications).
    index("product_variants_variant_qtt_idx").on(t.variant_qtt),
  ],
);

// Orders and vouchers
export const vouchers = pgTable(
  "vouchers",
  {
    voucher_id: serial("voucher_id").primaryKey(),
    voucher_code: text("voucher_code").notNull(),
    discount: money("discount").notNull(),
    discount_cap: money("discount_cap").notNull(),
    discount_type: text("discount_type").$type<"price" | "percentage">().notNull(),
    voucher_status: status("voucher_status").$type<0 | 1>(),
    expired_at: timestamp("expired_at").notNull(),
    /** Orders that may use it in all, and per member; null: no limit (migration 0029). */
    usage_limit: integer("usage_limit"),
    member_limit: integer("member_limit"),
    /** The least subtotal an order needs to use it; null: none. */
    min_spend: money("min_spend"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("vouchers_voucher_code_key").on(t.voucher_code),
    index("vouchers_created_at_idx").on(t.created_at),
    index("vouchers_expired_at_idx").on(t.expired_at, t.voucher_id),
    check("vouchers_discount_type", sql`${t.discount_type} in ('price', 'percentage')`),
    check(
      "vouchers_amounts",
      sql`${t.discount} >= 0 and ${t.discount_cap} >= 0 and (${t.discount_type} <> 'percentage' or ${t.discount} < 100)`,
    ),
    check(
      "vouchers_limits",
      sql`(${t.usage_limit} is null or ${t.usage_limit} > 0) and (${t.member_limit} is null or ${t.member_limit} > 0) and (${t.min_spend} is null or ${t.min_spend} >= 0)`,
    ),
  ],
);

export const orders = pgTable(
  "orders",
  {
    orders_id: serial("orders_id").primaryKey(),
    order_number: text("order_number").notNull().unique(),
    user_id: integer("user_id").references(() => users.user_id, { onDelete: "set null" }),
    username: text("username").notNull(),
    contact: text("contact").notNull().default(""),
    currency_symbol: text("currency_symbol").notNull().default("RM"),
    total_price: money("total_price").notNull(),
    points_earned: money("points_earned").notNull().default("0"),
    /** Part of total_price that is shipping (the goods base of the commission, migration 0013). */
    shipping_fee: money("shipping_fee").notNull().default("0"),
    /** The lines' total; subtotal - discount + shipping_fee = total_price (migration 0021). */
    subtotal: money("subtotal").notNull(),
    /** The coupon's discount off the subtotal. */
    discount: money("discount").notNull().default("0"),
    /** The SST the total contains: its lines' tax_amount summed (migration 0045; prices include SST). */
    tax_total: money("tax_total").notNull().default("0"),
    coupon_code: text("coupon_code").notNull().default(""),
    recipient_name: text("recipient_name").notNull().default(""),
    recipient_contact: text("recipient_contact").notNull().default(""),
    address_1: text("address_1").notNull().default(""),
    address_2: text("address_2").notNull().default(""),
    postcode: text("postcode").notNull().default(""),
    state: text("state").notNull().default(""),
    country: text("country").notNull().default(""),
    tracking_number: text("tracking_number").notNull().default(""),
    /**
     * The order holds its lines' quantities out of stock (an order keyed in,
     * migration 0022); cleared when canceling or returning gives them back.
     */
    stock_taken: boolean("stock_taken").notNull().default(false),
    /**
     * The order took stock and gave it back (canceled or returned); moved back
     * to a status that holds stock, it takes it again (migration 0029).
     */
    stock_given_back: boolean("stock_given_back").notNull().default(false),
    order_status: integer("order_status")
      .notNull()
      .references(() => orderStatuses.order_status_id),
    created_at: createdAt(),
    paid_on: timestamp("paid_on"),
    ship_out_by: timestamp("ship_out_by"),
    completed_at: timestamp("completed_at"),
    refund_at: timestamp("refund_at"),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index("orders_user_id_idx").on(t.user_id),
    index("orders_order_status_idx").on(t.order_status, t.orders_id),
    index("orders_created_at_idx").on(t.created_at, t.orders_id),
    // The screen's filter: statuses, newest first (docs/decisions/list-sort-filter.md).
    index("orders_status_created_at_idx").on(t.order_status, t.created_at, t.orders_id),
    // order_number is unique already: its unique index serves that sort.
    ...sortIndexes("orders", t.orders_id, [
      t.username,
      t.contact,
      t.coupon_code,
      t.recipient_contact,
      t.total_price,
      t.points_earned,
      t.recipient_name,
      t.tracking_number,
      t.paid_on,
      t.ship_out_by,
      t.completed_at,
      t.updated_at,
    ]),
    ...searchIndexes(
      "orders",
      [t.order_number, t.username, t.recipient_name, t.tracking_number],
      ["contact", "recipient_contact"],
    ),
    check("orders_shipping_fee", sql`${t.shipping_fee} >= 0`),
    check(
      "orders_money",
      sql`${t.subtotal} >= 0 and ${t.discount} >= 0 and ${t.discount} <= ${t.subtotal} and ${t.subtotal} - ${t.discount} + ${t.shipping_fee} = ${t.total_price}`,
    ),
    check(
      "orders_tax_total",
      sql`${t.tax_total} >= 0 and ${t.tax_total} <= ${t.subtotal} - ${t.discount}`,
    ),
  ],
);

/**
 * An order's lines, with the product's name, variant name and SKU as they were
 * when ordered (docs/decisions/order-lines.md). Every order has at least one and
 * they sum to its subtotal: a deferred constraint trigger of migration 0021
 * checks it at commit. A line outlives its product or variant (set null).
 */
export const orderItems = pgTable(
  "order_items",
  {
    item_id: serial("item_id").primaryKey(),
    orders_id: integer("orders_id")
      .notNull()
      .references(() => orders.orders_id, { onDelete: "cascade" }),
    product_id: integer("product_id").references(() => products.product_id, {
      onDelete: "set null",
    }),
    variant_id: integer("variant_id").references(() => productVariants.variant_id, {
      onDelete: "set null",
    }),
    product_name: text("product_name").notNull(),
    variant_name: text("variant_name").notNull().default(""),
    sku: text("sku").notNull().default(""),
    quantity: integer("quantity").notNull(),
    unit_price: money("unit_price").notNull(),
    line_discount: money("line_discount").notNull().default("0"),
    line_total: money("line_total").notNull(),
    /** The product's tax category as it was when sold (migration 0045); old lines: not applicable. */
    tax_type: text("tax_type")
      .notNull()
      .default("not_applicable")
      .$type<"taxable" | "exempt" | "not_applicable">(),
    tax_rate: numeric("tax_rate", { precision: 5, scale: 2 }).notNull().default("0"),
    /** The SST contained in line_total less its share of the coupon's discount. */
    tax_amount: money("tax_amount").notNull().default("0"),
  },
  (t) => [
    index("order_items_orders_id_idx").on(t.orders_id),
    // The reports group lines by product.
    index("order_items_product_id_idx").on(t.product_id),
    check("order_items_quantity", sql`${t.quantity} > 0`),
    check(
      "order_items_amounts",
      sql`${t.unit_price} >= 0 and ${t.line_discount} >= 0 and ${t.line_discount} <= ${t.unit_price} * ${t.quantity}`,
    ),
    check(
      "order_items_line_total",
      sql`${t.line_total} = ${t.unit_price} * ${t.quantity} - ${t.line_discount}`,
    ),
    check(
      "order_items_tax",
      sql`${t.tax_type} in ('taxable', 'exempt', 'not_applicable') and ${t.tax_rate} >= 0 and ${t.tax_rate} < 100 and (${t.tax_type} = 'taxable' or (${t.tax_rate} = 0 and ${t.tax_amount} = 0)) and ${t.tax_amount} >= 0 and ${t.tax_amount} <= ${t.line_total}`,
    ),
  ],
);

/**
 * The commission of an order, decided once at its first completion and never
 * changed (a trigger of migration 0013 refuses updates): a later re-credit pays
 * this, never today's settings, referrer or tier (docs/decisions/order-money-follows-status.md). pv_opening: the order's PV held in the
 * buyer's opening balance (completed before the ledger; the demo seed).
 * No foreign keys, like the ledger's ref_id: the record outlives the member.
 */
export const orderCommissions = pgTable(
  "order_commissions",
  {
    orders_id: integer("orders_id").primaryKey(),
    outcome: text("outcome").$type<CommissionOutcome>().notNull(),
    referrer_id: integer("referrer_id"),
    referrer_username: text("referrer_username"),
    percent: money("percent"),
    base_kind: text("base_kind").$type<CommissionBase>(),
    base_amount: money("base_amount"),
    amount: money("amount").notNull().default("0"),
    pv_opening: money("pv_opening").notNull().default("0"),
    decided_at: timestamp("decided_at").notNull().default(sql`now()`),
    /** The period the order's commissions and PV count in (migration 0038). */
    period_id: integer("period_id"),
    /** Held under a commission plan until the period is released; false: paid at once. */
    held: boolean("held").notNull().default(false),
    /** The buyer as they were at the decision. */
    buyer_id: integer("buyer_id"),
  },
  (t) => [
    check(
      "order_commissions_outcome",
      sql`${t.outcome} in ('paid', 'commission_off', 'no_referrer', 'referrer_inactive', 'zero', 'unrecorded')`,
    ),
    check(
      "order_commissions_base_kind",
      sql`${t.base_kind} is null or ${t.base_kind} in ('total', 'goods')`,
    ),
    check(
      "order_commissions_amount",
      sql`${t.amount} >= 0 and (${t.outcome} = 'paid') = (${t.amount} > 0)`,
    ),
    check("order_commissions_pv_opening", sql`${t.pv_opening} >= 0`),
    index("order_commissions_period_idx").on(t.period_id, t.buyer_id),
  ],
);

/** The commission plan (docs/decisions/commission-plans.md): one row; `levels` null is the default rule. */
export const commissionPlan = pgTable(
  "commission_plan",
  {
    plan_id: smallint("plan_id").primaryKey().default(1),
    levels: jsonb("levels").$type<CommissionLevel[]>(),
    cap_per_order: money("cap_per_order"),
    cap_per_period: money("cap_per_period"),
    hold_days: smallint("hold_days").notNull().default(0),
    period_start_day: smallint("period_start_day").notNull().default(1),
    ranks: jsonb("ranks").$type<RankRule[]>().notNull().default([]),
    demote: boolean("demote").notNull().default(false),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    check("commission_plan_one", sql`${t.plan_id} = 1`),
    check("commission_plan_hold_days", sql`${t.hold_days} between 0 and 60`),
    check("commission_plan_start_day", sql`${t.period_start_day} between 1 and 28`),
    check(
      "commission_plan_caps",
      sql`coalesce(${t.cap_per_order}, 1) > 0 and coalesce(${t.cap_per_period}, 1) > 0`,
    ),
  ],
);

export const commissionPeriods = pgTable(
  "commission_periods",
  {
    period_id: serial("period_id").primaryKey(),
    starts_on: date("starts_on", { mode: "string" }).notNull(),
    ends_on: date("ends_on", { mode: "string" }).notNull(),
    status: text("status").$type<CommissionPeriodStatus>().notNull().default("open"),
    total: numeric("total", { precision: 14, scale: 2 }).notNull().default("0"),
    members: integer("members").notNull().default(0),
    orders: integer("orders").notNull().default(0),
    sales: numeric("sales", { precision: 14, scale: 2 }).notNull().default("0"),
    calculated_at: timestamp("calculated_at"),
    first_approved_by: integer("first_approved_by"),
    first_approved_username: text("first_approved_username"),
    approved_by: integer("approved_by"),
    approved_username: text("approved_username"),
    approved_at: timestamp("approved_at"),
    released_at: timestamp("released_at"),
    /** The calculation or release running now (server/src/modules/commissions/close.ts). */
    job_id: integer("job_id"),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    uniqueIndex("commission_periods_starts_on_key").on(t.starts_on),
    check("commission_periods_dates", sql`${t.ends_on} >= ${t.starts_on}`),
    check(
      "commission_periods_status",
      sql`${t.status} in ('open', 'calculated', 'approved', 'released')`,
    ),
  ],
);

/** Each upline of an order's sponsor line as it stood at the order's first completion. */
export const commissionLines = pgTable(
  "commission_lines",
  {
    orders_id: integer("orders_id").notNull(),
    depth: smallint("depth").notNull(),
    user_id: integer("user_id").notNull(),
    username: text("username").notNull(),
    level: smallint("level"),
    outcome: text("outcome").$type<CommissionLineOutcome>().notNull(),
    percent: numeric("percent", { precision: 5, scale: 2 }).notNull().default("0"),
    base_amount: money("base_amount").notNull().default("0"),
    amount: money("amount").notNull().default("0"),
    held: boolean("held").notNull().default(false),
    period_id: integer("period_id"),
    decided_at: timestamp("decided_at").notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ name: "commission_lines_pkey", columns: [t.orders_id, t.depth] }),
    index("commission_lines_period_user_idx")
      .on(t.period_id, t.user_id)
      .where(sql`${t.amount} > 0`),
    index("commission_lines_user_idx").on(t.user_id, t.period_id).where(sql`${t.amount} > 0`),
    check(
      "commission_lines_outcome",
      sql`${t.outcome} in ('paid', 'unqualified', 'compressed', 'capped', 'zero')`,
    ),
    check(
      "commission_lines_amount",
      sql`${t.amount} >= 0 and (${t.outcome} = 'paid') = (${t.amount} > 0)`,
    ),
  ],
);

/** A member's tier change found by a period's calculation, applied at its release (migration 0039). */
export const commissionPeriodRanks = pgTable(
  "commission_period_ranks",
  {
    period_id: integer("period_id").notNull(),
    user_id: integer("user_id").notNull(),
    username: text("username").notNull(),
    from_member: integer("from_member").notNull(),
    to_member: integer("to_member").notNull(),
    personal_pv: numeric("personal_pv", { precision: 14, scale: 2 }).notNull().default("0"),
    group_pv: numeric("group_pv", { precision: 14, scale: 2 }).notNull().default("0"),
    active_legs: integer("active_legs").notNull().default(0),
    applied_at: timestamp("applied_at"),
  },
  (t) => [
    primaryKey({ name: "commission_period_ranks_pkey", columns: [t.period_id, t.user_id] }),
    index("commission_period_ranks_user_idx").on(t.user_id, t.period_id),
  ],
);

/** A correction after a period's calculation, counted in the period open when it was made (migration 0040). */
export const commissionAdjustments = pgTable(
  "commission_adjustments",
  {
    adjustment_id: serial("adjustment_id").primaryKey(),
    period_id: integer("period_id").notNull(),
    of_period_id: integer("of_period_id").notNull(),
    orders_id: integer("orders_id").notNull(),
    user_id: integer("user_id").notNull(),
    level: smallint("level"),
    amount: money("amount").notNull(),
    created_at: createdAt(),
  },
  (t) => [
    index("commission_adjustments_period_user_idx").on(t.period_id, t.user_id),
    check("commission_adjustments_amount", sql`${t.amount} <> 0`),
  ],
);

/** What a calculated period releases to each member (held money and held PV), and when it did. */
export const commissionPeriodMembers = pgTable(
  "commission_period_members",
  {
    period_id: integer("period_id").notNull(),
    user_id: integer("user_id").notNull(),
    amount: numeric("amount", { precision: 14, scale: 2 }).notNull().default("0"),
    held: numeric("held", { precision: 14, scale: 2 }).notNull().default("0"),
    held_pv: numeric("held_pv", { precision: 14, scale: 2 }).notNull().default("0"),
    released_at: timestamp("released_at"),
  },
  (t) => [
    primaryKey({ name: "commission_period_members_pkey", columns: [t.period_id, t.user_id] }),
  ],
);

/**
 * A reversal the balance could not cover: what is still owed for an order,
 * recovered first from the member's next credits of that account by
 * clawback_recovery entries (docs/decisions/order-money-follows-status.md). No foreign key on user_id, like the ledger.
 */
export const ledgerOwed = pgTable(
  "ledger_owed",
  {
    owed_id: serial("owed_id").primaryKey(),
    user_id: integer("user_id").notNull(),
    account: text("account").$type<OwedAccount>().notNull(),
    orders_id: integer("orders_id").notNull(),
    amount: money("amount").notNull(),
    recovered: money("recovered").notNull().default("0"),
    note: text("note").notNull().default(""),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [
    index("ledger_owed_open_idx")
      .on(t.user_id, t.account, t.owed_id)
      .where(sql`${t.recovered} < ${t.amount}`),
    index("ledger_owed_orders_id_idx").on(t.orders_id),
    check("ledger_owed_account", sql`${t.account} in ('cash_wallet', 'pv')`),
    check(
      "ledger_owed_amounts",
      sql`${t.amount} > 0 and ${t.recovered} >= 0 and ${t.recovered} <= ${t.amount}`,
    ),
  ],
);

/**
 * A credit adjustment above the second-approval amount (four-eyes payouts,
 * migration 0031): posted only once another holder of wallets:manage
 * approves it; the entry it posted is `entry_id`.
 */
export const adjustmentRequests = pgTable(
  "adjustment_requests",
  {
    adjustment_id: serial("adjustment_id").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    account: text("account").$type<"wallet" | "cash_wallet">().notNull(),
    amount: money("amount").notNull(),
    note: text("note").notNull(),
    status: text("status")
      .$type<"pending" | "approved" | "rejected">()
      .notNull()
      .default("pending"),
    requested_by: integer("requested_by").references(() => users.user_id, {
      onDelete: "set null",
    }),
    requested_at: timestamp("requested_at").notNull().default(sql`now()`),
    decided_by: integer("decided_by").references(() => users.user_id, { onDelete: "set null" }),
    decided_at: timestamp("decided_at"),
    entry_id: integer("entry_id"),
    version: version(),
  },
  (t) => [
    index("adjustment_requests_user_id_idx").on(t.user_id, t.adjustment_id),
    index("adjustment_requests_pending_idx")
      .on(t.adjustment_id)
      .where(sql`${t.status} = 'pending'`),
    check("adjustment_requests_account", sql`${t.account} in ('wallet', 'cash_wallet')`),
    check("adjustment_requests_amount", sql`${t.amount} > 0`),
    check("adjustment_requests_status", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

// Agency and content
export const agencyStores = pgTable(
  "agency_stores",
  {
    store_id: serial("store_id").primaryKey(),
    store_username: text("store_username").notNull(),
    store_name: text("store_name").notNull(),
    owner: text("owner").notNull(),
    store_email: text("store_email").notNull(),
    owner_contact: text("owner_contact").notNull(),
    store_status: status("store_status").$type<0 | 1>(),
    created_at: createdAt(),
    expired_at: timestamp("expired_at").notNull(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
    version: version(),
  },
  (t) => [
    index("agency_stores_created_at_idx").on(t.created_at),
    // The expiry filter, and the stores expiring within 7 days (GET notifications).
    index("agency_stores_expired_at_idx").on(t.expired_at, t.store_id),
  ],
);

export const banners = pgTable(
  "banners",
  {
    banner_id: serial("banner_id").primaryKey(),
    title: text("title").notNull(),
    subtitle: text("subtitle").notNull().default(""),
    banner_image: text("banner_image").notNull().default(""),
    banner_status: status("banner_status").$type<0 | 1>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [index("banners_created_at_idx").on(t.created_at)],
);

export const testimonials = pgTable(
  "testimonials",
  {
    testimonial_id: serial("testimonial_id").primaryKey(),
    user_id: integer("user_id").references(() => users.user_id, { onDelete: "set null" }),
    username: text("username").notNull(),
    testimonial_title: text("testimonial_title").notNull(),
    testimonial_content: text("testimonial_content").notNull().default(""),
    testimonial_status: status("testimonial_status").$type<0 | 1>(),
    created_at: createdAt(),
    updated_at: updatedAt(),
    deleted_at: deletedAt(),
    version: version(),
  },
  (t) => [
    index("testimonials_user_id_idx").on(t.user_id, t.testimonial_id),
    index("testimonials_created_at_idx").on(t.created_at),
  ],
);

// Settings
export const settings = pgTable(
  "settings",
  {
    setting_id: integer("setting_id").primaryKey(),
    theme_color: smallint("theme_color").notNull().default(1),
    store_name: text("store_name").notNull(),
    store_logo: text("store_logo").notNull().default(""),
    store_address: text("store_address").notNull().default(""),
    store_contact: text("store_contact").notNull().default(""),
    /** The company registration number printed on invoices (migration 0023). */
    store_registration: text("store_registration").notNull().default(""),
    copyright_text: text("copyright_text").notNull().default(""),
    footer_text: text("footer_text").notNull().default(""),
    /** 1: the buyer's referrer earns their tier's Member Earning % of a completed order. */
    commission_status: status("commission_status").$type<0 | 1>(),
    withdraw_min_amt: money("withdraw_min_amt").notNull().default("0"),
    /** Null: no maximum. */
    withdraw_max_amt: money("withdraw_max_amt"),
    low_stock_threshold: integer("low_stock_threshold").notNull().default(5),
    /** What a commission is a percentage of: the order total, or the goods (total minus shipping). */
    commission_base: text("commission_base").$type<CommissionBase>().notNull().default("total"),
    /** Null: off. A payout above it needs a second person's approval (migration 0019). */
    payout_second_approval_above: money("payout_second_approval_above"),
    /** 1: every Admin and every holder of payouts:manage must use two-step login. */
    totp_required: status("totp_required").$type<0 | 1>(),
    /** Null: off. An order keyed in whose subtotal reaches it ships free (migration 0022). */
    free_shipping_above: money("free_shipping_above"),
    /** 1: only a KYC-verified member is paid out (migration 0042, docs/decisions/kyc.md). */
    kyc_required: status("kyc_required").$type<0 | 1>(),
    // The store's tax identity and MyInvois access (migration 0046, docs/decisions/einvoices.md).
    tin: text("tin").notNull().default(""),
    sst_no: text("sst_no").notNull().default(""),
    msic_code: text("msic_code").notNull().default(""),
    business_activity: text("business_activity").notNull().default(""),
    myinvois_environment: text("myinvois_environment")
      .$type<MyinvoisEnvironmentId>()
      .notNull()
      .default("sandbox"),
    myinvois_client_id: text("myinvois_client_id").notNull().default(""),
    myinvois_client_secret: text("myinvois_client_secret").notNull().default(""),
    myinvois_base_url: text("myinvois_base_url").notNull().default(""),
    myinvois_identity_url: text("myinvois_identity_url").notNull().default(""),
    einvoice_certificate: text("einvoice_certificate").notNull().default(""),
    einvoice_private_key: text("einvoice_private_key").notNull().default(""),
    /** Buy-back (migration 0049, docs/decisions/returns.md): days from the order; 0: off. */
    buy_back_days: integer("buy_back_days").notNull().default(0),
    /** The share of the goods' price a return inside the period gives back by default. */
    buy_back_percent: numeric("buy_back_percent", { precision: 5, scale: 2 })
      .notNull()
      .default("90"),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    check("settings_theme", sql`${t.theme_color} between 1 and 3`),
    check(
      "settings_buy_back",
      sql`${t.buy_back_days} >= 0 and ${t.buy_back_percent} >= 0 and ${t.buy_back_percent} <= 100`,
    ),
    check(
      "settings_withdraw_limits",
      sql`${t.withdraw_min_amt} >= 0 and (${t.withdraw_max_amt} is null or ${t.withdraw_max_amt} >= ${t.withdraw_min_amt})`,
    ),
    check("settings_low_stock_threshold", sql`${t.low_stock_threshold} >= 0`),
    check("settings_commission_base", sql`${t.commission_base} in ('total', 'goods')`),
    check(
      "settings_myinvois_environment",
      sql`${t.myinvois_environment} in ('sandbox', 'production')`,
    ),
    check(
      "settings_free_shipping_above",
      sql`${t.free_shipping_above} is null or ${t.free_shipping_above} >= 0`,
    ),
  ],
);

export const socialLogins = pgTable("social_logins", {
  social_id: integer("social_id").primaryKey(),
  social_login: text("social_login").notNull(),
  id_key: text("id_key").notNull().default(""),
  secret_key: text("secret_key").notNull().default(""),
  social_uri: text("social_uri").notNull().default(""),
  social_status: status("social_status").$type<0 | 1>(),
  updated_at: updatedAt(),
  version: version(),
});

export const paymentMethods = pgTable("payment_methods", {
  method_id: integer("method_id").primaryKey(),
  payment_method: text("payment_method").notNull(),
  secret_key: text("secret_key").notNull().default(""),
  publish_key: text("publish_key").notNull().default(""),
  gateway_uri: text("gateway_uri").notNull().default(""),
  method_status: status("method_status").$type<0 | 1>(),
  updated_at: updatedAt(),
  version: version(),
});

export const shippingMethods = pgTable("shipping_methods", {
  ship_id: serial("ship_id").primaryKey(),
  shipping_name: text("shipping_name").notNull(),
  shipping_fee: money("shipping_fee").notNull(),
  shipping_status: status("shipping_status").$type<0 | 1>(),
  updated_at: updatedAt(),
  version: version(),
});

// Sessions and audit
export const sessions = pgTable(
  "sessions",
  {
    /** sha-256 of the cookie token: a leaked table cannot be replayed. */
    token_hash: text("token_hash").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    created_at: createdAt(),
    expires_at: timestamp("expires_at").notNull(),
    /** The id a person names a session by (the token's hash is never answered). */
    session_id: bigserial("session_id", { mode: "number" }).notNull().unique(),
    last_seen_at: timestamp("last_seen_at").notNull().default(sql`now()`),
    address: text("address").notNull().default(""),
    user_agent: text("user_agent").notNull().default(""),
    /** The last fresh proof (POST /api/stepUp); a login never sets it. */
    step_up_at: timestamp("step_up_at"),
    /** A login that still owes its authenticator code (POST /api/login/totp): no session yet. */
    totp_pending: boolean("totp_pending").notNull().default(false),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.user_id),
    index("sessions_expires_at_idx").on(t.expires_at),
  ],
);

export const auditLog = pgTable(
  "audit_log",
  {
    audit_id: bigserial("audit_id", { mode: "number" }).primaryKey(),
    at: createdAt(),
    // No foreign key: the row outlives the account; the username is kept as it was.
    actor_id: integer("actor_id"),
    actor_username: text("actor_username"),
    entity: text("entity").notNull(),
    entity_id: text("entity_id").notNull(),
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
    /**
     * The record as a person names it (a product's name, an order's number,
     * the member's username for a ledger entry), set by audit_label (migration
     * 0018) when the row is written: the log's search reads it.
     */
    label: text("label"),
  },
  (t) => [
    // `q` on /auditLog: the record's label and the actor's username.
    ...searchIndexes("audit_log", [t.label, t.actor_username]),
    // Each filter of GET auditLog, newest first from one index range (modules/audit).
    index("audit_log_entity_idx").on(t.entity, t.entity_id, t.audit_id),
    index("audit_log_actor_id_idx").on(t.actor_id, t.audit_id),
    index("audit_log_actor_username_idx").on(t.actor_username, t.audit_id),
    index("audit_log_action_idx").on(t.action, t.audit_id),
    // The /auditLog screen sorts by entity: (entity, entity_id, audit_id) holds another order.
    index("audit_log_entity_sort").on(t.entity, t.audit_id),
    index("audit_log_at_idx").on(t.at, t.audit_id),
  ],
);

/** Failed logins, for the login limit; kept in the database so every process sees them. */
/** Scheduled backups, one row a run (migration 0025, backup/schedule.ts). */
export const backupRuns = pgTable("backup_runs", {
  run_id: bigserial("run_id", { mode: "number" }).primaryKey(),
  started_at: timestamp("started_at").notNull(),
  finished_at: timestamp("finished_at").notNull().default(sql`now()`),
  ok: boolean("ok").notNull(),
  file: text("file"),
  error: text("error"),
});

export const loginFailures = pgTable(
  "login_failures",
  {
    failure_id: bigserial("failure_id", { mode: "number" }).primaryKey(),
    email: text("email").notNull(),
    address: text("address").notNull(),
    failed_at: timestamp("failed_at").notNull().default(sql`now()`),
  },
  (t) => [
    index("login_failures_email_idx").on(t.email, t.failed_at),
    index("login_failures_address_idx").on(t.address, t.failed_at),
  ],
);

/**
 * Totals kept by the database (migration 0005): the unfiltered count of every
 * list, the dashboard's revenue and per-membership and per-month user counts,
 * orders per day (the page directory of the order list). Statement triggers on
 * each counted table write their changes to running_total_changes; a deferred
 * trigger folds them in here at commit, in name order, so two writers never
 * deadlock on these rows. docs/decisions/running-totals.md.
 */
export const runningTotals = pgTable("running_totals", {
  name: text("name").primaryKey(),
  value: numeric("value").notNull().default("0"),
});

/** Changes of the running transaction, emptied at its commit (never holds committed rows). */
export const runningTotalChanges = pgTable("running_total_changes", {
  name: text("name").notNull(),
  delta: numeric("delta").notNull(),
});

/**
 * The time zone the users.month:* totals are counted in (one row). The
 * dashboard recounts them when the store's zone (TZ) is another.
 */
export const runningTotalsTimeZone = pgTable(
  "running_totals_time_zone",
  {
    id: smallint("id").primaryKey().default(1),
    time_zone: text("time_zone"),
  },
  (t) => [check("running_totals_time_zone_one_row", sql`${t.id} = 1`)],
);

/**
 * Report roll-ups (migration 0024, docs/decisions/reports-rollups.md): one
 * sum per series, store day and key (a state, product, category, coupon,
 * tier, referrer, ledger account), kept by statement triggers on the base
 * tables in the same transactions and folded in at commit after the running
 * totals. The reports read these rows, never the base tables.
 */
export const reportRollups = pgTable(
  "report_rollups",
  {
    series: text("series").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    key: text("key").notNull().default(""),
    value: numeric("value").notNull().default("0"),
  },
  (t) => [
    primaryKey({ name: "report_rollups_pkey", columns: [t.series, t.day, t.key] }),
    // Migrations 0026-0027: each month's and year's highest keys (a ranking's candidates), and a few keys' rows.
    index("report_rollups_rank")
      .on(t.series, t.day, t.value.desc(), t.key)
      .where(sql`${t.series} LIKE '%@%'`),
    index("report_rollups_by_key").on(t.series, t.key, t.day, t.value),
    // Migration 0037, INCLUDE (value), which Drizzle cannot say: a ranking's day rows from the index alone.
    index("report_rollups_days").on(t.series, t.day, t.key).where(sql`${t.series} NOT LIKE '%@%'`),
  ],
);

/** Changes of the running transaction, emptied at its commit (never holds committed rows). */
export const reportRollupChanges = pgTable("report_rollup_changes", {
  series: text("series").notNull(),
  day: date("day", { mode: "string" }).notNull(),
  key: text("key").notNull(),
  delta: numeric("delta").notNull(),
});

/** The zone the roll-ups' days are counted in (one row); the reports count again when TZ is another. */
export const reportTimeZone = pgTable(
  "report_time_zone",
  {
    id: smallint("id").primaryKey().default(1),
    time_zone: text("time_zone").notNull(),
  },
  (t) => [check("report_time_zone_one_row", sql`${t.id} = 1`)],
);

/** A named set of permissions (packages/contract/src/permissions.ts) that Staff hold. */
export const permissionGroups = pgTable(
  "permission_groups",
  {
    group_id: serial("group_id").primaryKey(),
    name: text("name").notNull(),
    permissions: text("permissions").array().$type<Permission[]>().notNull().default(sql`'{}'`),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [uniqueIndex("permission_groups_name_key").on(sql`lower(${t.name})`)],
);

/** The groups a Staff member holds; a group still held cannot be deleted. */
export const userGroups = pgTable(
  "user_groups",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    group_id: integer("group_id")
      .notNull()
      .references(() => permissionGroups.group_id, { onDelete: "restrict" }),
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.group_id] }),
    index("user_groups_group_id_idx").on(t.group_id, t.user_id),
  ],
);

/** Two-step login's one-time recovery codes, hashed; each is good once. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    code_hash: text("code_hash").notNull(),
    used_at: timestamp("used_at"),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.code_hash] })],
);

/** Wrong authenticator codes of an account from any address (auth/codeGuesses.ts; migration 0030). */
export const totpFailures = pgTable(
  "totp_failures",
  {
    failure_id: bigserial("failure_id", { mode: "number" }).primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    failed_at: timestamp("failed_at").notNull().default(sql`now()`),
  },
  (t) => [index("totp_failures_user_id_idx").on(t.user_id, t.failed_at)],
);

/** An account whose two-step login took too many wrong codes: locked until freed. */
export const totpLocks = pgTable("totp_locks", {
  user_id: integer("user_id")
    .primaryKey()
    .references(() => users.user_id, { onDelete: "cascade" }),
  locked_at: timestamp("locked_at").notNull().default(sql`now()`),
});

// Uploaded images (migration 0020; docs/decisions/uploads-in-database.md)
export const uploads = pgTable(
  "uploads",
  {
    /** `<sha-256 of the content>.<ext>`: the name records give the image. */
    name: text("name").primaryKey(),
    content_type: text("content_type").notNull(),
    size: integer("size").notNull(),
    /** Null when the bytes are kept in S3-compatible storage. */
    content: bytea("content"),
    created_at: createdAt(),
    /** The last upload of these bytes, or the last time a record stopped naming them. */
    last_referenced_at: timestamp("last_referenced_at").notNull().default(sql`now()`),
    /** A kyc upload (an identity card): never served by GET /uploads (migration 0042). */
    private: boolean("private").notNull().default(false),
  },
  (t) => [
    index("uploads_last_referenced_at_idx").on(t.last_referenced_at),
    check("uploads_size", sql`${t.size} >= 0`),
  ],
);

/**
 * A member's KYC (migration 0042, docs/decisions/kyc.md): no row is status
 * none. The NRIC is 12 digits, or a passport number is held instead.
 */
export const userKyc = pgTable(
  "user_kyc",
  {
    user_id: integer("user_id")
      .primaryKey()
      .references(() => users.user_id, { onDelete: "cascade" }),
    status: text("status").$type<KycStatus>().notNull().default("none"),
    nric: text("nric"),
    passport: text("passport"),
    tin: text("tin").notNull().default(""),
    bank_holder_name: text("bank_holder_name").notNull().default(""),
    reason: text("reason").notNull().default(""),
    /** When the identity card's pictures last changed. */
    documents_at: timestamp("documents_at"),
    verified_by: integer("verified_by").references(() => users.user_id, { onDelete: "set null" }),
    verified_at: timestamp("verified_at"),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    index("user_kyc_status_idx").on(t.status, t.user_id),
    check("user_kyc_status", sql`${t.status} in ('none', 'pending', 'verified', 'rejected')`),
    check("user_kyc_nric", sql`${t.nric} ~ '^[0-9]{12}$'`),
    check("user_kyc_one_identity", sql`${t.nric} is null or ${t.passport} is null`),
    check("user_kyc_rejected_reason", sql`${t.status} <> 'rejected' or ${t.reason} <> ''`),
  ],
);

/** The identity card's pictures of a member's KYC: an upload of kind kyc per side. */
export const userKycDocuments = pgTable(
  "user_kyc_documents",
  {
    user_id: integer("user_id")
      .notNull()
      .references(() => userKyc.user_id, { onDelete: "cascade" }),
    side: text("side").$type<KycDocumentSide>().notNull(),
    document_image: text("document_image").notNull(),
  },
  (t) => [
    primaryKey({ name: "user_kyc_documents_pkey", columns: [t.user_id, t.side] }),
    check("user_kyc_documents_side", sql`${t.side} in ('front', 'back')`),
  ],
);

/**
 * Columns the system keeps for a record from other records' changes (counts,
 * the last authenticator step): changing them alone does not raise the
 * record's version (db/derived.ts, versionTriggers), so a form open on it is
 * not made stale by an order or a referral.
 */
/**
 * The balances the wallet ledger proves: a change to one must be its
 * account's latest entry (wallet_ledger_require_entry, migration 0008). Their
 * triggers are derived from this list (db/derived.ts ledgerBalanceTriggers, migration 0047).
 */
export const LEDGER_BALANCES: readonly { column: PgColumn; account: LedgerAccount }[] = [
  { column: userWallets.wallet_amt, account: "wallet" },
  { column: userWallets.c_wallet_amt, account: "cash_wallet" },
  { column: userWallets.held_amt, account: "held" },
  { column: userWallets.tax_withheld_amt, account: "tax_withheld" },
  { column: users.ttl_pv, account: "pv" },
  { column: users.held_pv, account: "held_pv" },
];

export const KEPT_BY_SYSTEM = {
  users: [users.ttl_order, users.down_line, users.totp_last_step],
  categories: [categories.products_in_cat],
};

/** Durable jobs (migration 0035, modules/jobs, docs/decisions/jobs.md). */
export const jobs = pgTable(
  "jobs",
  {
    job_id: bigserial("job_id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    key: text("key").notNull(),
    status: text("status")
      .notNull()
      .default("queued")
      .$type<"queued" | "running" | "failed" | "done" | "canceled">(),
    payload: jsonb("payload").notNull().default({}),
    result: jsonb("result"),
    tries: integer("tries").notNull().default(0),
    max_tries: integer("max_tries").notNull().default(5),
    run_at: timestamp("run_at").notNull().default(sql`date_trunc('second', now())`),
    started_at: timestamp("started_at"),
    finished_at: timestamp("finished_at"),
    lock_until: timestamp("lock_until"),
    locked_by: text("locked_by"),
    last_error: text("last_error"),
    progress_done: integer("progress_done").notNull().default(0),
    progress_total: integer("progress_total").notNull().default(0),
    created_at: timestamp("created_at").notNull().default(sql`now()`),
  },
  (t) => [
    check("jobs_status", sql`${t.status} in ('queued', 'running', 'failed', 'done', 'canceled')`),
    uniqueIndex("jobs_kind_key").on(t.kind, t.key),
    index("jobs_due").on(t.run_at, t.job_id).where(sql`${t.status} = 'queued'`),
    index("jobs_running").on(t.lock_until).where(sql`${t.status} = 'running'`),
    index("jobs_latest").on(t.kind, t.job_id.desc()),
    index("jobs_failed").on(t.finished_at).where(sql`${t.status} = 'failed'`),
  ],
);

/** The CP58 statements a year's bulk run made (migration 0044, docs/decisions/cp58.md). */
export const cp58Statements = pgTable(
  "cp58_statements",
  {
    year: smallint("year").notNull(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    commissions: money("commissions").notNull(),
    /** No incentive record exists in this store: 0.00 until one does. */
    incentives: money("incentives").notNull().default("0"),
    in_kind: money("in_kind").notNull().default("0"),
    total: money("total").notNull(),
    job_id: bigint("job_id", { mode: "number" }),
    made_at: timestamp("made_at").notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ name: "cp58_statements_pkey", columns: [t.year, t.user_id] }),
    check("cp58_statements_year", sql`${t.year} between 2000 and 2999`),
    check(
      "cp58_statements_total",
      sql`${t.total} = ${t.commissions} + ${t.incentives} + ${t.in_kind} and ${t.total} > 5000`,
    ),
  ],
);

/** A buyer's request for an invoice of their own (migration 0046, docs/decisions/einvoices.md). */
export const orderBuyers = pgTable(
  "order_buyers",
  {
    orders_id: integer("orders_id")
      .primaryKey()
      .references(() => orders.orders_id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    tin: text("tin").notNull(),
    id_type: text("id_type").$type<(typeof BUYER_ID_TYPES)[number]>().notNull(),
    id_value: text("id_value").notNull(),
    sst_no: text("sst_no").notNull().default(""),
    email: text("email").notNull().default(""),
    phone: text("phone").notNull().default(""),
    address: text("address").notNull().default(""),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [check("order_buyers_id_type", sql`${t.id_type} in ('BRN', 'NRIC', 'PASSPORT', 'ARMY')`)],
);

/**
 * The documents given to LHDN (migration 0046): the exact JSON sent and its
 * SHA-256, and LHDN's answer. No foreign keys to what they were built from:
 * they outlive it, as the ledger's entries do.
 */
export const einvoices = pgTable(
  "einvoices",
  {
    einvoice_id: serial("einvoice_id").primaryKey(),
    type: text("type").$type<EinvoiceType>().notNull(),
    internal_id: text("internal_id").notNull(),
    orders_id: integer("orders_id"),
    month: text("month"),
    period_id: integer("period_id"),
    user_id: integer("user_id"),
    original_id: integer("original_id").references((): AnyPgColumn => einvoices.einvoice_id),
    amount: money("amount").notNull(),
    tax: money("tax").notNull().default("0"),
    status: text("status").$type<EinvoiceStatus>().notNull().default("draft"),
    document: text("document").notNull(),
    document_hash: text("document_hash").notNull(),
    uuid: text("uuid"),
    long_id: text("long_id"),
    submission_uid: text("submission_uid"),
    /** Held by the one job sending it: two servers never send it twice. */
    sending_until: timestamp("sending_until"),
    errors: jsonb("errors").$type<EinvoiceError[]>().notNull().default([]),
    submitted_at: timestamp("submitted_at"),
    validated_at: timestamp("validated_at"),
    cancelled_at: timestamp("cancelled_at"),
    cancel_reason: text("cancel_reason"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    unique("einvoices_internal_id").on(t.internal_id),
    check("einvoices_type", sql`${t.type} in ('01', '02', '04', '11')`),
    check(
      "einvoices_status",
      sql`${t.status} in ('draft', 'submitted', 'valid', 'invalid', 'cancelled')`,
    ),
    check(
      "einvoices_note_original",
      sql`(${t.type} in ('02', '04')) = (${t.original_id} is not null)`,
    ),
    uniqueIndex("einvoices_month_live")
      .on(t.month)
      .where(sql`${t.month} is not null and ${t.status} <> 'cancelled'`),
    uniqueIndex("einvoices_period_live")
      .on(t.period_id, t.user_id)
      .where(sql`${t.period_id} is not null and ${t.status} <> 'cancelled'`),
    index("einvoices_status_idx").on(t.status, t.einvoice_id),
    index("einvoices_orders_id_idx").on(t.orders_id),
  ],
);

/** Which orders a standing document covers: one invoice and one note an order at most. */
export const einvoiceOrders = pgTable(
  "einvoice_orders",
  {
    orders_id: integer("orders_id").notNull(),
    kind: text("kind").$type<"invoice" | "note">().notNull(),
    einvoice_id: integer("einvoice_id")
      .notNull()
      .references(() => einvoices.einvoice_id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "einvoice_orders_pkey", columns: [t.orders_id, t.kind] }),
    check("einvoice_orders_kind", sql`${t.kind} in ('invoice', 'note')`),
    index("einvoice_orders_einvoice_id_idx").on(t.einvoice_id),
  ],
);

/**
 * The outbox (issue 41, docs/decisions/messages.md): every message written in
 * the transaction of its event, sent by a job. `message_key` names the event,
 * its record and recipient: the same event again is the message already there.
 */
export const messages = pgTable(
  "messages",
  {
    message_id: serial("message_id").primaryKey(),
    event: text("event").$type<MessageEvent>().notNull(),
    message_key: text("message_key").notNull(),
    /** No foreign key (migration 0048): a key's share lock on the member inside an order's change deadlocked the money paths. */
    user_id: integer("user_id"),
    recipient: text("recipient").notNull(),
    language: text("language").$type<MessageLanguage>().notNull(),
    subject: text("subject").notNull(),
    /** The event's values the template is drawn with at sending (amounts as exact text). */
    variables: jsonb("variables").$type<Record<string, string>>().notNull().default({}),
    /** What goes with it: an order's invoice PDF. */
    attachments: jsonb("attachments")
      .$type<{ kind: "invoice"; orders_id: number }[]>()
      .notNull()
      .default([]),
    status: text("status").$type<MessageStatus>().notNull().default("queued"),
    tries: integer("tries").notNull().default(0),
    last_error: text("last_error"),
    /** Held by the one job sending it: two servers never send it twice. */
    sending_until: timestamp("sending_until"),
    /** The Message-ID of every try (from message_key): a copy sent twice is one to the reader. */
    smtp_message_id: text("smtp_message_id").notNull(),
    /** What was sent, kept once it was. */
    html: text("html"),
    text: text("text"),
    sent_at: timestamp("sent_at"),
    created_at: createdAt(),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    unique("messages_message_key").on(t.message_key),
    check("messages_status", sql`${t.status} in ('queued', 'sent', 'failed')`),
    check("messages_language", sql`${t.language} in ('en', 'ms', 'zh')`),
    index("messages_status_idx").on(t.status, t.message_id),
    index("messages_user_id_idx").on(t.user_id),
    index("messages_created_at_idx").on(t.created_at, t.message_id),
  ],
);

/** Each event's subject and body per language; the product's own until the store edits them. */
export const messageTemplates = pgTable(
  "message_templates",
  {
    event: text("event").$type<MessageEvent>().notNull(),
    language: text("language").$type<MessageLanguage>().notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    edited: boolean("edited").notNull().default(false),
    updated_at: updatedAt(),
    version: version(),
  },
  (t) => [
    primaryKey({ name: "message_templates_pkey", columns: [t.event, t.language] }),
    check("message_templates_language", sql`${t.language} in ('en', 'ms', 'zh')`),
  ],
);

/** One-time password reset links: the token's hash, good once within its time. */
export const passwordResets = pgTable(
  "password_resets",
  {
    token_hash: text("token_hash").primaryKey(),
    user_id: integer("user_id")
      .notNull()
      .references(() => users.user_id, { onDelete: "cascade" }),
    expires_at: timestamp("expires_at").notNull(),
    used_at: timestamp("used_at"),
    created_at: createdAt(),
  },
  (t) => [index("password_resets_user_id_idx").on(t.user_id)],
);

/**
 * Returns and refunds by line (migration 0049, docs/decisions/returns.md):
 * goods given back from an order, or money without goods, each with its
 * credit note's number and the share of the order's value it takes back.
 */
export const orderReturns = pgTable(
  "order_returns",
  {
    return_id: serial("return_id").primaryKey(),
    orders_id: integer("orders_id")
      .notNull()
      .references(() => orders.orders_id, { onDelete: "cascade" }),
    kind: text("kind").$type<ReturnKind>().notNull(),
    credit_note_number: text("credit_note_number").notNull(),
    reason: text("reason").notNull(),
    restock: boolean("restock").notNull().default(false),
    /** The lines' share of the paid amount; shipping given back; what the buyer gets. */
    goods_amount: money("goods_amount").notNull().default("0"),
    shipping_amount: money("shipping_amount").notNull().default("0"),
    refund_amount: money("refund_amount").notNull(),
    /** The part of the order's goods and shipping it takes back: the PV and commissions follow it. */
    goods_share: money("goods_share").notNull().default("0"),
    shipping_share: money("shipping_share").notNull().default("0"),
    /** The buy-back percentage its default refund was; null: not a buy-back. */
    buy_back_percent: numeric("buy_back_percent", { precision: 5, scale: 2 }),
    pv_reversed: money("pv_reversed").notNull().default("0"),
    commission_reversed: money("commission_reversed").notNull().default("0"),
    created_by_id: integer("created_by_id"),
    created_by: text("created_by").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [
    unique("order_returns_credit_note_number").on(t.credit_note_number),
    check("order_returns_kind", sql`${t.kind} in ('return', 'refund')`),
    check(
      "order_returns_amounts",
      sql`${t.goods_amount} >= 0 and ${t.shipping_amount} >= 0 and ${t.refund_amount} >= 0 and ${t.goods_share} >= 0 and ${t.shipping_share} >= 0 and ${t.pv_reversed} >= 0 and ${t.commission_reversed} >= 0`,
    ),
    index("order_returns_orders_id_idx").on(t.orders_id),
    index("order_returns_created_at_idx").on(t.created_at, t.return_id),
  ],
);

export const orderReturnLines = pgTable(
  "order_return_lines",
  {
    return_id: integer("return_id")
      .notNull()
      .references(() => orderReturns.return_id, { onDelete: "cascade" }),
    item_id: integer("item_id")
      .notNull()
      .references(() => orderItems.item_id, { onDelete: "cascade" }),
    quantity: integer("quantity").notNull(),
    amount: money("amount").notNull(),
  },
  (t) => [
    primaryKey({ name: "order_return_lines_pkey", columns: [t.return_id, t.item_id] }),
    check("order_return_lines_quantity", sql`${t.quantity} > 0 and ${t.amount} >= 0`),
    index("order_return_lines_item_id_idx").on(t.item_id),
  ],
);

/** Staff comments on an order's timeline (migration 0049). */
export const orderComments = pgTable(
  "order_comments",
  {
    comment_id: serial("comment_id").primaryKey(),
    orders_id: integer("orders_id")
      .notNull()
      .references(() => orders.orders_id, { onDelete: "cascade" }),
    text: text("text").notNull(),
    created_by_id: integer("created_by_id"),
    created_by: text("created_by").notNull().default(""),
    created_at: createdAt(),
  },
  (t) => [index("order_comments_orders_id_idx").on(t.orders_id, t.comment_id)],
);

/** Files imported (migration 0051, docs/decisions/imports.md): what each created and updated. */
export const imports = pgTable(
  "imports",
  {
    import_id: serial("import_id").primaryKey(),
    kind: text("kind").$type<ImportKind>().notNull(),
    file_name: text("file_name").notNull().default(""),
    status: text("status").$type<ImportStatus>().notNull().default("running"),
    rows: integer("rows").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    errors: jsonb("errors").$type<ImportError[]>().notNull().default([]),
    job_id: integer("job_id"),
    created_by_id: integer("created_by_id"),
    created_by: text("created_by").notNull().default(""),
    created_at: createdAt(),
    finished_at: timestamp("finished_at"),
  },
  (t) => [
    check("imports_kind", sql`${t.kind} in ('products', 'stock', 'members')`),
    check("imports_status", sql`${t.status} in ('running', 'done', 'failed')`),
    index("imports_created_at_idx").on(t.created_at, t.import_id),
  ],
);
