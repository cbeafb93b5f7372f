/**
 * The test tiers (docs/decisions/test-tiers.md): scripts/test.mjs sets
 * TEST_TIER=long for `npm run test:long`. A *.scaled.test.ts file runs in both
 * tiers, at a short count in `npm test` and at its full count in the long one.
 */
export const LONG_TIER = process.env.TEST_TIER === "long";

/** The count for this tier: `short` in `npm test`, `long` in `npm run test:long`. */
export function scaled(short: number, long: number): number {
  return LONG_TIER ? long : short;
}
