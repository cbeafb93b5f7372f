// The tiers' counts and samples, one copy for the server and the browser tests.
export { LONG_TIER, sampled, scaled } from "../../scripts/tier.mjs";

/**
 * On PostgreSQL (TEST_DATABASE_URL), not the embedded PGlite. In `npm test` an
 * engine file's sweep or property run is smaller on PGlite, which shares the two
 * cores with the browser suite; PostgreSQL runs it at its `npm test` count, the
 * long tier in full on both (docs/decisions/test-tiers.md).
 */
export const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);
