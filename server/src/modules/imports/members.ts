/**
 * The members import (issue 43, docs/decisions/imports-members.md): rows
 * upserted by e-mail (case-insensitive, as users_email_key and the login),
 * each cell checked by the contract's user, KYC and wallet schemas, the
 * referrer found in the file (any row order) or the store, a cycle in the
 * file refused on each of its rows. Writing is membersWrite.ts.
 */
import {
  BACK_OFFICE_ROLES,
  codeOfIssue,
  kycInput,
  money,
  type Permission,
  status01,
  userCreate,
  walletInput,
} from "@store/contract";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Tx } from "../../db/client";
import { lockReferralTree } from "../people/referrals";
import type { Checked, Importer, RowProblem, SheetRow } from "./importer";
import {
  applyMembers,
  cycles,
  type MembersPlan,
  type MemberUpdate,
  type NewMember,
  referrersFirst,
} from "./membersWrite";
import { problem } from "./problems";

/** A row's cells as the contract's fields: each checked by the schema the Add User, KYC and wallet forms use. */
const memberCells = z.object({
  email: userCreate.shape.email,
  username: userCreate.shape.username,
  f_name: userCreate.shape.f_name,
  l_name: userCreate.shape.l_name.optional(),
  contact: userCreate.shape.contact.optional(),
  nric: kycInput.shape.nric,
  wallet_amt: walletInput.shape.wallet_amt,
  c_wallet_amt: walletInput.shape.c_wallet_amt,
  ttl_pv: money("Opening PV").default("0.00"),
  user_status: status01.optional(),
});

/** The file's column of each contract field (a problem names the column). */
const COLUMN_OF: Record<keyof z.input<typeof memberCells>, string> = {
  email: "email",
  username: "username",
  f_name: "name",
  l_name: "name",
  contact: "contact",
  nric: "nric",
  wallet_amt: "wallet",
  c_wallet_amt: "cash_wallet",
  ttl_pv: "pv",
  user_status: "status",
};

interface Row {
  row: number;
  email: string;
  emailKey: string;
  username: string;
  usernameKey: string;
  f_name: string;
  l_name: string;
  contact?: string;
  nric: string | null;
  wallet: string;
  cash: string;
  pv: string;
  status?: 0 | 1;
  tier?: string;
  referrer?: string;
}

type StoreMember = {
  user_id: number;
  key: string;
  username: string;
  f_name: string;
  l_name: string;
  contact: string;
  membership: number;
  user_status: 0 | 1;
  referral_of: number | null;
  role: string;
  referrer_username: string | null;
};

/** A text as a key: NFKC (as usernames are kept), trimmed, lower case (as the unique indexes compare). */
const keyOf = (text: string) => text.normalize("NFKC").trim().toLowerCase();

/** The name as the users table keeps it: the first word, and the rest as the last name. */
function splitName(name: string): { f_name: string; l_name: string | undefined } {
  const [first = "", ...rest] = name.trim().split(/\s+/);
  return { f_name: first, l_name: rest.length ? rest.join(" ") : undefined };
}

const STATUS_MESSAGE = "Status must be 1 (active) or 0 (inactive).";

/** What a row with a bad cell holds beyond its keys: never written (a file with a problem is refused). */
const UNREAD = {
  f_name: "",
  l_name: "",
  nric: null,
  wallet: "0.00",
  cash: "0.00",
  pv: "0.00",
} as const;

