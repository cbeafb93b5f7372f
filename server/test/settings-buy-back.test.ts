/**
 * The store's buy-back rule (issue 42, docs/decisions/returns.md): PUT
 * settings saves and answers the period and the percentage, left out keeps
 * them, and a percentage above 100, below 0 or with three places, or a period
 * that is not a whole number of days from 0 to 3650, is a 400 on its field
 * that writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "./helpers";
import { createStaff, stepUp } from "./staff.fixtures";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  // A longer period or a higher percentage loosens a money control: a fresh proof.
  await stepUp(ctx);
});
afterAll(() => ctx?.close());

const general = (overrides: Record<string, unknown> = {}) => ({
  theme_color: 1,
  store_name: "Kedai Buy-back",
  store_logo: "",
  store_address: "1 Jalan Ampang, Kuala Lumpur",
  store_contact: "03123456789",
  copyright_text: "",
  footer_text: "",
  ...overrides,
});

const stored = async () => (await ctx.call("GET", "/api/settings/1")).json();

describe("the buy-back settings", () => {
  it("start off: 0 days at 90%", async () => {
    expect(await stored()).toMatchObject({ buy_back_days: 0, buy_back_percent: "90.00" });
  });

  it("are saved and answered, and kept when a form leaves them out", async () => {
    const saved = await ctx.call(
      "PUT",
      "/api/settings/1",
      general({ buy_back_days: "30", buy_back_percent: "87.5" }),
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ buy_back_days: 30, buy_back_percent: "87.50" });
    expect(await stored()).toMatchObject({ buy_back_days: 30, buy_back_percent: "87.50" });

    const other = await ctx.call("PUT", "/api/settings/1", general({ store_name: "Kedai Lain" }));
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json()).toMatchObject({ buy_back_days: 30, buy_back_percent: "87.50" });

    const edges = await ctx.call(
      "PUT",
      "/api/settings/1",
      general({ buy_back_days: 0, buy_back_percent: 100 }),
    );
    expect(edges.statusCode, edges.body).toBe(200);
    expect(edges.json()).toMatchObject({ buy_back_days: 0, buy_back_percent: "100.00" });
    const most = await ctx.call(
      "PUT",
      "/api/settings/1",
      general({ buy_back_days: 3650, buy_back_percent: "0" }),
    );
    expect(most.json()).toMatchObject({ buy_back_days: 3650, buy_back_percent: "0.00" });
  });

  it("refuses a percentage or a period out of bounds on its field, writing nothing", async () => {
    const good = await ctx.call(
      "PUT",
      "/api/settings/1",
      general({ buy_back_days: 14, buy_back_percent: "90" }),
    );
    expect(good.statusCode, good.body).toBe(200);
    const before = await stored();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ buy_back_percent: 101 }, "buy_back_percent", "Buy-back percentage must be at most 100."],
      [{ buy_back_percent: "-1" }, "buy_back_percent", "Buy-back percentage must be at least 0."],
      [
        { buy_back_percent: "1.234" },
        "buy_back_percent",
        "Buy-back percentage must be a number with at most 2 decimal places.",
      ],
      [
        { buy_back_percent: "ninety" },
        "buy_back_percent",
        "Buy-back percentage must be a number with at most 2 decimal places.",
      ],
      [{ buy_back_days: -1 }, "buy_back_days", "Buy-back period (days) must be at least 0."],
      [{ buy_back_days: 3651 }, "buy_back_days", "Buy-back period (days) must be at most 3650."],
      [{ buy_back_days: 1.5 }, "buy_back_days", "Buy-back period (days) must be a whole number."],
    ];
    for (const [change, path, message] of cases) {
      const res = await ctx.call(
        "PUT",
        "/api/settings/1",
        general({ store_name: "Not Saved", ...change }),
      );
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().issues, JSON.stringify(change)).toContainEqual(
        expect.objectContaining({ path, message }),
      );
    }
    const after = await stored();
    expect(after).toEqual(before);
    expect(after).toMatchObject({ store_name: "Kedai Buy-back", buy_back_days: 14 });
  });

  it("a longer period or a higher percentage needs a fresh proof; a shorter or lower one does not", async () => {
    const clerk = await createStaff(ctx, ["settings:manage"]);
    const start: Record<string, unknown> = await stored();
    const longer = await clerk.call("PUT", "/api/settings/1", { ...start, buy_back_days: 15 });
    expect([longer.statusCode, longer.json().code]).toEqual([403, "step_up_required"]);
    const higher = await clerk.call("PUT", "/api/settings/1", { ...start, buy_back_percent: "95" });
    expect([higher.statusCode, higher.json().code]).toEqual([403, "step_up_required"]);
    expect(await stored()).toEqual(start);
    const lower = await clerk.call("PUT", "/api/settings/1", {
      ...start,
      buy_back_days: 7,
      buy_back_percent: "80",
    });
    expect(lower.statusCode, lower.body).toBe(200);
    await clerk.stepUp();
    const raised = await clerk.call("PUT", "/api/settings/1", {
      ...(await stored()),
      buy_back_percent: "95",
    });
    expect([raised.statusCode, raised.json().buy_back_percent]).toEqual([200, "95.00"]);
  });
});
