/** Plans the demo store's members: users with referral trees, wallets and withdrawals. */
import { ADMIN_ROLE, toSen } from "@store/contract";
import type { users, userWallets, withdrawRequests } from "../../schema";
import { CURRENCIES, GENDERS, LANGUAGES } from "../base";
import {
  BANKS,
  EMAIL_DOMAINS,
  MOBILE_PREFIXES,
  NAME_POOLS,
  PLACE_WEIGHTS,
  PLACES,
  type Place,
} from "./peopleData";
import { centsToMoney, type Random } from "./random";
import { between, type Calendar, DAY, inTwoYears, later, wire } from "./time";

/** A membership tier as the database has it (base seed: Basic..Diamond, ids 1-5). */
export interface Tier {
  member_id: number;
  min_requirement: string;
  req_condition: string;
  member_earning: string;
}

export interface Address {
  address_1: string;
  address_2: string;
  postcode: string;
  state: string;
  country: string;
}

type UserRow = Omit<typeof users.$inferInsert, "referral_of" | "password_hash">;
export interface UserPlan {
  row: UserRow;
  /** Index of the referrer in the plan (always an earlier user), or null. */
  referrer: number | null;
  createdMs: number;
  home: Address;
  /** Earning % of the user's tier, for the points of their orders. */
  earning: number;
}

export interface Person {
  f_name: string;
  l_name: string;
  gender: string;
  language: string;
}

/** A Malaysian name: Malay (bin/binti), Chinese (surname) or Indian (a/l, a/p). */
export function person(random: Random): Person {
  const pool = random.weighted(
    NAME_POOLS,
    NAME_POOLS.map((p) => p.weight),
  );
  const gender = random.pick(GENDERS) as "Male" | "Female";
  return {
    f_name: random.pick(gender === "Male" ? pool.male : pool.female),
    l_name: pool.family(gender, (items) => random.pick(items)),
    gender,
    language: pool.language,
  };
}

/** A mobile number: 10 digits, or 11 on the 011 prefix (always within 12 characters). */
export function mobile(random: Random): string {
  const prefix = random.pick(MOBILE_PREFIXES);
  return prefix + random.digits(prefix === "011" ? 8 : 7);
}

export function address(random: Random, place: Place = randomPlace(random)): Address {
  // Landed houses have a number; flats a block-floor-unit ("B-12-3").
  const door = random.chance(0.3)
    ? `${random.pick(["A", "B", "C"])}-${random.int(1, 25)}-${random.int(1, 12)}`
    : `No. ${random.int(1, 199)}`;
  return {
    address_1: `${door}, ${random.pick(place.streets)}`,
    address_2: `${random.pick(place.areas)}, ${place.city}`,
    postcode: random.pick(place.postcodes),
    state: place.state,
    country: "Malaysia",
  };
}

function randomPlace(random: Random): Place {
  return random.weighted(PLACES, PLACE_WEIGHTS);
}

/** "12.50" → 1250, exactly (a seed's sums stay far below 2^53 sen). */
function cents(money: string): number {
  return Number(toSen(money));
}

/** The highest tier (in member_id order) whose requirement the user meets. */
function tierFor(tiers: readonly Tier[], pvCents: number, downLine: number): Tier {
  let best = tiers[0] as Tier;
  for (const tier of tiers) {
    const met =
      tier.req_condition === "down-line"
        ? downLine >= Number(tier.min_requirement)
        : pvCents >= cents(tier.min_requirement);
    if (met) best = tier;
  }
  return best;
}

/** PV: most members have a little, a fifth are regulars, a few are big spenders. */
function pointValue(random: Random): number {
  const roll = random.next();
  if (roll < 0.07) return random.int(10_000, 30_000) * 100 + random.int(0, 99);
  if (roll < 0.27) return random.int(2_000, 9_999) * 100 + random.int(0, 99);
  if (roll < 0.4) return 0;
  return random.int(1, 1_999) * 100 + random.int(0, 99);
}

/**
 * A generated username's look-alike skeleton, as username_skeleton() in
 * migration 0015 computes it for the ASCII names drawn here (0 reads as o, 1
 * as l, rn as m): two drawn names must not look the same, or the unique
 * skeleton index refuses the seed's insert.
 */
export const asciiSkeleton = (name: string) =>
  name.toLowerCase().replace(/0/g, "o").replace(/[1|]/g, "l").replace(/rn/g, "m");

/** `taken`: the skeletons of the usernames drawn or stored already. */
function usernameFor(random: Random, who: Person, taken: Set<string>): string {
  const stem = `${who.f_name.split(" ")[0]}${who.l_name.split(" ").pop()?.slice(0, 3) ?? ""}`
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  for (;;) {
    const name = `${stem}${random.int(1, 999)}`;
    if (!taken.has(asciiSkeleton(name))) {
      taken.add(asciiSkeleton(name));
      return name;
    }
  }
}