/** Each row's cells through the contract's schemas; the rows that pass, and every problem. */
function readRows(rows: readonly SheetRow[], problems: RowProblem[]): Row[] {
  const read: Row[] = [];
  for (const { row, cells } of rows) {
    const given = (name: string) => (cells[name] ?? "").trim() || undefined;
    const { f_name, l_name } = splitName(cells.name ?? "");
    const parsed = memberCells.safeParse({
      email: cells.email ?? "",
      username: cells.username ?? "",
      f_name,
      l_name,
      contact: given("contact"),
      nric: given("nric") ?? null,
      wallet_amt: given("wallet"),
      c_wallet_amt: given("cash_wallet"),
      ttl_pv: given("pv"),
      user_status: given("status"),
    });
    if (!parsed.success) {
      const columns = new Set<string>();
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof typeof COLUMN_OF;
        const column = COLUMN_OF[field] ?? String(field);
        const { code, params } = codeOfIssue(issue);
        // status01 says nothing of its own: the column's rule, in the operator's words.
        const message = column === "status" ? STATUS_MESSAGE : issue.message;
        problems.push({ row, column, code, params, message });
        columns.add(column);
      }
      // Still met by the checks across rows (twice in the file, a referrer), so each bad cell is named at once.
      if (!columns.has("email") && !columns.has("username")) {
        const email = (cells.email ?? "").trim();
        const username = (cells.username ?? "").normalize("NFKC").trim();
        read.push({
          ...UNREAD,
          row,
          email,
          emailKey: email.toLowerCase(),
          username,
          usernameKey: username.toLowerCase(),
          tier: given("membership"),
          referrer: given("referrer"),
        });
      }
      continue;
    }
    const v = parsed.data;
    read.push({
      row,
      email: v.email,
      emailKey: v.email.toLowerCase(),
      username: v.username,
      usernameKey: v.username.toLowerCase(),
      f_name: v.f_name,
      l_name: v.l_name ?? "",
      contact: v.contact,
      nric: v.nric ?? null,
      wallet: v.wallet_amt,
      cash: v.c_wallet_amt,
      pv: v.ttl_pv,
      status: v.user_status,
      tier: given("membership"),
      referrer: given("referrer"),
    });
  }
  return read;
}

/** The later of two rows with the same key is named, with the first one's row. */
function twiceInFile(
  rows: readonly Row[],
  keyOfRow: (r: Row) => string,
  report: (r: Row, first: Row) => RowProblem,
  problems: RowProblem[],
): void {
  const first = new Map<string, Row>();
  for (const r of rows) {
    const key = keyOfRow(r);
    const earlier = first.get(key);
    if (earlier) problems.push(report(r, earlier));
    else first.set(key, r);
  }
}

const ids = (values: Iterable<string>) => sql.param([...new Set(values)]);

async function storeMembers(tx: Tx, rows: readonly Row[]): Promise<Map<string, StoreMember>> {
  // Locked: what check finds is what apply changes, in the caller's transaction.
  const found = await tx.execute<StoreMember>(sql`
    select u.user_id, lower(u.email) as key, u.username, u.f_name, u.l_name, u.contact, u.membership,
      u.user_status, u.referral_of, u.role, r.username as referrer_username
    from users u left join users r on r.user_id = u.referral_of
    where lower(u.email) = any(${ids(rows.map((r) => r.emailKey))}::text[])
    order by u.user_id for update of u`);
  return new Map(found.rows.map((m) => [m.key, m]));
}

/** Usernames held in the store, by key and by confusable skeleton (migration 0015). */
async function heldNames(tx: Tx, rows: readonly Row[]) {
  const names = [...new Set(rows.map((r) => r.username))];
  const skeletons = await tx.execute<{ name: string; skeleton: string }>(sql`
    select k.name, username_skeleton(k.name) as skeleton from unnest(${sql.param(names)}::text[]) k(name)`);
  const skeletonOf = new Map(skeletons.rows.map((s) => [s.name, s.skeleton]));
  const held = await tx.execute<{ user_id: number; username: string; skeleton: string | null }>(sql`
    select user_id, username, username_skeleton as skeleton from users
    where lower(username) = any(${ids(rows.map((r) => r.usernameKey))}::text[])
      or username_skeleton = any(${ids(skeletonOf.values())}::text[])`);
  return {
    skeletonOf,
    byKey: new Map(held.rows.map((h) => [h.username.toLowerCase(), h])),
    bySkeleton: new Map(held.rows.map((h) => [h.skeleton ?? "", h])),
  };
}

/** Referrers named by the file that are not its rows: store members by username or e-mail. */
async function storeReferrers(tx: Tx, keys: readonly string[]) {
  if (keys.length === 0) return new Map<string, { user_id: number; username: string }>();
  const found = await tx.execute<{ user_id: number; username: string; email: string }>(sql`
    select user_id, username, email from users
    where lower(username) = any(${ids(keys)}::text[]) or lower(email) = any(${ids(keys)}::text[])`);
  const out = new Map<string, { user_id: number; username: string }>();
  for (const u of found.rows) out.set(u.username.toLowerCase(), u);
  // An e-mail is the surer name: it wins over a username spelt the same.
  for (const u of found.rows) out.set(u.email.toLowerCase(), u);
  return out;
}

