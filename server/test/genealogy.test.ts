/**
 * The genealogy calls: a member's down-line a level at a time, their upline
 * path to the root, and the jump by name (the users list search). Quick on a
 * tree of 100,000 members (30,000 on PGlite). Runs on PGlite and on PostgreSQL.
 */
import type { GenealogyNode } from "@store/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { insertUser, unique } from "./people.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = async (url: string) => {
  const res = await ctx.call("GET", url);
  return { status: res.statusCode, body: res.json(), total: res.headers["x-total-count"] };
};
const names = (nodes: GenealogyNode[]) => nodes.map((node) => node.username);
// Only members with referrals change: a grouped count, not a count per member.
const recount = () =>
  ctx.db.execute(
    sql`update users u set down_line = c.n
      from (select referral_of, count(*)::int as n from users group by referral_of) as c
      where c.referral_of = u.user_id and u.down_line <> c.n`,
  );

describe("downline and upline", () => {
  /** root → a, b; a → a1, a2; a1 → a11. */
  let root: number;
  let a: number;
  let b: number;
  let a1: number;
  let a11: number;
  let prefix: string;
  beforeAll(async () => {
    prefix = unique("gen");
    const user = (name: string, referral_of: number | null, extra = {}) =>
      insertUser(ctx.db, { username: `${prefix}-${name}`, referral_of, ...extra });
    root = await user("root", null);
    a = await user("a", root, { membership: 3, ttl_pv: "12.50" });
    b = await user("b", root);
    a1 = await user("a1", a);
    await user("a2", a);
    a11 = await user("a11", a1);
    await recount();
  });

  it("answers a member's direct referrals with what the tree shows, and their count", async () => {
    const res = await get(`/api/users/${root}/downline?depth=1`);
    expect(res.status).toBe(200);
    expect(res.total).toBe("2");
    expect(res.body).toEqual([
      {
        user_id: a,
        username: `${prefix}-a`,
        membership: 3,
        membership_name: "Gold",
        down_line: 2,
        ttl_pv: "12.50",
        referral_of: root,
        has_children: true,
        level: 1,
      },
      expect.objectContaining({ user_id: b, down_line: 0, has_children: false, level: 1 }),
    ]);
    const leaf = await get(`/api/users/${b}/downline`);
    expect([leaf.status, leaf.body, leaf.total]).toEqual([200, [], "0"]);
  });

  it("opens deeper levels on request, each node naming its parent", async () => {
    const two = await get(`/api/users/${root}/downline?depth=2`);
    expect(names(two.body)).toEqual(["a", "b", "a1", "a2"].map((n) => `${prefix}-${n}`));
    expect(two.body.map((n: GenealogyNode) => [n.referral_of, n.level])).toEqual([
      [root, 1],
      [root, 1],
      [a, 2],
      [a, 2],
    ]);
    const three = await get(`/api/users/${root}/downline?depth=3`);
    expect(three.body).toHaveLength(5);
    expect(three.body[4]).toMatchObject({ user_id: a11, level: 3, referral_of: a1 });
  });

  it("pages the first level by user id: _limit, then after the last one shown", async () => {
    const first = await get(`/api/users/${a}/downline?_limit=1`);
    expect(names(first.body)).toEqual([`${prefix}-a1`]);
    expect(first.total).toBe("2");
    const next = await get(`/api/users/${a}/downline?_limit=1&after=${a1}`);
    expect(names(next.body)).toEqual([`${prefix}-a2`]);
  });

  it("answers the path from the root down to the member", async () => {
    const res = await get(`/api/users/${a11}/upline`);
    expect(res.status).toBe(200);
    expect(names(res.body)).toEqual(["root", "a", "a1", "a11"].map((n) => `${prefix}-${n}`));
    expect(res.body.map((n: GenealogyNode) => n.level)).toEqual([0, 1, 2, 3]);
    expect(names((await get(`/api/users/${root}/upline`)).body)).toEqual([`${prefix}-root`]);
  });

  it("finds a member by name for the jump (the users list search)", async () => {
    const res = await get(`/api/users?q=${prefix}-a11&_limit=10`);
    expect(res.body.map((u: { user_id: number }) => u.user_id)).toEqual([a11]);
  });

  it("answers 404 for an unknown member and 400 for a bad depth or limit", async () => {
    expect((await get("/api/users/999999/downline")).status).toBe(404);
    expect((await get("/api/users/999999/upline")).status).toBe(404);
    const deep = await get(`/api/users/${root}/downline?depth=4`);
    expect(deep.status).toBe(400);
    expect(deep.body.issues[0].message).toBe("Depth must be 1, 2 or 3.");
    expect((await get(`/api/users/${root}/downline?_limit=501`)).status).toBe(400);
    expect((await get(`/api/users/${root}/downline?depth=x`)).status).toBe(400);
  });
});

