/**
 * The genealogy calls on a tree of 100,000 members (30,000 on PGlite): a page of
 * a 20,000-wide level and the upline of a 1,000-deep chain stay quick
 * (genealogy.test.ts holds what the calls answer). The long tier
 * (docs/decisions/test-tiers.md). Runs on PGlite and on PostgreSQL.
 */
import type { GenealogyNode } from "@store/contract";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";

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
  }, 600_000);

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
