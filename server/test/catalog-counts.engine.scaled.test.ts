import { isNull, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products } from "../src/db/schema";
import { createTestContext, type TestContext } from "./helpers";
import { ON_POSTGRES, scaled } from "./tier";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** One admin action; indexes pick among what exists when it runs (modulo). */
type Command =
  | { kind: "create"; cat: number; variants: number }
  | { kind: "move"; product: number; cat: number }
  | { kind: "delete"; product: number }
  | { kind: "addVariant"; product: number }
  | { kind: "dropVariants"; product: number }
  | { kind: "saveVariants"; product: number; keep: number; add: number }
  | { kind: "putCategory"; cat: number; products_in_cat: number }
  | { kind: "deleteCategory"; cat: number };

const index = fc.nat({ max: 20 });
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    kind: fc.constant("create" as const),
    cat: index,
    variants: fc.nat({ max: 3 }),
  }),
  fc.record({ kind: fc.constant("move" as const), product: index, cat: index }),
  fc.record({ kind: fc.constant("delete" as const), product: index }),
  fc.record({ kind: fc.constant("addVariant" as const), product: index }),
  fc.record({ kind: fc.constant("dropVariants" as const), product: index }),
  fc.record({
    kind: fc.constant("saveVariants" as const),
    product: index,
    keep: fc.nat({ max: 10 }),
    add: fc.nat({ max: 4 }),
  }),
  fc.record({
    kind: fc.constant("putCategory" as const),
    cat: index,
    products_in_cat: fc.integer({ min: -5, max: 50 }),
  }),
  fc.record({ kind: fc.constant("deleteCategory" as const), cat: index }),
);

function productBody(categoryId: number, variants?: object[]) {
  return {
    product_name: "Prop",
    normal_price: "10",
    stock_qtt: 1,
    category_id: categoryId,
    ...(variants ? { variants } : {}),
  };
}

const variant = (name: string) => ({ variant_name: name, variant_price: "1" });

async function run(cmd: Command, cats: number[], items: number[]): Promise<void> {
  const pick = <T>(list: T[], i: number) => (list.length ? list[i % list.length] : undefined);
  switch (cmd.kind) {
    case "create": {
      const cat = pick(cats, cmd.cat);
      if (cat === undefined) return;
      const list = Array.from({ length: cmd.variants }, (_, i) => variant(`V${i}`));
      const res = await ctx.call("POST", "/api/products", productBody(cat, list));
      expect(res.statusCode).toBe(201);
      items.push(res.json().product_id);
      return;
    }
    case "move": {
      const [id, cat] = [pick(items, cmd.product), pick(cats, cmd.cat)];
      if (id === undefined || cat === undefined) return;
      expect((await ctx.call("PUT", `/api/products/${id}`, productBody(cat))).statusCode).toBe(200);
      return;
    }
    case "delete": {
      const id = pick(items, cmd.product);
      if (id === undefined) return;
      // The original client's order: the variants first, then the product
      // (docs/REQUIREMENTS.md section 4, "Deletions").
      await ctx.call("DELETE", `/api/productsVariants/${id}`);
      expect((await ctx.call("DELETE", `/api/products/${id}`)).statusCode).toBe(200);
      items.splice(items.indexOf(id), 1);
      return;
    }
    case "addVariant": {
      const id = pick(items, cmd.product);
      if (id === undefined) return;
      const res = await ctx.call("POST", "/api/productsVariants", {
        product_id: id,
        ...variant("Added"),
      });
      expect([201, 409]).toContain(res.statusCode);
      return;
    }
    case "dropVariants": {
      const id = pick(items, cmd.product);
      if (id === undefined) return;
      expect((await ctx.call("DELETE", `/api/productsVariants/${id}`)).statusCode).toBe(200);
      return;
    }
    case "saveVariants": {
      const id = pick(items, cmd.product);
      if (id === undefined) return;
      const product = (await ctx.call("GET", `/api/products/${id}`)).json();
      const current = (await ctx.call("GET", `/api/productsVariants/${id}`)).json() as {
        variant_id: number;
        variant_name: string;
      }[];
      const list = [
        ...current.slice(0, cmd.keep).map((v) => ({ ...variant(v.variant_name), ...v })),
        ...Array.from({ length: cmd.add }, (_, i) => variant(`N${i}`)),
      ];
      const res = await ctx.call(
        "PUT",
        `/api/products/${id}`,
        productBody(product.category_id, list),
      );
      expect(res.statusCode).toBe(list.length > 10 ? 409 : 200);
      return;
    }
    case "putCategory": {
      const cat = pick(cats, cmd.cat);
      if (cat === undefined) return;
      // The original client PUTs the whole category "with counts adjusted"
      // (docs/REQUIREMENTS.md section 7).
      const res = await ctx.call("PUT", `/api/categories/${cat}`, {
        category_id: cat,
        category_name: `Cat ${cat}`,
        products_in_cat: cmd.products_in_cat,
        cat_status: 1,
      });
      expect(res.statusCode).toBe(200);
      return;
    }
    case "deleteCategory": {
      const cat = pick(cats, cmd.cat);
      if (cat === undefined) return;
      const res = await ctx.call("DELETE", `/api/categories/${cat}`);
      expect([200, 409]).toContain(res.statusCode);
      if (res.statusCode === 200) cats.splice(cats.indexOf(cat), 1);
      return;
    }
  }
}

