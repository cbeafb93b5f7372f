/** True in `npm run test:long` (scripts/tier.mjs). */
export const LONG_TIER: boolean;
/** The count for this tier: `short` in `npm test`, `long` in `npm run test:long`. */
export function scaled(short: number, long: number): number;
/** Every `every`-th item from `offset` in `npm test`, all of them in the long tier. */
export function sampled<T>(items: readonly T[], offset: number, every: number): T[];
