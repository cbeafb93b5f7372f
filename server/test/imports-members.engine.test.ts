/**
 * The members import (issue 43, docs/decisions/imports-members.md) through
 * POST /api/imports?kind=members: referrers anywhere in the file, a cycle
 * refused, opening balances in the ledger with reconcile clean, the same file
 * twice changing nothing, bad cells named by row and column. The rules are
 * the same on both engines (`onPostgres`) but for the first test.
 */
import type { ImportCheck, ImportError, ImportRecord, ReconcileReport } from "@store/contract";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, users, userWallets, walletLedger } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { insertUser } from "./people.fixtures";
import { createStaff } from "./staff.fixtures";
import { onPostgres } from "./tier";

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

const HEADER = "email,username,name,contact,referrer,membership,nric,wallet,cash_wallet,pv,status";
/** A unique tag per test: the tests share one store. */
let tagged = 0;
const tag = () => `t${++tagged}${Date.now().toString(36)}`;

function multipart(content: string, cookie = ctx.cookie) {
  const boundary = "----membersboundary";
  return {
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="members.csv"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      Buffer.from(content),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}`, cookie },
  };
}

const post = (csv: string, dryRun: boolean, cookie = ctx.cookie) =>
  ctx.app.inject({
    method: "POST",
    url: `/api/imports?kind=members${dryRun ? "&dry_run=1" : ""}`,
    ...multipart(`${HEADER}\n${csv}\n`, cookie),
  });

async function dryRun(csv: string): Promise<ImportCheck> {
  const answer = await post(csv, true);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as ImportCheck;
}

async function apply(csv: string): Promise<ImportRecord> {
  const answer = await post(csv, false);
  expect(answer.statusCode, answer.body).toBe(201);
  return answer.json() as ImportRecord;
}

/** A refused apply: 400 with the same errors a dry run names. */
async function refused(csv: string): Promise<ImportError[]> {
  const answer = await post(csv, false);
  expect(answer.statusCode, answer.body).toBe(400);
  const errors = (answer.json() as { errors: ImportError[] }).errors;
  const checked = (await dryRun(csv)).errors;
  expect(errors, answer.body).toEqual(checked);
  return errors;
}

const where = (errors: ImportError[]) =>
  errors.map(({ row, column, code }) => ({ row, column, code }));

async function membersTagged(t: string) {
  return ctx.db
    .select({
      user_id: users.user_id,
      username: users.username,
      referral_of: users.referral_of,
      down_line: users.down_line,
      ttl_pv: users.ttl_pv,
      role: users.role,
      membership: users.membership,
    })
    .from(users)
    .where(sql`${users.username} like ${`${t}%`}`)
    .orderBy(users.username);
}

describe("members import", () => {
  it("resolves referrers later in the file, posts opening balances to the ledger, and a second import changes nothing", async () => {
    const t = tag();
    const referrer = await insertUser(ctx.db, { username: `${t}root` });
    // c refers to b, b to a: each referrer on a later row; a to the store's member.
    const csv = [
      `${t}c@example.my,${t}c,Chong Wei,0123456789,${t}b,,,0.00,0,0,`,
      `${t}b@example.my,${t}b,Bee Lin,,${t}a@example.my,Silver,900101-14-5678,10.50,2.25,7,1`,
      `${t}a@example.my,${t}a,Aminah Yusof,,${t}root,,,,,,0`,
    ].join("\n");
    const checked = await dryRun(csv);
    expect(checked).toMatchObject({ rows: 3, create: 3, update: 0, errors: [] });
    expect(await membersTagged(`${t}a`)).toEqual([]);

    const applied = await apply(csv);
    expect(applied).toMatchObject({ status: "done", created: 3, updated: 0 });
    const [a, b, c] = (await membersTagged(t)).filter((m) => m.username !== `${t}root`);
    expect(a?.referral_of).toBe(referrer);
    expect(b?.referral_of).toBe(a?.user_id);
    expect(c?.referral_of).toBe(b?.user_id);
    expect([a?.down_line, b?.down_line, c?.down_line]).toEqual([1, 1, 0]);
    expect(a?.role).toBe("Member");
    const [root] = await ctx.db.select().from(users).where(eq(users.user_id, referrer));
    expect(root?.down_line).toBe(1);

    // b's opening balances: one entry each, reason opening, naming the import.
    const entries = await ctx.db
      .select()
      .from(walletLedger)
      .where(eq(walletLedger.user_id, b?.user_id ?? 0))
      .orderBy(walletLedger.account);
    expect(
      entries.map((e) => [e.account, e.amount, e.balance_after, e.reason, e.ref_type, e.ref_id]),
    ).toEqual([
      ["cash_wallet", "2.25", "2.25", "opening", "import", applied.import_id],
      ["pv", "7.00", "7.00", "opening", "import", applied.import_id],
      ["wallet", "10.50", "10.50", "opening", "import", applied.import_id],
    ]);
    const [wallet] = await ctx.db
      .select()
      .from(userWallets)
      .where(eq(userWallets.user_id, b?.user_id ?? 0));
    expect([wallet?.wallet_amt, wallet?.c_wallet_amt, b?.ttl_pv]).toEqual([
      "10.50",
      "2.25",
      "7.00",
    ]);
    const reconcile = await ctx.call("GET", "/api/walletLedger/reconcile");
    const report = reconcile.json() as ReconcileReport;
    expect(report.mismatches).toEqual([]);
    expect(report.account_totals).toEqual([]);

    // Every record created has its audit row naming the import.
    const audited = await ctx.db
      .select({
        entity: auditLog.entity,
        import_id: sql<number>`(${auditLog.after}->>'import_id')::int`,
      })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, "User"),
          inArray(auditLog.entity_id, [String(a?.user_id), String(c?.user_id)]),
        ),
      );
    expect(audited.map((r) => r.import_id)).toEqual([applied.import_id, applied.import_id]);

    // No usable password: the member uses Forgot password.
    const login = await ctx.call("POST", "/api/login", { email: `${t}a@example.my`, password: "" });
    expect(login.statusCode).toBeGreaterThanOrEqual(400);

    // The same file again: nothing created or updated, no entry posted.
    const ledgerBefore = await ctx.db.$count(walletLedger);
    expect(await dryRun(csv)).toMatchObject({ create: 0, update: 0, errors: [] });
    expect(await apply(csv)).toMatchObject({ created: 0, updated: 0 });
    expect(await ctx.db.$count(walletLedger)).toBe(ledgerBefore);
  });

  onPostgres("refuses a cycle in the file on each of its rows, writing nothing", async () => {
    const t = tag();
    const csv = [
      `${t}a@example.my,${t}a,Ali,,${t}b,,,,,,`,
      `${t}ok@example.my,${t}ok,Okay,,,,,,,,`,
      `${t}b@example.my,${t}b,Bala,,${t}a@example.my,,,,,,`,
      `${t}s@example.my,${t}s,Self,,${t}s,,,,,,`,
    ].join("\n");
    const errors = await refused(csv);
    expect(where(errors)).toEqual([
      { row: 2, column: "referrer", code: "import_referral_cycle" },
      { row: 4, column: "referrer", code: "import_referral_cycle" },
      { row: 5, column: "referrer", code: "import_referral_cycle" },
    ]);
    expect(errors[0]?.params).toEqual({ rows: "2, 4" });
    expect(await membersTagged(t)).toEqual([]);
  });

  onPostgres(
    "names a bad NRIC, a duplicate e-mail, an unknown tier and an unknown referrer by row and column",
    async () => {
      const t = tag();
      const csv = [
        `${t}a@example.my,${t}a,Ali Bakar,,,Silver,900101-17-5678,,,,`,
        `${t}b@example.my,${t}b,Bala,,,Platinum Plus,,,,,`,
        `${t.toUpperCase()}A@example.my,${t}c,Chen,,,,,,,,`,
        `${t}d@example.my,${t}d,Devi,,nobody-${t},,,-1.00,,,`,
        `not-an-email,${t}e,,,,,,,,,7`,
      ].join("\n");
      const errors = await refused(csv);
      expect(where(errors)).toEqual([
        { row: 2, column: "nric", code: "nric_place" },
        { row: 3, column: "membership", code: "import_tier_unknown" },
        { row: 4, column: "email", code: "import_email_twice" },
        { row: 5, column: "wallet", code: "too_small" },
        { row: 5, column: "referrer", code: "import_referrer_unknown" },
        { row: 6, column: "email", code: "invalid_email" },
        { row: 6, column: "name", code: "required" },
        { row: 6, column: "status", code: "invalid_value" },
      ]);
      expect(errors.find((e) => e.row === 4)?.params).toMatchObject({ row: 2 });
      expect(await membersTagged(t)).toEqual([]);
    },
  );

  onPostgres(
    "updates a member's fields by e-mail, but never their referrer or a username another holds",
    async () => {
      const t = tag();
      const first = await insertUser(ctx.db, { username: `${t}first` });
      const other = await insertUser(ctx.db, { username: `${t}other` });
      const member = await insertUser(ctx.db, {
        username: `${t}m`,
        email: `${t}m@example.my`,
        referral_of: first,
      });
      // The same referrer, spelt by e-mail in another case: fine; a new name and tier: an update.
      const [firstRow] = await ctx.db.select().from(users).where(eq(users.user_id, first));
      const same = `${t.toUpperCase()}M@EXAMPLE.MY,${t}m,Mei Ling,,${firstRow?.email.toUpperCase()},Gold,,99.00,,,1`;
      expect(await dryRun(same)).toMatchObject({ create: 0, update: 1, errors: [] });
      expect(await apply(same)).toMatchObject({ created: 0, updated: 1 });
      const [after] = await ctx.db.select().from(users).where(eq(users.user_id, member));
      expect([after?.f_name, after?.l_name, after?.email]).toEqual([
        "Mei",
        "Ling",
        `${t}m@example.my`,
      ]);
      // An existing member's balance cells are ignored: no entry.
      expect(await ctx.db.$count(walletLedger, eq(walletLedger.user_id, member))).toBe(0);

      const moved = `${t}m@example.my,${t}m,Mei Ling,,${t}other,Gold,,,,,1`;
      const renamed = `${t}m@example.my,${t}other,Mei Ling,,,Gold,,,,,1`;
      expect(where(await refused(moved))).toEqual([
        { row: 2, column: "referrer", code: "import_referrer_changed" },
      ]);
      expect(where(await refused(renamed))).toEqual([
        { row: 2, column: "username", code: "username_taken" },
      ]);
      const [still] = await ctx.db.select().from(users).where(eq(users.user_id, member));
      expect([still?.referral_of, still?.username]).toEqual([first, `${t}m`]);
      expect(other).toBeGreaterThan(0);
    },
  );

  onPostgres(
    "needs wallets:manage for opening balances and kyc:manage for an NRIC, 403 naming it",
    async () => {
      const t = tag();
      const clerk = await createStaff(ctx, ["members:manage", "members:view"]);
      const plain = `${t}a@example.my,${t}a,Ali,,,,,,,,`;
      const money = `${t}b@example.my,${t}b,Bala,,,,,5.00,,,`;
      const nric = `${t}c@example.my,${t}c,Chen,,,,900101-14-5678,,,,`;
      for (const [csv, missing] of [
        [money, "wallets:manage"],
        [nric, "kyc:manage"],
      ] as const) {
        // Said by the dry run already, and refused by the apply.
        for (const dryRun of [true, false]) {
          const answer = await post(csv, dryRun, clerk.cookie);
          expect(answer.statusCode, answer.body).toBe(403);
          expect(answer.json()).toMatchObject({
            code: "forbidden",
            params: { permission: missing },
          });
        }
      }
      expect(await membersTagged(t)).toEqual([]);
      const answer = await post(plain, false, clerk.cookie);
      expect(answer.statusCode, answer.body).toBe(201);
      expect((await membersTagged(t)).map((m) => m.username)).toEqual([`${t}a`]);
    },
  );
});