/** Every stored count that differs from a fresh count of the rows (none, if the rules hold). */
async function assertCountsTrue(): Promise<void> {
  const categoryCounts = await ctx.db
    .select({
      category_id: categories.category_id,
      stored: categories.products_in_cat,
      // Spelled out: Drizzle leaves columns unqualified inside a select list.
      fresh: sql<number>`(select count(*)::int from products p where p.category_id = categories.category_id and p.deleted_at is null)`,
    })
    .from(categories)
    .where(isNull(categories.deleted_at));
  expect(categoryCounts.filter((c) => c.stored !== c.fresh)).toEqual([]);
  const variantCounts = await ctx.db
    .select({
      product_id: products.product_id,
      stored: products.product_variation,
      fresh: sql<number>`(select count(*)::int from product_variants v where v.product_id = products.product_id and v.deleted_at is null)`,
    })
    .from(products);
  expect(variantCounts.filter((p) => p.stored !== p.fresh)).toEqual([]);
  expect(variantCounts.every((p) => p.stored <= 10)).toBe(true);
}

describe("derived counts", () => {
  it("products_in_cat and product_variation equal a fresh count after any sequence of calls", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 25 }), async (commands) => {
        const cats: number[] = [];
        for (let i = 0; i < 3; i++) {
          const res = await ctx.call("POST", "/api/categories", { category_name: `C${i}` });
          cats.push(res.json().category_id);
        }
        const items: number[] = [];
        for (const cmd of commands) await run(cmd, cats, items);
        await assertCountsTrue();
      }),
      { numRuns: scaled(ON_POSTGRES ? 10 : 5, 40) },
    );
  });
});

describe("concurrent calls (real parallelism on PostgreSQL)", () => {
  it("never lets parallel adds pass 10 live variants", async () => {
    const cat = (await ctx.call("POST", "/api/categories", { category_name: "Race" })).json();
    const p = (await ctx.call("POST", "/api/products", productBody(cat.category_id))).json();
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        ctx.call("POST", "/api/productsVariants", {
          product_id: p.product_id,
          ...variant(`R${i}`),
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(5);
    await assertCountsTrue();
  });

  it("keeps category counts true under parallel creates, moves and deletes", async () => {
    const newCategory = async (name: string): Promise<number> =>
      (await ctx.call("POST", "/api/categories", { category_name: name })).json().category_id;
    const [a, b] = await Promise.all([newCategory("Race A"), newCategory("Race B")]);
    const created = await Promise.all(
      Array.from({ length: 12 }, () => ctx.call("POST", "/api/products", productBody(a))),
    );
    const ids = created.map((r) => r.json().product_id as number);
    await Promise.all(
      ids.map((id, i) =>
        i % 3 === 0
          ? ctx.call("DELETE", `/api/products/${id}`)
          : ctx.call("PUT", `/api/products/${id}`, productBody(i % 2 ? b : a)),
      ),
    );
    await assertCountsTrue();
  });
});
