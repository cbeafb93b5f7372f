// The web app's weight per route: what a browser must download before the
// route's first render (the entry script, its modulepreloads, the lazy page of
// the route and everything that page imports, and their CSS), summed as the
// build's own .gz and .br files (web/vite.config.ts writes them; the server
// sends them, docs/benchmarks/web-and-edge.md "Web app size and first load").
//
//   node scripts/bundle-size.mjs            build with a manifest, then measure /login-back and /admin
//   node scripts/bundle-size.mjs --all      every route of web/src/resources/
//   node scripts/bundle-size.mjs --no-build measure web/dist as it is (needs .vite/manifest.json)
//   node scripts/bundle-size.mjs --chunks   also list each route's files
//   node scripts/bundle-size.mjs --dist DIR measure another build (made with `vite build --manifest`)
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const web = path.join(root, "web");
const argv = process.argv.slice(2);
const args = new Set(argv);
const other = argv.indexOf("--dist") >= 0 ? argv[argv.indexOf("--dist") + 1] : undefined;
const dist = other ? path.resolve(other) : path.join(web, "dist");

if (!args.has("--no-build") && !other) {
  const build = spawnSync("npx", ["vite", "build", "--manifest"], { cwd: web, stdio: "ignore" });
  if (build.status !== 0) throw new Error("vite build failed: run `cd web && npx vite build`");
}
const manifestFile = path.join(dist, ".vite", "manifest.json");
if (!fs.existsSync(manifestFile)) {
  throw new Error(`${manifestFile} is missing: run without --no-build`);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));

/** path → its lazy page module (src/...), read from the resources' declarations (web/src/resources/). */
function lazyPages() {
  const dir = path.join(web, "src", "resources");
  // The login page is routed in App.tsx; counted when it is a chunk of its own.
  const login = "src/pages/login/LoginPage.tsx";
  const pages = new Map(manifest[login] ? [["/login-back", login]] : []);
  for (const name of fs.readdirSync(dir)) {
    const source = fs.readFileSync(path.join(dir, name), "utf8");
    // A screen's code is imported on its line, or by a loader named there.
    const loaders = new Map(
      [...source.matchAll(/const (\w+) = [^;]*?import\("\.\.\/([^"]+)"\)/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    for (const m of source.matchAll(
      /path:\s*"([^"]+)",\s*title:\s*"[^"]*",\s*screen:\s*([^,}]+)/g,
    )) {
      const file = /import\("\.\.\/([^"]+)"\)/.exec(m[2])?.[1] ?? loaders.get(m[2].trim());
      if (file) pages.set(m[1], `src/${file}.tsx`);
    }
  }
  return pages;
}

/** The manifest keys a chunk needs before it runs: itself and its static imports. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) staticClosure(dep, seen);
  return seen;
}

function sizes(file) {
  const full = path.join(dist, file);
  const raw = fs.statSync(full).size;
  // Files under 1 kB are not precompressed (web/vite.config.ts): sent as they are.
  const size = (ext) => (fs.existsSync(full + ext) ? fs.statSync(full + ext).size : raw);
  return { raw, gz: size(".gz"), br: size(".br") };
}

function routeFiles(page) {
  const keys = staticClosure("index.html");
  if (page) staticClosure(page, keys);
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

function total(files) {
  const sum = { raw: 0, gz: 0, br: 0 };
  for (const file of files) {
    const s = sizes(file);
    sum.raw += s.raw;
    sum.gz += s.gz;
    sum.br += s.br;
  }
  return sum;
}

const kB = (bytes) => (bytes / 1000).toFixed(1).padStart(7);
const pages = lazyPages();
const routes = args.has("--all")
  ? [...new Set(["/login-back", ...pages.keys()])]
  : ["/login-back", "/admin"];

console.log("route                 JS raw   JS gz   JS br  CSS raw  CSS gz  CSS br  (kB)");
for (const route of routes) {
  const { js, css } = routeFiles(pages.get(route));
  const j = total(js);
  const c = total(css);
  console.log(
    `${route.padEnd(20)}${kB(j.raw)} ${kB(j.gz)} ${kB(j.br)} ${kB(c.raw)} ${kB(c.gz)} ${kB(c.br)}`,
  );
  if (args.has("--chunks")) {
    for (const file of [...js, ...css]) {
      const s = sizes(file);
      console.log(`    ${file.padEnd(44)}${kB(s.raw)} gz ${kB(s.gz)} br ${kB(s.br)}`);
    }
  }
}
