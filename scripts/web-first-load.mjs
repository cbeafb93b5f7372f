// Login to a fully rendered dashboard, in Debian's Chromium against the real
// server (as e2e/support/server.ts starts it: embedded database, demo store),
// for docs/benchmarks/web-and-edge.md "Web app size and first load".
//
//   node scripts/web-first-load.mjs [--runs 7] [--dist web/dist]
//
// Each run is a fresh browser context (empty cache): open /login-back, fill the
// form, then from the click on Login until
//   - cards:  the four summary figures are shown,
//   - charts: both chart canvases have something drawn,
//   - final:  the charts' last change of pixels (the end of any animation),
//             known once they have stayed unchanged for 1.5 s.
// It also reports the bytes sent for each first load (as the browser received
// them, compressed) and when the dashboard's code and data were asked for.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_LAUNCH } from "./chromium.mjs";
import { freePort } from "./freePort.mjs";

const root = path.resolve(import.meta.dirname, "..");
const argv = process.argv.slice(2);
const option = (name, fallback) => {
  const at = argv.indexOf(name);
  return at >= 0 ? argv[at + 1] : fallback;
};
const runs = Number(option("--runs", "7"));
const dist = path.resolve(root, option("--dist", "web/dist"));
const ADMIN = { email: "admin@store.my", password: "Admin@12345" };

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "store-first-load-"));
  const port = await freePort();
  const baseURL = `http://127.0.0.1:${port}`;
  const log = fs.openSync(path.join(dataDir, "server.log"), "w");
  const server = spawn(process.execPath, ["--import", "tsx", "server/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      SEED_DEMO: "1",
      TZ: "Asia/Kuala_Lumpur",
      WEB_DIST: dist,
    },
    stdio: ["ignore", log, log],
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline && server.exitCode === null) {
    const ok = await fetch(`${baseURL}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) {
      const stop = () => {
        server.kill("SIGTERM");
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
      return { baseURL, stop };
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  server.kill("SIGKILL");
  throw new Error(fs.readFileSync(path.join(dataDir, "server.log"), "utf8").slice(-3000));
}

/**
 * Runs in the page: from the click on Login, watches every frame for the
 * dashboard's figures and charts and records when each was first complete and
 * when the charts' pixels last changed.
 */
function watchDashboard(fromStart = false) {
  const marks = { click: 0, cards: 0, charts: 0, final: 0 };
  window.__firstLoad = marks;
  const drawn = (canvas) => {
    const { width, height } = canvas;
    if (!width || !height) return null;
    const data = canvas.getContext("2d")?.getImageData(0, 0, width, height).data;
    if (!data) return null;
    // A cheap fingerprint of the picture: every 7th pixel's alpha and red.
    let sum = 0;
    let any = false;
    for (let i = 3; i < data.length; i += 28) {
      if (data[i]) any = true;
      sum = (sum * 31 + data[i] + data[i - 3]) % 2147483647;
    }
    return any ? sum : null;
  };
  let last = "";
  const frame = () => {
    const now = performance.now();
    const values = document.querySelectorAll(".dashboard-card-value");
    if (!marks.cards && values.length === 4) marks.cards = now;
    const canvases = [...document.querySelectorAll("main canvas")];
    const prints = canvases.map(drawn);
    if (canvases.length === 2 && prints.every((p) => p !== null)) {
      if (!marks.charts) marks.charts = now;
      const key = prints.join(",");
      if (key !== last) {
        last = key;
        marks.final = now;
      }
    }
    if (marks.final && marks.cards && now - marks.final > 1500) {
      marks.done = true;
      return;
    }
    requestAnimationFrame(frame);
  };
  // Opened directly: timed from the start of the navigation (0).
  if (fromStart) {
    requestAnimationFrame(frame);
    return;
  }
  document.addEventListener(
    "click",
    (event) => {
      if (event.target.closest?.("button[type=submit]") && !marks.click) {
        marks.click = performance.now();
        requestAnimationFrame(frame);
      }
    },
    true,
  );
}

async function oneRun(browser, baseURL) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1400, height: 900 },
    locale: "en-GB",
    timezoneId: "Asia/Kuala_Lumpur",
  });
  const page = await context.newPage();
  const sent = [];
  page.on("requestfinished", async (request) => {
    const sizes = await request.sizes().catch(() => null);
    sent.push({
      url: request.url(),
      type: request.resourceType(),
      bytes: sizes?.responseBodySize ?? 0,
      at: performance.now(),
    });
  });
  const asked = {};
  page.on("request", (request) => {
    const url = request.url();
    if (url.endsWith("/api/login")) asked.login ??= performance.now();
  });
  page.on("response", (response) => {
    if (response.url().endsWith("/api/login")) asked.loggedIn ??= performance.now();
  });

  // When the login form is first in the page: what was asked before it is what
  // the login page needed; what comes after is its prefetch while idle.
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.getElementById("login-email")) {
        window.__formAt = performance.now();
        observer.disconnect();
      }
    }).observe(document, { subtree: true, childList: true });
  });
  await page.goto("/login-back");
  await page.waitForLoadState("networkidle");
  const { loginBytes, idleBytes } = await page.evaluate(() => {
    const by = (entries) => {
      const out = { script: 0, stylesheet: 0 };
      for (const e of entries) {
        if (e.name.endsWith(".js")) out.script += e.encodedBodySize;
        if (e.name.endsWith(".css")) out.stylesheet += e.encodedBodySize;
      }
      return out;
    };
    const all = performance.getEntriesByType("resource");
    return {
      loginBytes: by(all.filter((e) => e.startTime < window.__formAt)),
      idleBytes: by(all.filter((e) => e.startTime >= window.__formAt)),
    };
  });
  await page.getByLabel("E-mail").fill(ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
  sent.length = 0;
  await page.evaluate(watchDashboard);
  await page.getByRole("button", { name: "Login", exact: true }).click();
  await page.waitForFunction(() => window.__firstLoad?.done, null, { timeout: 30_000 });
  const marks = await page.evaluate(() => window.__firstLoad);
  const adminBytes = sum(sent);

  // The dashboard opened directly (a reload of /admin) in a fresh context.
  const reload = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  await reload.addCookies(await context.cookies());
  const storage = await page.evaluate(() => ({ ...localStorage }));
  await reload.addInitScript((items) => {
    for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v);
  }, storage);
  await reload.addInitScript(watchDashboard, true);
  const direct = await reload.newPage();
  await direct.goto("/admin");
  await direct.waitForFunction(() => window.__firstLoad?.done, null, { timeout: 30_000 });
  const directMarks = await direct.evaluate(() => window.__firstLoad);
  await direct.waitForLoadState("networkidle");
  const { directBytes, codeAsked, dataAsked } = await direct.evaluate(() => {
    const out = { script: 0, stylesheet: 0 };
    let codeAsked = 0;
    let dataAsked = 0;
    for (const e of performance.getEntriesByType("resource")) {
      if (e.name.endsWith(".js")) out.script += e.encodedBodySize;
      if (e.name.endsWith(".css")) out.stylesheet += e.encodedBodySize;
      if (/\/DashboardPage-[^/]*\.js$/.test(e.name)) codeAsked = e.startTime;
      if (e.name.endsWith("/api/dashboard")) dataAsked = e.startTime;
    }
    return { directBytes: out, codeAsked, dataAsked };
  });
  await reload.close();
  await context.close();
  return {
    directCards: directMarks.cards,
    directFinal: directMarks.final,
    // The server's answer to the login (its password check is most of it).
    login: asked.loggedIn - asked.login,
    cards: marks.cards - marks.click,
    charts: marks.charts - marks.click,
    final: marks.final - marks.click,
    // Opened directly, when the dashboard's code and its data were asked for.
    codeAsked,
    dataAsked,
    loginBytes,
    idleBytes,
    adminBytes,
    directBytes,
  };
}

function sum(list) {
  const by = { script: 0, stylesheet: 0, document: 0, other: 0, count: list.length };
  for (const r of list) {
    const kind = r.type in by && r.type !== "count" ? r.type : "other";
    by[kind] += r.bytes;
  }
  return by;
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

const { baseURL, stop } = await startServer();
const browser = await chromium.launch(CHROMIUM_LAUNCH);
try {
  await oneRun(browser, baseURL); // warm the server and the disk cache
  const results = [];
  for (let i = 0; i < runs; i += 1) results.push(await oneRun(browser, baseURL));
  const ms = (key) => `${Math.round(median(results.map((r) => r[key])))} ms`;
  const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
  const first = results[0];
  console.log(`web build: ${path.relative(root, dist)}, ${runs} runs, median`);
  console.log(`login call answered in:            ${ms("login")}`);
  console.log(`login click → four figures shown:  ${ms("cards")}`);
  console.log(`login click → both charts drawn:   ${ms("charts")}`);
  console.log(`login click → fully rendered:      ${ms("final")}`);
  console.log(
    `/admin opened directly → code asked: ${ms("codeAsked")}, data asked: ${ms("dataAsked")}`,
  );
  console.log(
    `sent for /login-back until its form is drawn: JS ${kB(first.loginBytes.script)}, CSS ${kB(first.loginBytes.stylesheet)}`,
  );
  console.log(`then fetched while idle on /login-back: JS ${kB(first.idleBytes.script)}`);
  console.log(`sent after login for /admin: JS ${kB(first.adminBytes.script)}`);
  console.log(`/admin opened directly → figures:   ${ms("directCards")}`);
  console.log(`/admin opened directly → fully rendered: ${ms("directFinal")}`);
  console.log(
    `sent for /admin opened directly: JS ${kB(first.directBytes.script)}, CSS ${kB(first.directBytes.stylesheet)}`,
  );
} finally {
  await browser.close();
  stop();
}
