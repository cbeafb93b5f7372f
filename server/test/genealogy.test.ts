/**
 * The genealogy calls: a member's down-line a level at a time, their upline
 * path to the root, and the jump by name (the users list search). Quick on a
 * tree of 100,000 members: genealogy-tree.long.test.ts.
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
