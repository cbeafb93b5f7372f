// Compiles the server to JavaScript for `npm start` (docs/decisions/runtime-compiled-server.md):
// one ES module bundle, server/dist/main.js, with its source map. Packages from
// node_modules stay outside the bundle (they are loaded as installed); the
// workspaces (contract, i18n) are TypeScript source and JSON, so they are bundled in.
//   node scripts/build.mjs [outdir]   (default server/dist; a test builds to its own)
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const server = path.resolve(import.meta.dirname, "..");
const pkg = JSON.parse(fs.readFileSync(path.join(server, "package.json"), "utf8"));
const inlined = new Set(["@store/contract", "@store/i18n"]);
const external = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
  (name) => !inlined.has(name),
);
const outdir = path.resolve(server, process.argv[2] ?? "dist");
fs.rmSync(outdir, { recursive: true, force: true });

await build({
  entryPoints: [path.join(server, "src/main.ts")],
  outdir,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  // Both a name and its sub-paths (drizzle-orm/pg-core) stay external.
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: "warning",
});
console.log(
  `Built ${path.relative(process.cwd(), path.join(outdir, "main.js"))} (with source map)`,
);