async function tiers(tx: Tx): Promise<Map<string, number>> {
  const found = await tx.execute<{ member_id: number; membership: string }>(
    sql`select member_id, membership from memberships`,
  );
  return new Map(found.rows.map((m) => [keyOf(m.membership), m.member_id]));
}

const isZero = (amount: string) => Number(amount) === 0;

/** A store member's id, else the new row's (inserted first). */
function referrerOf(found: { row?: number; userId?: number } | null): NewMember["referrer"] {
  if (found?.userId !== undefined) return { userId: found.userId };
  return found?.row !== undefined ? { row: found.row } : null;
}

export async function checkMembers(
  tx: Tx,
  sheet: readonly SheetRow[],
): Promise<Checked<MembersPlan>> {
  await lockReferralTree(tx);
  const problems: RowProblem[] = [];
  const rows = readRows(sheet, problems);
  twiceInFile(
    rows,
    (r) => r.emailKey,
    (r, first) =>
      problem(
        r.row,
        "email",
        "import_email_twice",
        { email: r.email, row: first.row },
        `The e-mail "${r.email}" is also on row ${first.row}.`,
      ),
    problems,
  );
  twiceInFile(
    rows,
    (r) => r.usernameKey,
    (r, first) =>
      problem(
        r.row,
        "username",
        "import_username_twice",
        { username: r.username, row: first.row },
        `The username "${r.username}" is also on row ${first.row}.`,
      ),
    problems,
  );

  const store = await storeMembers(tx, rows);
  const names = await heldNames(tx, rows);
  const tierIds = await tiers(tx);
  const inFile = { byEmail: new Map<string, Row>(), byUsername: new Map<string, Row>() };
  for (const r of rows) {
    if (!inFile.byEmail.has(r.emailKey)) inFile.byEmail.set(r.emailKey, r);
    if (!inFile.byUsername.has(r.usernameKey)) inFile.byUsername.set(r.usernameKey, r);
  }
  const referrerKeys = rows.flatMap((r) => (r.referrer ? [keyOf(r.referrer)] : []));
  const outside = await storeReferrers(
    tx,
    referrerKeys.filter((k) => !inFile.byEmail.has(k) && !inFile.byUsername.has(k)),
  );

  const firstBySkeleton = new Map<string, Row>();
  const news: NewMember[] = [];
  const updates: MemberUpdate[] = [];
  const referrerRow = new Map<number, number>();
  for (const r of rows) {
    const before = store.get(r.emailKey);
    const bad = problems.length;
    if (before && (BACK_OFFICE_ROLES as readonly string[]).includes(before.role)) {
      problems.push(
        problem(
          r.row,
          "email",
          "import_not_member",
          { email: r.email },
          `The e-mail "${r.email}" belongs to a staff account: only members are imported.`,
        ),
      );
    }
    // The username: not another member's, nor looking like another's (the store's or an earlier row's).
    const skeleton = names.skeletonOf.get(r.username) ?? "";
    const holder = names.byKey.get(r.usernameKey);
    const alike = names.bySkeleton.get(skeleton);
    if (holder && holder.user_id !== before?.user_id) {
      problems.push(
        problem(
          r.row,
          "username",
          "username_taken",
          { username: r.username },
          `The username "${r.username}" is already taken.`,
        ),
      );
    } else if (alike && alike.user_id !== before?.user_id) {
      problems.push(
        problem(
          r.row,
          "username",
          "username_lookalike",
          { username: alike.username },
          `This username looks the same as "${alike.username}", which is taken.`,
        ),
      );
    }
    const earlier = firstBySkeleton.get(skeleton);
    if (earlier && earlier.usernameKey !== r.usernameKey) {
      problems.push(
        problem(
          r.row,
          "username",
          "import_username_lookalike",
          { username: earlier.username, row: earlier.row },
          `This username looks the same as "${earlier.username}" on row ${earlier.row}.`,
        ),
      );
    } else if (!earlier) firstBySkeleton.set(skeleton, r);

    const membership = r.tier === undefined ? undefined : tierIds.get(keyOf(r.tier));
    if (r.tier !== undefined && membership === undefined) {
      problems.push(
        problem(
          r.row,
          "membership",
          "import_tier_unknown",
          { tier: r.tier },
          `There is no tier "${r.tier}".`,
        ),
      );
    }

    // The referrer: a row of the file, else a member of the store.
    let referrer: { row?: number; userId?: number } | null = null;
    if (r.referrer) {
      const key = keyOf(r.referrer);
      const row = inFile.byEmail.get(key) ?? inFile.byUsername.get(key);
      const member = row ? undefined : outside.get(key);
      if (row) referrer = { row: row.row, userId: store.get(row.emailKey)?.user_id };
      else if (member) referrer = { userId: member.user_id };
      else
        problems.push(
          problem(
            r.row,
            "referrer",
            "import_referrer_unknown",
            { referrer: r.referrer },
            `No member "${r.referrer}" in the file or the store.`,
          ),
        );
    }

    if (before) {
      // An import never moves a member in the tree: that is Genealogy's, with its rules.
      if (referrer && referrer.userId !== before.referral_of) {
        problems.push(
          before.referral_of === null
            ? problem(
                r.row,
                "referrer",
                "import_referrer_added",
                { username: before.username },
                `${before.username} has no referrer in the store: give one on Genealogy.`,
              )
            : problem(
                r.row,
                "referrer",
                "import_referrer_changed",
                { username: before.username, referrer: before.referrer_username ?? "" },
                `${before.username} is referred by ${before.referrer_username} in the store: move them on Genealogy.`,
              ),
        );
      }
      const after = {
        username: r.username,
        f_name: r.f_name,
        l_name: r.l_name,
        contact: r.contact ?? before.contact,
        membership: membership ?? before.membership,
        user_status: r.status ?? before.user_status,
      };
      const changed = (Object.keys(after) as (keyof typeof after)[]).filter(
        (k) => after[k] !== before[k],
      );
      if (changed.length && problems.length === bad) {
        updates.push({
          user_id: before.user_id,
          before: Object.fromEntries(changed.map((k) => [k, before[k]])),
          after,
          changed: Object.fromEntries(changed.map((k) => [k, after[k]])),
        });
      }
      continue;
    }
    if (referrer?.userId === undefined && referrer?.row !== undefined)
      referrerRow.set(r.row, referrer.row);
    news.push({
      row: r.row,
      email: r.email,
      username: r.username,
      f_name: r.f_name,
      l_name: r.l_name,
      contact: r.contact ?? "",
      membership,
      user_status: r.status ?? 1,
      nric: r.nric,
      wallet: r.wallet,
      cash: r.cash,
      pv: r.pv,
      referrer: referrerOf(referrer),
    });
  }
  // Only new members' edges can close a cycle: an existing member's referrer never changes here.
  for (const cycle of cycles(referrerRow)) {
    const list = [...cycle].sort((a, b) => a - b).join(", ");
    for (const row of cycle) {
      problems.push(
        problem(
          row,
          "referrer",
          "import_referral_cycle",
          { rows: list },
          `These rows refer one another in a circle: rows ${list}.`,
        ),
      );
    }
  }
  problems.sort((a, b) => a.row - b.row);
  const needs = new Set<Permission>();
  for (const n of news) {
    if (!isZero(n.wallet) || !isZero(n.cash) || !isZero(n.pv)) needs.add("wallets:manage");
    if (n.nric) needs.add("kyc:manage");
  }
  return {
    problems,
    create: news.length,
    update: updates.length,
    // Ordered only when applied: a cycle has no order.
    plan: { creates: problems.length ? news : referrersFirst(news), updates, needs: [...needs] },
  };
}

export const membersImporter: Importer<MembersPlan> = {
  kind: "members",
  tables: ["users", "user_wallets", "user_kyc", "wallet_ledger", "audit_log"],
  check: checkMembers,
  apply: applyMembers,
  needs: (plan) => plan.needs,
};
