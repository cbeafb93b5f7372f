// Runs before every test file (vitest.config.ts, setupFiles).
import { useTestHashCost } from "../src/auth/password";

// Hashes made by the tests get the low test cost (src/auth/password.ts, TEST_COST).
useTestHashCost();
