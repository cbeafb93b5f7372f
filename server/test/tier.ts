// The tiers' counts and samples, one copy for the server and the browser tests.
import { it } from "vitest";
import { LONG_TIER } from "../../scripts/tier.mjs";

export { LONG_TIER, sampled, scaled } from "../../scripts/tier.mjs";

/**
 * On PostgreSQL (TEST_DATABASE_URL), not the embedded PGlite. In `npm test` an
 * engine file's sweep or property run is smaller on PGlite, which shares the two
 * cores with the browser suite; PostgreSQL runs it at its `npm test` count, the
 * long tier in full on both (docs/decisions/test-tiers.md).
 */
export const ON_POSTGRES = Boolean(process.env.TEST_DATABASE_URL);

/**
 * A test of a rule the same on both engines, in an engine file: in `npm test`
 * it runs on PostgreSQL only, in the long tier on both (docs/decisions/test-tiers.md).
 */
export const onPostgres = ON_POSTGRES || LONG_TIER ? it : it.skip;
