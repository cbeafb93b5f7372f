// The test tiers (docs/decisions/test-tiers.md): scripts/test.mjs sets
// TEST_TIER=long for `npm run test:long`. A *.scaled.test.ts file runs in both
// tiers, at a short count (or a sample) in `npm test` and in full in the long one.
// One copy for the server's tests and the browser's (test/tier.ts, support/tier.ts).

export const LONG_TIER = process.env.TEST_TIER === "long";

/** The count for this tier: `short` in `npm test`, `long` in `npm run test:long`. */
export function scaled(short, long) {
  return LONG_TIER ? long : short;
}

/**
 * Every `every`-th item from `offset` in `npm test`, all of them in the long tier:
 * a sweep's fast sample that still walks a different part of the list per offset.
 */
export function sampled(items, offset, every) {
  return LONG_TIER ? [...items] : items.filter((_, i) => i % every === offset);
}
