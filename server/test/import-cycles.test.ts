import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVER_ROOT } from "../src/serverRoot";

// No import cycle in the server's, the web app's or the contract's source, type-only imports
// included: a cycle makes a module's load order decide what it sees, and the
// files on it can only be changed together (docs/ARCHITECTURE.md).

const ROOT = path.resolve(SERVER_ROOT, "..");

/** Every .ts/.tsx file under `dir`. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [file] : [];
  });
}

const SPECIFIERS = [
  // import … from "x", export … from "x" (over lines), import "x", import("x")
  /(?:^|[\n;])\s*(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g,
  /(?:^|[\n;])\s*import\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
];

/** The files under the same root that `file` imports (relative specifiers only). */
function importsOf(file: string, known: Set<string>): string[] {
  // Comments out, so an example in a comment is no import.
  const text = fs
    .readFileSync(file, "utf8")
    .replace(/\/\*[\s\S]*?\*\//g, "")
    .replace(/^\s*\/\/.*$/gm, "");
  const found = new Set<string>();
  for (const pattern of SPECIFIERS) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[1] ?? "";
      if (!specifier.startsWith(".")) continue;
      const base = path.resolve(path.dirname(file), specifier.replace(/\.js$/, ""));
      const target = [
        base,
        `${base}.ts`,
        `${base}.tsx`,
        `${base}/index.ts`,
        `${base}/index.tsx`,
      ].find((candidate) => known.has(candidate));
      if (target) found.add(target);
    }
  }
  return [...found];
}

/** The import cycles among the files under `dir`: each strongly connected set of two or more (or a self-import). */
function importCycles(dir: string): string[][] {
  const files = sources(dir);
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, importsOf(file, known)]));
  // Tarjan's strongly connected components.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    low.set(file, index.get(file) ?? 0);
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(next) ?? 0));
      } else if (onStack.has(next)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(next) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(path.relative(ROOT, member));
    } while (member !== file);
    if (component.length > 1 || edges.get(file)?.includes(file)) cycles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

describe("import cycles", () => {
  it("none in server/src", () => {
    expect(importCycles(path.join(ROOT, "server/src"))).toEqual([]);
  });

  // One domain may use another, never both ways: a rule two domains share lives in a
  // third (modules/membership: a member's rank and the lock before their rows).
  it("none between the server's modules, as folders", () => {
    const modules = path.join(ROOT, "server/src/modules");
    const files = sources(modules);
    const known = new Set(files);
    const folderOf = (file: string) => path.relative(modules, file).split(path.sep)[0] ?? "";
    const uses = new Set<string>();
    for (const file of files) {
      for (const target of importsOf(file, known)) {
        if (folderOf(target) !== folderOf(file))
          uses.add(`${folderOf(file)} → ${folderOf(target)}`);
      }
    }
    const bothWays = [...uses].filter((edge) => {
      const [from, to] = edge.split(" → ");
      return uses.has(`${to} → ${from}`);
    });
    expect(bothWays).toEqual([]);
  });

  it("none in web/src", () => {
    expect(importCycles(path.join(ROOT, "web/src"))).toEqual([]);
  });

  // Both sides import the contract (money.ts, primitives.ts, the domains): it stays a tree too.
  it("none in packages/contract/src", () => {
    expect(importCycles(path.join(ROOT, "packages/contract/src"))).toEqual([]);
  });

  it("finds one when two files import each other", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cycle-"));
    try {
      fs.writeFileSync(
        path.join(dir, "a.ts"),
        'import type { B } from "./b";\nexport type A = B;\n',
      );
      fs.writeFileSync(
        path.join(dir, "b.ts"),
        'import type { A } from "./a";\nexport type B = A[];\n',
      );
      fs.writeFileSync(path.join(dir, "c.ts"), 'import "./a";\n');
      expect(importCycles(dir)).toEqual([
        [path.relative(ROOT, path.join(dir, "a.ts")), path.relative(ROOT, path.join(dir, "b.ts"))],
      ]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
