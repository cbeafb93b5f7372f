// The test command, in two tiers (docs/decisions/test-tiers.md):
// - `npm test` (what CI runs): lint, type checks, the server's build, the web
//   components, the API's full tier on a real PostgreSQL server with Node 22 LTS,
//   its engine-specific files (*.engine.test.ts) on PGlite with this Node, and
//   the browser end-to-end tests (sweeps at a sample).
// - `npm run test:long` (`--long`): the scale, process, soak and long property
//   runs (*.long.test.ts, *.scaled.test.ts at full count) on both databases, and
//   the browser sweeps over every screen.
// The browser suite's demo store is seeded in the background from the start
// (e2e/support/seed.ts), the web components run beside the checks and the web
// app's build, and the PGlite tier runs beside the browser suite, which leaves
// the cores idle while it waits on the browser.
// Each ends with one line "N passed, N failed" that totals every suite. On
// Debian as root it installs what is missing (Chromium, PostgreSQL); elsewhere
// it says what is missing and how to point the tests at one (CHROMIUM_PATH,
// PG_BIN, TEST_DATABASE_URL).
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CHROMIUM_CANDIDATES, chromiumPath } from "./chromium.mjs";
import { startPostgres } from "./postgres.mjs";

const root = path.resolve(import.meta.dirname, "..");
/** Node 22 LTS as the npm registry's `node` package ships it (no other download). */
const NODE_22 = "node@22";
const long = process.argv.includes("--long");
const tier = (name) => ({ TEST_TIER: long ? "long" : name });
const out = path.join(root, long ? ".test-output-long" : ".test-output");
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });

let passed = 0;
let failed = 0;
const summary = [];
const timings = [];
const began = Date.now();

/**
 * Runs a command to its end; with `log`, its output goes to that file and is
 * printed once it has finished (a suite that runs beside another).
 */
