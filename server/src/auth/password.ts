import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// scrypt from node:crypto: memory-hard, no native add-on to build.
const KEY_LENGTH = 64;

interface ScryptCost {
  N: number;
  r: number;
  p: number;
}

/**
 * The cost new hashes get. Each hash keeps its own N, r and p and is checked
 * with them, so raising these later is safe: older hashes still verify and
 * are rehashed at the next login (docs/decisions/sessions-and-passwords.md).
 */
export const PRODUCTION_COST: Readonly<ScryptCost> = { N: 16384, r: 8, p: 1 };

/**
 * The tests' cost (test/setup.ts): a login there is one of thousands, and the
 * production cost's ~100 ms each added up to minutes. Still a stored cost the
 * bounds below accept, and above the lowest one, so a rehash can be tested.
 */
export const TEST_COST: Readonly<ScryptCost> = { N: 2048, r: 8, p: 1 };

let current: Readonly<ScryptCost> = PRODUCTION_COST;

/** The cost new hashes get: PRODUCTION_COST unless the test setup lowered it. */
export function currentCost(): Readonly<ScryptCost> {
  return current;
}

/** For the test setup only; nothing in src calls it, so a server always hashes at PRODUCTION_COST. */
export function applyTestHashCost(): void {
  current = TEST_COST;
}

/**
 * Bounds on a stored cost: a damaged or planted hash must not make one
 * verification take minutes or gigabytes.
 */
const LIMITS = { minN: 2 ** 10, maxN: 2 ** 20, maxR: 32, maxP: 16 };

function derive(password: string, salt: Buffer, cost: ScryptCost, length: number): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; leave room above that.
  const maxmem = Math.max(64 * 1024 * 1024, 256 * cost.N * cost.r);
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, length, { ...cost, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

interface StoredHash {
  cost: ScryptCost;
  salt: Buffer;
  hash: Buffer;
}

/** Reads "scrypt$N$r$p$salt$hash"; null for anything else or a cost out of bounds. */
function parseHash(stored: string): StoredHash | null {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash || rest.length > 0) return null;
  const cost = { N: Number(n), r: Number(r), p: Number(p) };
  const powerOfTwo = Number.isInteger(cost.N) && (cost.N & (cost.N - 1)) === 0;
  if (!powerOfTwo || cost.N < LIMITS.minN || cost.N > LIMITS.maxN) return null;
  if (!Number.isInteger(cost.r) || cost.r < 1 || cost.r > LIMITS.maxR) return null;
  if (!Number.isInteger(cost.p) || cost.p < 1 || cost.p > LIMITS.maxP) return null;
  const key = Buffer.from(hash, "base64url");
  if (key.length < 16 || key.length > 128) return null;
  return { cost, salt: Buffer.from(salt, "base64url"), hash: key };
}

/** Compared against when no user matches, so a wrong e-mail costs as long as a wrong password. */
export function dummyHash(): string {
  const { N, r, p } = current;
  return `scrypt$${N}$${r}$${p}$${"A".repeat(22)}$${"A".repeat(86)}`;
}
const dummy = (): StoredHash => ({
  cost: current,
  salt: Buffer.alloc(16),
  hash: Buffer.alloc(KEY_LENGTH),
});

/** "scrypt$N$r$p$salt$hash", base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  return hashWithCost(password, current);
}

/** A hash with the given cost: for tests of hashes made before a cost was raised. */
export async function hashWithCost(password: string, cost: ScryptCost): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost, KEY_LENGTH);
  return [
    "scrypt",
    cost.N,
    cost.r,
    cost.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

/** Checks a password with the cost, salt and length stored in its hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  // An unreadable hash still costs one derivation, so it answers no sooner than a wrong password.
  const { cost, salt, hash } = parsed ?? dummy();
  const actual = await derive(password, salt, cost, hash.length);
  return parsed !== null && timingSafeEqual(actual, hash);
}

/** True when a hash was made with another cost than the current one (rehash it at login). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.cost.N !== current.N ||
    parsed.cost.r !== current.r ||
    parsed.cost.p !== current.p ||
    parsed.hash.length !== KEY_LENGTH
  );
}
