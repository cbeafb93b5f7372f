import { isIPv6 } from "node:net";
import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { countLoginFailure } from "../lib/metrics";

/**
 * Failed-login limits (docs/decisions/login-throttling.md). Failures count
 * against their (e-mail, address) pair and their address; the e-mail across
 * all addresses has only a high ceiling, so strangers' guesses cannot lock the
 * owner out of an address that has not failed.
 */
export const LOGIN_LIMITS = {
  windowMinutes: 15,
  perEmailAndAddress: 5,
  perAddress: 20,
  /** Above this many failures of one e-mail, only addresses with no failure in this window may try. */
  ceilingWindowMinutes: 60,
  perEmailCeiling: 100,
} as const;

/** Rows older than every window are never read again; the audit log keeps the history. */
const KEEP_MINUTES = Math.max(LOGIN_LIMITS.windowMinutes, LOGIN_LIMITS.ceilingWindowMinutes);
/** Old rows removed per recorded failure: a bounded piece of work, read by the primary key. */
const SWEEP_BATCH = 50;

export type ThrottleOutcome<T> =
  | { kind: "refused"; retryAfter: number }
  /** The check said no; `email` is the e-mail as counted (lower case). */
  | { kind: "failed"; email: string }
  | { kind: "passed"; value: T };

/**
 * Runs one password check under the limits. The attempt is recorded as a
 * failure BEFORE it is counted and checked, so racing attempts see each other:
 * the (limit + 1)-th row to land counts limit + 1 rows and is refused, and at
 * most `limit` checks run per window however many arrive at once. No
 * transaction is held, least of all during the slow scrypt check (PGlite has a
 * single connection).
 */
export async function throttledAttempt<T>(
  db: Db,
  attempt: { email: string; address: string },
  check: () => Promise<T | null>,
  /**
   * Whether this success forgives the pair's earlier failures: not a right
   * password that still owes its authenticator code, or the failed codes
   * before it would be wiped by logging in again (docs/decisions/two-step-login.md).
   */
  forgives: (value: T) => boolean = () => true,
): Promise<ThrottleOutcome<T>> {
  const address = addressKey(attempt.address);
  // lower() in SQL, the function the account lookup matches with: every
  // spelling that reaches one account is counted under one key.
  const inserted = await db.execute<{ id: number | string; email: string }>(sql`
    insert into login_failures (email, address)
    values (lower(${attempt.email}), ${address})
    returning failure_id as id, email`);
  const row = inserted.rows[0];
  if (!row) throw new Error("login_failures: insert returned no row");
  const id = Number(row.id);
  const { email } = row;

  const retryAfter = await refusal(db, id, email, address);
  if (retryAfter !== null) {
    countLoginFailure("refused");
    return { kind: "refused", retryAfter };
  }

  let value: T | null;
  try {
    value = await check();
  } catch (error) {
    await forget(db, id);
    throw error;
  }
  if (value === null) {
    countLoginFailure("failed");
    await sweep(db);
    return { kind: "failed", email };
  }
  // A right password forgives this pair's earlier failures, not the address's
  // failures on other e-mails.
  const forgiven = forgives(value);
  await db.execute(sql`
    delete from login_failures
    where failure_id = ${id}
       or (${forgiven} and email = ${email} and address = ${address} and failure_id < ${id})`);
  return { kind: "passed", value };
}

/** Seconds to wait when this attempt is over a limit (its row then removed), else null. */
async function refusal(db: Db, id: number, email: string, address: string): Promise<number | null> {
  const L = LOGIN_LIMITS;
  const recent = sql`failed_at > now() - make_interval(mins => ${L.windowMinutes})`;
  const counted = await db.execute<Record<string, number | string>>(sql`
    select
      count(*) filter (where email = ${email} and address = ${address} and ${recent})::int as pair,
      count(*) filter (where address = ${address} and ${recent})::int as by_address,
      count(*) filter (where email = ${email})::int as by_email,
      count(*) filter (where address = ${address} and failure_id <> ${id})::int as address_others
    from login_failures
    where (email = ${email} or address = ${address})
      and failed_at > now() - make_interval(mins => ${L.ceilingWindowMinutes})`);
  const c = counted.rows[0] ?? {};
  const [pair, byAddress, byEmail, addressOthers] = [
    c.pair,
    c.by_address,
    c.by_email,
    c.address_others,
  ].map(Number) as [number, number, number, number];

  const overPair = pair > L.perEmailAndAddress;
  const overAddress = byAddress > L.perAddress;
  const overCeiling = byEmail > L.perEmailCeiling && addressOthers > 0;
  if (!overPair && !overAddress && !overCeiling) return null;
  await forget(db, id);

  // Retry-After: until every limit this attempt broke has room again.
  const waits: number[] = [];
  const pairKey = sql`email = ${email} and address = ${address}`;
  const addressKeyed = sql`address = ${address}`;
  if (overPair) {
    waits.push(await secondsUntilRoom(db, pairKey, L.windowMinutes, L.perEmailAndAddress - 1));
  }
  if (overAddress) {
    waits.push(await secondsUntilRoom(db, addressKeyed, L.windowMinutes, L.perAddress - 1));
  }
  if (overCeiling) {
    // Either this address's failures leave the window or the e-mail's count drops.
    const clean = await secondsUntilRoom(db, addressKeyed, L.ceilingWindowMinutes, 0);
    const below = await secondsUntilRoom(
      db,
      sql`email = ${email}`,
      L.ceilingWindowMinutes,
      L.perEmailCeiling - 1,
    );
    waits.push(Math.min(clean, below));
  }
  return Math.max(1, ...waits);
}

/**
 * Seconds until at most `keep` rows matching `where` remain in the window:
 * when the (keep + 1)-th newest leaves it.
 */
async function secondsUntilRoom(
  db: Db,
  where: SQL,
  windowMinutes: number,
  keep: number,
): Promise<number> {
  const result = await db.execute<{ seconds: number | string }>(sql`
    select ceil(extract(epoch from
      failed_at + make_interval(mins => ${windowMinutes}) - now()))::int as seconds
    from login_failures
    where ${where} and failed_at > now() - make_interval(mins => ${windowMinutes})
    order by failed_at desc
    offset ${keep} limit 1`);
  const seconds = Number(result.rows[0]?.seconds ?? 1);
  return Math.min(Math.max(1, seconds), windowMinutes * 60);
}

async function forget(db: Db, id: number): Promise<void> {
  await db.execute(sql`delete from login_failures where failure_id = ${id}`);
}

/**
 * Expires old rows a batch at a time from the oldest id (ids grow with time),
 * so the cost is a few index reads however large the table is.
 */
async function sweep(db: Db): Promise<void> {
  await db.execute(sql`
    delete from login_failures
    where failure_id in (
      select failure_id from login_failures order by failure_id limit ${SWEEP_BATCH})
      and failed_at < now() - make_interval(mins => ${KEEP_MINUTES})`);
}

/**
 * The key one client is counted under: IPv4 as is (IPv4-mapped IPv6 unwrapped),
 * IPv6 by its /64, the block one subscriber gets, so rotating addresses
 * inside it buys no extra tries.
 */
export function addressKey(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const groups = ipv6Groups(ip);
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 255, lo >> 8, lo & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (zone dropped, dotted tail folded in). */
function ipv6Groups(ip: string): number[] {
  let text = ip.toLowerCase().split("%")[0] ?? "";
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const fill = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...fill, ...right].map((g) => Number.parseInt(g, 16));
}