async function run(label, command, args, env = {}, log = undefined) {
  if (!log) console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const output = log ? fs.openSync(log, "w") : "inherit";
  const child = spawn(command, args, {
    cwd: root,
    stdio: ["inherit", output, output],
    env: { ...process.env, ...env },
  });
  if (typeof output === "number") fs.closeSync(output);
  const status = await new Promise((resolve) => {
    child.on("error", () => resolve(-1));
    child.on("exit", (code) => resolve(code));
  });
  if (log)
    console.log(`\n=== ${label} (ran beside the others) ===\n${fs.readFileSync(log, "utf8")}`);
  timings.push(`${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  return status === 0;
}

/** A check that is not a test runner counts as one test. */
async function check(label, command, args) {
  const ok = await run(label, command, args);
  if (ok) passed += 1;
  else failed += 1;
  summary.push(`${label}: ${ok ? "passed" : "FAILED"}`);
  return ok;
}

/**
 * One vitest project; `node` is the command that runs vitest (this Node, or
 * another Node's command line with its arguments); `log` and `args` for a suite
 * that runs beside another (its output to a file, its own options).
 */
async function vitestSuite(
  label,
  project,
  env = {},
  node = [process.execPath],
  { log, args = [] } = {},
) {
  const report = path.join(out, `${label.replace(/\W+/g, "-")}.json`);
  const [command, ...prefix] = node;
  const ok = await run(
    label,
    command,
    [
      ...prefix,
      path.join(root, "node_modules/vitest/vitest.mjs"),
      "run",
      "--root",
      project,
      "--reporter=default",
      "--reporter=json",
      `--outputFile.json=${report}`,
      ...args,
    ],
    env,
    log,
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

/**
 * The browser suite on @playwright/test; its JSON report counts the tests:
 * `expected` passed, `unexpected` and `flaky` failed (no retries: a test that
 * passes only on a second try is a failure), and every error outside a test (a
 * file that does not load, a global setup that fails) one failure more.
 */
async function playwrightSuite(label, env = {}) {
  const report = path.join(out, `${label.replace(/\W+/g, "-")}.json`);
  const ok = await run(label, "npx", ["playwright", "test", "-c", "e2e", "--reporter=list,json"], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    ...env,
  });
  let p = 0;
  let f = 0;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, "utf8"));
    p = json.stats?.expected ?? 0;
    f = (json.stats?.unexpected ?? 0) + (json.stats?.flaky ?? 0) + (json.errors?.length ?? 0);
  }
  if (!ok && f === 0) f = 1;
  passed += p;
  failed += f;
  summary.push(`${label}: ${p} passed, ${f} failed`);
}

/**
 * The browser suite's stores (the demo store, an empty one), prepared while the other suites run (about a
 * minute of work that would otherwise wait in its global setup); the setup
 * seeds its own when this one failed.
 */
const seedDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-e2e-seed-"));
const seedStarted = Date.now();
const seeding = new Promise((resolve) => {
  const log = fs.openSync(path.join(out, "browser-seed.log"), "w");
  const child = spawn(
    process.execPath,
    ["--import", "tsx", "e2e/support/seed.ts", path.join(seedDir, "stores")],
    { cwd: root, stdio: ["ignore", log, log] },
  );
  fs.closeSync(log);
  child.on("error", () => resolve(false));
  child.on("exit", (code) => {
    timings.push(
      `browser store seed (in the background): ${Math.round((Date.now() - seedStarted) / 1000)} s`,
    );
    resolve(code === 0);
  });
});

/** Whether the web app was built already (`npm test` builds it beside the web components). */
let webBuilt;
/** The server's bundle, when this run built it: the browser suite's servers run it. */
let serverBundle;
if (!long) {
  // The web components run one file at a time (vitest's one worker on two
  // cores) and the checks are single-threaded: side by side they take the two
  // cores, and the web app for the browser suite is built meanwhile.
  const webComponents = vitestSuite("web components", "web", {}, undefined, {
    log: path.join(out, "web-components.log"),
  });
  await check("lint (biome)", "npx", ["biome", "check", "."]);
  await check("type check (tsc)", "npm", ["run", "-s", "typecheck"]);
  if (await check("build server (esbuild)", "npm", ["run", "-s", "build", "-w", "server"]))
    serverBundle = path.join(root, "server/dist/main.js");
  await vitestSuite("contract (money, rules)", "packages/contract");
  await vitestSuite("i18n (catalogues, translate)", "packages/i18n");
  webBuilt = await run("build web app", "npm", ["run", "-s", "build", "-w", "web"]);
  await webComponents;
}

// Node 20 is past its end of life: the server suite's PostgreSQL run is on Node 22
// LTS, from the npm registry's `node` package; the PGlite run on this Node
// (docs/decisions/runtime-compiled-server.md).
const onNode22 = process.versions.node.startsWith("22.");
const postgresNode = onNode22 ? [process.execPath] : ["npx", "-y", NODE_22];

const given = process.env.TEST_DATABASE_URL;
const postgres = given
  ? { url: given, stop() {} }
  : await startPostgres().catch((error) => {
      console.error(`Could not start PostgreSQL: ${error.message}`);
      return null;
    });
if (postgres) {
  try {
    await vitestSuite(
      `server on PostgreSQL, Node 22 (${long ? "long" : "full"} tier)`,
      "server",
      { TEST_DATABASE_URL: postgres.url, ...tier("full") },
      postgresNode,
    );
  } finally {
    postgres.stop();
  }
} else {
  failed += 1;
  summary.push("server on PostgreSQL: no PostgreSQL server (see above: PG_BIN, TEST_DATABASE_URL)");
}

const pgliteLabel = `server on PGlite, Node ${process.versions.node} (${long ? "long" : "engine"} tier)`;

/**
 * The browser tests drive Debian's old headless shell, else its Chromium (or
 * CHROMIUM_PATH, scripts/chromium.mjs); on Debian as root the headless shell is
 * installed when missing, elsewhere the message says what to do.
 */
async function ensureChromium() {
  const chosen = chromiumPath();
  if (fs.existsSync(chosen) && (process.env.CHROMIUM_PATH || chosen === CHROMIUM_CANDIDATES[0]))
    return true;
  const debian = fs.existsSync("/usr/bin/apt-get") && fs.existsSync("/etc/debian_version");
  if (!process.env.CHROMIUM_PATH && debian && process.getuid?.() === 0) {
    console.log("Installing Debian's chromium-headless-shell for the browser tests.");
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    await run("apt-get update", "apt-get", ["update", "-qq"], env);
    await run(
      "apt-get install chromium-headless-shell",
      "apt-get",
      ["install", "-y", "-qq", "chromium-headless-shell", "fonts-liberation"],
      env,
    );
  }
  if (fs.existsSync(chromiumPath())) return true;
  console.error(
    [
      `${chosen} is missing: the browser tests need a Chromium or Chrome.`,
      debian
        ? "  - as root, `apt-get install chromium-headless-shell fonts-liberation` (npm test does this itself when run as root), or"
        : "  - install Chromium or Google Chrome with the system's package manager, or",
      "  - CHROMIUM_PATH=/path/to/chromium (e.g. /usr/bin/chromium-browser or /Applications/Google Chrome.app/Contents/MacOS/Google Chrome).",
    ].join("\n"),
  );
  return false;
}

async function browserSuite() {
  if (!(await ensureChromium())) {
    failed += 1;
    summary.push("browser (Chromium): no Chromium (see above: CHROMIUM_PATH)");
  } else if (webBuilt ?? (await run("build web app", "npm", ["run", "-s", "build", "-w", "web"]))) {
    const seeded = await seeding;
    await playwrightSuite(`browser (Chromium, ${long ? "long" : "full"} tier)`, {
      ...tier("full"),
      ...(seeded ? { E2E_SEEDED_DIR: path.join(seedDir, "stores") } : {}),
      ...(serverBundle ? { E2E_SERVER_BUNDLE: serverBundle } : {}),
    });
  } else {
    failed += 1;
    summary.push("build web app: FAILED");
  }
}

if (long) {
  // The long tier's scale runs would crowd the browser's waits: one after the other.
  await vitestSuite(pgliteLabel, "server", tier("engine"));
  await browserSuite();
} else {
  // The PGlite tier beside the browser suite, its output printed when it ends;
  // sharing the cores, a test may take twice its time alone (30 s by default).
  await Promise.all([
    vitestSuite(pgliteLabel, "server", tier("engine"), undefined, {
      log: path.join(out, "pglite.log"),
      args: ["--testTimeout=60000"],
    }),
    browserSuite(),
  ]);
}
fs.rmSync(seedDir, { recursive: true, force: true });

console.log(`\n${timings.join("\n")}\ntotal: ${Math.round((Date.now() - began) / 1000)} s`);
console.log(`\n${summary.join("\n")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
