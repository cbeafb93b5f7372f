// The tiers' counts and samples, one copy for the server and the browser tests.
export { LONG_TIER, sampled, scaled } from "../../scripts/tier.mjs";
