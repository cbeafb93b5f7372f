// Runs before every test file (vitest.config.ts, setupFiles); the files of a
// worker share its process and modules (isolate: false).
import { applyTestHashCost } from "../src/auth/password";
import { forgetSearches } from "../src/lib/lists/searchCache";

// Hashes made by the tests get the low test cost (src/auth/password.ts, TEST_COST).
applyTestHashCost();
// Searches remembered on the last file's stores, whose write versions this file's may repeat.
forgetSearches();
