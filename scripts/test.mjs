// The test command: lint, type checks, and every suite (web components, API on
// PGlite, API on a real PostgreSQL server, browser end-to-end). Ends with one line
// "N passed, N failed" that totals every suite.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { startPostgres } from "./postgres.mjs";

const root = path.resolve(import.meta.dirname, "..");
const out = path.join(root, ".test-output");
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const summary = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const result = spawnSync(command, args, {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, ...env },
  });
  return result.status === 0;
}

/** A check that is not a test runner counts as one test. */
function check(label, command, args) {
  const ok = run(label, command, args);
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${label}: ${ok ? "passed" : "FAILED"}`);
}

function vitestSuite(label, project, env = {}) {
  const report = path.join(out, `${label.replace(/\W+/g, "-")}.json`);
  const ok = run(
    label,
    "npx",
    [
      "vitest",
      "run",
      "--root",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
    ],
    env,
  );
  let p = 0;
  let f = 0;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, "utf8"));
    p = json.numPassedTests;
    f = json.numFailedTests;
    // A file that could not load counts as a failure even when no test ran.
    f += json.testResults.filter(
      (t) => t.status === "failed" && t.assertionResults.length === 0,
    ).length;
  }
  if (!ok && f === 0) f = 1;
  passed += p;
  failed += f;
  summary.push(`${label}: ${p} passed, ${f} failed`);
}

check("lint (biome)", "npx", ["biome", "check", "."]);
check("type check (tsc)", "npm", ["run", "-s", "typecheck"]);
vitestSuite("web components", "web");
vitestSuite("server on PGlite", "server");

const postgres = await startPostgres().catch((error) => {
  console.error(`Could not start PostgreSQL: ${error.message}`);
  return null;
});
if (postgres) {
  try {
    vitestSuite("server on PostgreSQL", "server", { TEST_DATABASE_URL: postgres.url });
  } finally {
    postgres.stop();
  }
} else {
  failed += 1;
  summary.push("server on PostgreSQL: could not start a PostgreSQL server (see above)");
}

/** The browser tests drive Debian's Chromium; install it when missing. */
function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (fs.existsSync(chromium)) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      `${chromium} is missing: install Debian's chromium package (apt-get install chromium).`,
    );
    return false;
  }
  console.log("Installing Debian's chromium for the browser tests.");
  const env = { DEBIAN_FRONTEND: "noninteractive" };
  run("apt-get update", "apt-get", ["update", "-qq"], env);
  run(
    "apt-get install chromium",
    "apt-get",
    ["install", "-y", "-qq", "chromium", "fonts-liberation"],
    env,
  );
  return fs.existsSync(chromium);
}

if (!ensureChromium()) {
  failed += 1;
  summary.push("browser (Chromium): Chromium could not be installed");
} else if (run("build web app", "npm", ["run", "-s", "build"])) {
  vitestSuite("browser (Chromium)", "e2e");
} else {
  failed += 1;
  summary.push("build web app: FAILED");
}

console.log(`\n${summary.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
