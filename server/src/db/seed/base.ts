import { ADMIN_ROLE } from "@store/contract";
import { and, eq, sql } from "drizzle-orm";
import { hashPassword } from "../../auth/password";
import { ensureMessageTemplates } from "../../modules/messages/templates";
import type { Db } from "../client";
import {
  currencies,
  genders,
  languages,
  memberships,
  orderStatuses,
  paymentMethods,
  roles,
  settings,
  shippingMethods,
  socialLogins,
  users,
} from "../schema";

export const GENDERS = ["Male", "Female"];
export const ROLES = [ADMIN_ROLE, "Member", "Agent", "Staff"];
export const LANGUAGES = ["English", "Bahasa Melayu", "中文"];
export const CURRENCIES = [
  { currency_code: "MYR", currency_symbol: "RM" },
  { currency_code: "SGD", currency_symbol: "S$" },
  { currency_code: "USD", currency_symbol: "$" },
];
/** Order statuses; 6 (completed) and 8 (refund) carry stamps. */
export const ORDER_STATUSES = [
  [1, "pending"],
  [2, "paid"],
  [3, "processing"],
  [4, "shipped"],
  [5, "delivered"],
  [6, "complete"],
  [7, "canceled"],
  [8, "refund"],
  [9, "returned"],
] as const;
export const MEMBERSHIP_TIERS = [
  {
    membership: "Basic",
    rank: 1,
    member_percentage: "0",
    member_earning: "1",
    min_requirement: "0",
    req_condition: "pv",
  },
  {
    membership: "Silver",
    rank: 2,
    member_percentage: "5",
    member_earning: "3",
    min_requirement: "3",
    req_condition: "down-line",
  },
  {
    membership: "Gold",
    rank: 3,
    member_percentage: "10",
    member_earning: "5",
    min_requirement: "2000",
    req_condition: "pv",
  },
  {
    membership: "Platinum",
    rank: 4,
    member_percentage: "15",
    member_earning: "8",
    min_requirement: "10",
    req_condition: "down-line",
  },
  {
    membership: "Diamond",
    rank: 5,
    member_percentage: "20",
    member_earning: "12",
    min_requirement: "10000",
    req_condition: "pv",
  },
] satisfies (typeof memberships.$inferInsert)[];

/**
 * What every store needs, on every start and every database: lookups,
 * settings record 1, social logins 1 and 2, payment method 1, membership tiers
 * a shipping method, and each message's template (modules/messages). Inserts
 * only what is missing.
 */
export async function seedBase(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await ensureMessageTemplates(tx);
    await tx
      .insert(genders)
      .values(GENDERS.map((gender) => ({ gender })))
      .onConflictDoNothing();
    await tx
      .insert(roles)
      .values(ROLES.map((role) => ({ role })))
      .onConflictDoNothing();
    await tx
      .insert(languages)
      .values(LANGUAGES.map((l) => ({ languages: l })))
      .onConflictDoNothing();
    await tx.insert(currencies).values(CURRENCIES).onConflictDoNothing();
    await tx
      .insert(orderStatuses)
      .values(
        ORDER_STATUSES.map(([order_status_id, order_status_name]) => ({
          order_status_id,
          order_status_name,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(settings)
      .values({
        setting_id: 1,
        theme_color: 1,
        store_name: "Kedai Harmoni",
        store_address: "12 Jalan Bukit Bintang, 55100 Kuala Lumpur, Malaysia",
        store_contact: "0321234567",
        store_registration: "202301012345 (1234567-X)",
        copyright_text: `Copyright © ${new Date().getFullYear()} Kedai Harmoni. All rights reserved.`,
        footer_text: "Kedai Harmoni: quality goods delivered across Malaysia.",
      })
      .onConflictDoNothing();
    await tx
      .insert(socialLogins)
      .values([
        { social_id: 1, social_login: "Google" },
        { social_id: 2, social_login: "Facebook" },
      ])
      .onConflictDoNothing();
    await tx
      .insert(paymentMethods)
      .values({
        method_id: 1,
        payment_method: "Payment Gateway",
        gateway_uri: "https://pay.example.my/checkout",
      })
      .onConflictDoNothing();
    const [tiers] = await tx.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(memberships);
    if (!tiers?.n) await tx.insert(memberships).values(MEMBERSHIP_TIERS);
    const [ships] = await tx
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(shippingMethods);
    if (!ships?.n) {
      await tx.insert(shippingMethods).values([
        { shipping_name: "Pos Laju", shipping_fee: "8.00", shipping_status: 1 },
        { shipping_name: "J&T Express", shipping_fee: "7.50", shipping_status: 1 },
      ]);
    }
  });
}

/** Creates the first administrator when the store has none. Answers whether it did. */
export async function ensureAdmin(db: Db, email: string, password: string): Promise<boolean> {
  const [existing] = await db
    .select({ user_id: users.user_id })
    .from(users)
    .where(and(eq(users.role, ADMIN_ROLE)))
    .limit(1);
  if (existing) return false;
  await db.insert(users).values({
    username: "admin",
    email,
    f_name: "Store",
    l_name: "Administrator",
    contact: "0123456789",
    password_hash: await hashPassword(password),
    DOB: "1990-01-01",
    gender: GENDERS[0]!,
    role: ADMIN_ROLE,
    membership: 1,
    languages: LANGUAGES[0]!,
    currency: "MYR",
    user_status: 1,
  });
  return true;
}
