import * as contract from "@store/contract";
import { seedDemoStore } from "../src/db/seed/demo";
import type { TestContext } from "./helpers";

/**
 * Every field a contract record marks screenOnly: answered to the screen, in no
 * exported file, and no list sorts or filters by it.
 */
export const SCREEN_ONLY_FIELDS: string[] = [
  ...new Set(
    Object.values(contract).flatMap((value) =>
      value !== null && typeof value === "object" && "shape" in value
        ? Object.entries(value.shape as Record<string, unknown>)
            .filter(([, field]) => contract.isScreenOnly(field))
            .map(([name]) => name)
        : [],
    ),
  ),
];

/** Every list call with paging, sort, filters and export: its path and its record's key. */
export const LISTS = [
  { path: "/api/products", key: "product_id" },
  { path: "/api/categories", key: "category_id" },
  { path: "/api/brands", key: "brand_id" },
  { path: "/api/orders", key: "orders_id" },
  { path: "/api/users", key: "user_id" },
  { path: "/api/usersWallet", key: "wallet_id" },
  { path: "/api/memberships", key: "member_id" },
  { path: "/api/withdrawRequest", key: "withdraw_id" },
  { path: "/api/vouchers", key: "voucher_id" },
  { path: "/api/agencyStore", key: "store_id" },
  { path: "/api/banner", key: "banner_id" },
  { path: "/api/testimonials", key: "testimonial_id" },
  { path: "/api/auditLog", key: "audit_id" },
  { path: "/api/walletLedger", key: "entry_id" },
] as const;

/** A small demo store: every list has rows, nulls and ties to sort. */
export async function seedLists(ctx: TestContext): Promise<void> {
  await seedDemoStore(ctx.db, ctx.app.uploadStorage, {
    now: new Date("2026-05-09T04:00:00Z"),
    size: {
      products: 40,
      users: 60,
      orders: 150,
      vouchers: 12,
      withdrawals: 30,
      agencyStores: 8,
      banners: 5,
      testimonials: 10,
    },
  });
}