export function planUsers(
  random: Random,
  cal: Calendar,
  tiers: readonly Tier[],
  count: number,
  takenNames: Set<string>,
  takenEmails: Set<string>,
): UserPlan[] {
  // Sign-up moments first, oldest first, so ids follow sign-up order and a
  // referrer always signed up before the people they referred.
  const moments = Array.from({ length: count }, () => inTwoYears(random, cal, 0.45)).sort(
    (a, b) => a - b,
  );
  const leaders: number[] = [];
  const referrers: (number | null)[] = [];
  const downLines = new Array<number>(count).fill(0);
  for (let i = 0; i < count; i++) {
    let referrer: number | null = null;
    if (i >= 3 && random.chance(0.68)) {
      // Half the referrals come from a few active "leaders": real trees are top-heavy.
      referrer = leaders.length && random.chance(0.5) ? random.pick(leaders) : random.int(0, i - 1);
      downLines[referrer] = (downLines[referrer] ?? 0) + 1;
    }
    referrers.push(referrer);
    if (i % 14 === 0 && i < count * 0.7) leaders.push(i);
  }

  const plans: UserPlan[] = [];
  for (let i = 0; i < count; i++) {
    const who = person(random);
    const username = usernameFor(random, who, takenNames);
    let email = `${username}@${random.pick(EMAIL_DOMAINS)}`;
    while (takenEmails.has(email))
      email = `${username}.${random.int(1, 99)}@${random.pick(EMAIL_DOMAINS)}`;
    takenEmails.add(email);
    const pv = pointValue(random);
    const downLine = downLines[i] ?? 0;
    const tier = tierFor(tiers, pv, downLine);
    const role =
      i === 4 || i === 9 ? ADMIN_ROLE : random.weighted(["Member", "Agent", "Staff"], [86, 10, 4]);
    const created = moments[i] as number;
    const born = random.int(1965, 2006);
    plans.push({
      referrer: referrers[i] ?? null,
      createdMs: created,
      home: address(random),
      earning: Number(tier.member_earning),
      row: {
        username,
        email,
        f_name: who.f_name,
        l_name: who.l_name,
        contact: mobile(random),
        DOB: random.chance(0.06)
          ? null
          : `${born}-${String(random.int(1, 12)).padStart(2, "0")}-${String(random.int(1, 28)).padStart(2, "0")}`,
        gender: who.gender,
        role,
        membership: tier.member_id,
        down_line: downLine,
        ttl_pv: centsToMoney(pv),
        languages: random.chance(0.7) ? who.language : (LANGUAGES[0] as string),
        currency: random.weighted(
          CURRENCIES.map((c) => c.currency_code),
          [90, 6, 4],
        ),
        user_status: random.chance(0.92) ? 1 : 0,
        created_at: wire(created),
        updated_at: random.chance(0.4) ? wire(between(random, created, cal.now)) : null,
      },
    });
  }
  return plans;
}

type WalletRow = Omit<typeof userWallets.$inferInsert, "user_id">;

/** One wallet per user; the cash wallet is where referral earnings land. */
export function planWallet(random: Random, plan: UserPlan, lastOrderMs: number | null): WalletRow {
  const earner = (plan.row.down_line ?? 0) > 0 || plan.row.role === "Agent";
  return {
    wallet_amt: random.chance(0.3) ? "0.00" : centsToMoney(random.int(100, 50_000)),
    c_wallet_amt:
      earner || random.chance(0.4)
        ? centsToMoney(random.int(1_000, earner ? 250_000 : 20_000))
        : "0.00",
    recent_spend_at: lastOrderMs === null ? null : wire(lastOrderMs),
    created_at: plan.row.created_at,
  };
}

type WithdrawRow = Omit<typeof withdrawRequests.$inferInsert, "user_id">;
export interface WithdrawPlan {
  userIndex: number;
  row: WithdrawRow;
}

const WITHDRAW_MIX = [
  "processing",
  "processing",
  "completed",
  "completed",
  "completed",
  "completed",
  "completed",
  "rejected",
  "rejected",
  "completed",
] as const;

/**
 * Withdrawal requests in all three states, their stamps as the transitions of
 * docs/REQUIREMENTS.md section 4 leave them. Open (processing) requests fit in
 * the cash wallet, topping it up where needed, so an administrator can approve
 * any of them in the demo.
 */
export function planWithdrawals(
  random: Random,
  cal: Calendar,
  usersPlan: readonly UserPlan[],
  wallets: WalletRow[],
  count: number,
): WithdrawPlan[] {
  const reserved = new Map<number, number>();
  const earners = usersPlan
    .map((u, i) => ({ u, i }))
    .filter(
      ({ u }) =>
        u.row.role !== ADMIN_ROLE && ((u.row.down_line ?? 0) > 0 || u.row.role === "Agent"),
    );
  const pool = earners.length ? earners : usersPlan.map((u, i) => ({ u, i }));
  const plans: WithdrawPlan[] = [];
  for (let k = 0; k < count; k++) {
    const { u, i } = random.pick(pool);
    const status = WITHDRAW_MIX[k % WITHDRAW_MIX.length] as (typeof WITHDRAW_MIX)[number];
    // Open requests are recent; settled ones can be any time since sign-up.
    const from = status === "processing" ? Math.max(u.createdMs, cal.now - 10 * DAY) : u.createdMs;
    const requested = between(random, from, cal.now - (status === "processing" ? 0 : DAY));
    const settled = later(random, Math.max(requested, from), 6, 96, cal.now);
    const bank = random.pick(BANKS);
    const amount = random.int(50, 1_500) * 100 + random.pick([0, 0, 50]);
    if (status === "processing") {
      const wallet = wallets[i] as WalletRow;
      const held = (reserved.get(i) ?? 0) + amount;
      reserved.set(i, held);
      if (cents(wallet.c_wallet_amt ?? "0") < held) wallet.c_wallet_amt = centsToMoney(held);
    }
    plans.push({
      userIndex: i,
      row: {
        bank_acc: random.digits(bank === "Maybank" ? 12 : random.pick([10, 12, 14])),
        bank_name: bank,
        withdraw_amt: centsToMoney(amount),
        withdraw_status: status,
        request_at: wire(requested),
        cashOut_at: status === "completed" ? wire(settled) : null,
        rejected_at: status === "rejected" ? wire(settled) : null,
      },
    });
  }
  return plans;
}
