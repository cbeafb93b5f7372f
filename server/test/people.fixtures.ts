import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../src/db/client";
import { users, userWallets, withdrawRequests } from "../src/db/schema";

/** A unique suffix, so tests never collide on usernames or e-mails. */
export function unique(prefix = "u"): string {
  return `${prefix}${randomBytes(4).toString("hex")}`;
}

/** A complete Add User form body. */
export function userForm(overrides: Record<string, unknown> = {}) {
  const name = unique("user");
  return {
    username: name,
    email: `${name}@example.my`,
    f_name: "Aminah",
    l_name: "Rahman",
    contact: "0123456789",
    password: "Secret#123",
    DOB: "1992-04-05",
    gender: "Female",
    role: "Member",
    membership: 1,
    referral_of: 0,
    languages: "English",
    currency: "MYR",
    user_status: 1,
    ...overrides,
  };
}

/**
 * A user written straight to the database (no password hashing, no rules),
 * for setting up trees quickly. down_line is left for the code under test.
 */
export async function insertUser(
  db: Db,
  values: Partial<typeof users.$inferInsert> = {},
  wallet: Partial<typeof userWallets.$inferInsert> | false = {},
): Promise<number> {
  const name = unique("fx");
  const [row] = await db
    .insert(users)
    .values({
      username: name,
      email: `${name}@example.my`,
      f_name: "Fixture",
      l_name: name,
      contact: "0100000000",
      password_hash: "not-a-hash",
      gender: "Male",
      role: "Member",
      languages: "English",
      currency: "MYR",
      user_status: 1,
      ...values,
    })
    .returning({ user_id: users.user_id });
  const userId = row?.user_id ?? 0;
  if (wallet !== false) await db.insert(userWallets).values({ user_id: userId, ...wallet });
  return userId;
}

export async function insertRequest(
  db: Db,
  userId: number,
  amount: string,
  status: "processing" | "completed" | "rejected" = "processing",
): Promise<number> {
  const [row] = await db
    .insert(withdrawRequests)
    .values({
      user_id: userId,
      bank_acc: "1234567890",
      bank_name: "Maybank",
      withdraw_amt: amount,
      withdraw_status: status,
    })
    .returning({ withdraw_id: withdrawRequests.withdraw_id });
  return row?.withdraw_id ?? 0;
}

/** Every user whose stored down_line differs from a fresh count. */
export async function driftedDownLines(db: Db) {
  const result = await db.execute<{ user_id: number; down_line: number; actual: number }>(sql`
    select u.user_id, u.down_line,
      (select count(*) from users c where c.referral_of = u.user_id)::int as actual
    from users u
    where u.down_line <> (select count(*) from users c where c.referral_of = u.user_id)`);
  return result.rows;
}

export async function readUser(db: Db, userId: number) {
  const [row] = await db.select().from(users).where(eq(users.user_id, userId));
  return row;
}

export async function readWallet(db: Db, userId: number) {
  const [row] = await db.select().from(userWallets).where(eq(userWallets.user_id, userId));
  return row;
}