// 100,000 members on PostgreSQL; on PGlite 30,000, the users of the largest
// store it is meant for (300,000 orders: README, "What the embedded database
// promises"), where inserting 100,000 alone took a minute and a half.
const MEMBERS = process.env.TEST_DATABASE_URL ? 100_000 : 30_000;

describe(`a tree of ${MEMBERS.toLocaleString("en")} members`, () => {
  const WIDE = 20_000;
  const CHAIN = 1_000;
  let base: number;

  beforeAll(async () => {
    // Member i (1-based): 1 is the root; 2..WIDE+1 are its direct referrals;
    // the next ones hang four under each of those; the last CHAIN form a chain.
    const first = await ctx.db.execute<{ next: number }>(
      sql`select coalesce(max(user_id), 0) + 1 as next from users`,
    );
    base = Number(first.rows[0]?.next) - 1;
    await ctx.db.execute(sql`select setval('users_user_id_seq', ${base + MEMBERS})`);
    await ctx.db.execute(sql`
      insert into users (user_id, username, email, f_name, l_name, contact, password_hash,
        gender, role, languages, currency, user_status, referral_of)
      select ${base} + i, 'tree' || i, 'tree' || i || '@example.my', 'Tree', 'Member' || i,
        '0100000000', 'not-a-hash', 'Male', 'Member', 'English', 'MYR', 1,
        case
          when i = 1 then null
          when i <= ${WIDE + 1} then ${base} + 1
          when i <= ${MEMBERS - CHAIN} then ${base} + 2 + (i - ${WIDE + 2}) / 4
          else ${base} + i - 1
        end
      from generate_series(1, ${MEMBERS}) i`);
    await recount();
  }, 240_000);

  it("opens the root's 20,000 direct referrals a page at a time", async () => {
    const root = base + 1;
    const page = await get(`/api/users/${root}/downline?depth=1&_limit=100`);
    expect(page.total).toBe(String(WIDE));
    expect(page.body).toHaveLength(100);
    expect(page.body[0]).toMatchObject({ username: "tree2", has_children: true });
    const far = await get(`/api/users/${root}/downline?_limit=100&after=${base + WIDE - 10}`);
    expect(names(far.body)).toEqual(Array.from({ length: 11 }, (_, k) => `tree${WIDE - 9 + k}`));
    // Three levels under a 20,000-wide root: a page of each level, never the whole tree.
    const deep = await get(`/api/users/${root}/downline?depth=3&_limit=20`);
    expect(deep.body.length).toBeLessThanOrEqual(2000);
    expect(deep.body.filter((n: GenealogyNode) => n.level === 1)).toHaveLength(20);
  });

  it("climbs a 1,000-deep chain to the root", async () => {
    const last = base + MEMBERS;
    const path = await get(`/api/users/${last}/upline`);
    // root, one of its referrals, the one under it that starts the chain, then the chain.
    expect(path.body).toHaveLength(CHAIN + 3);
    expect(path.body[0].username).toBe("tree1");
    expect(path.body.at(-1).username).toBe(`tree${MEMBERS}`);
  });
});
