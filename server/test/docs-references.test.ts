import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The docs are records a reader follows from the code (docs/ARCHITECTURE.md,
// "Docs: decisions and figures"): a comment that cites a file which was
// renamed or removed sends the next person nowhere, so every cited docs/...
// path must exist, and every decision record must be findable and readable.

const root = path.resolve(import.meta.dirname, "../..");
const decisionsDir = path.join(root, "docs/decisions");

/** Folders that hold no source of ours: installed packages, builds, databases, test output. */
const skippedFolders = new Set([
  "node_modules",
  "dist",
  "data",
  "coverage",
  "test-results",
  "playwright-report",
]);
const citingFiles = /\.(ts|tsx|mts|js|mjs|cjs|sql|md|css|html|json|ya?ml)$/;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith(".") || skippedFolders.has(entry.name)) return [];
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return citingFiles.test(entry.name) && entry.name !== "package-lock.json" ? [full] : [];
  });
}

/**
 * Every `docs/...` path a file cites, with its line. Not preceded by a word
 * character, a slash or a dot, so URLs such as /api/docs/json are not
 * citations; a trailing dot or comma ends the sentence, not the path.
 */
function citedDocs(text: string): { cited: string; line: number }[] {
  const found: { cited: string; line: number }[] = [];
  for (const match of text.matchAll(/(?<![\w/.-])docs\/[\w./-]*[\w/]/g)) {
    const line = text.slice(0, match.index).split("\n").length;
    found.push({ cited: match[0], line });
  }
  return found;
}

const records = fs
  .readdirSync(decisionsDir)
  .filter((name) => name.endsWith(".md") && name !== "README.md")
  .sort();

describe("docs/... citations", () => {
  it("finds citations the way a reader would, and skips URLs", () => {
    expect(
      citedDocs(
        '// see docs/decisions/running-totals.md, and docs/BENCHMARKS.md.\n("docs/SECURITY.md") GET /api/docs/json',
      ),
    ).toEqual([
      { cited: "docs/decisions/running-totals.md", line: 1 },
      { cited: "docs/BENCHMARKS.md", line: 1 },
      { cited: "docs/SECURITY.md", line: 2 },
    ]);
  });

  it("names only files and folders that exist", () => {
    const files = sourceFiles(root);
    // The walk must reach the source, the tests, the migrations and the docs.
    for (const expected of [
      "server/src/app.ts",
      "server/drizzle",
      "web/src/routes.tsx",
      "e2e/tests",
      "README.md",
    ]) {
      expect(files.some((file) => path.relative(root, file).startsWith(expected))).toBe(true);
    }
    const missing = files.flatMap((file) =>
      citedDocs(fs.readFileSync(file, "utf8"))
        .filter(({ cited }) => !fs.existsSync(path.join(root, cited)))
        .map(({ cited, line }) => `${path.relative(root, file)}:${line} cites ${cited}`),
    );
    expect(missing).toEqual([]);
  });
});

describe("decision records (docs/decisions/)", () => {
  it("has records", () => {
    expect(records.length).toBeGreaterThan(20);
  });

  it.each(records)("%s has a title, a status and the three sections", (name) => {
    const lines = fs.readFileSync(path.join(decisionsDir, name), "utf8").split("\n");
    expect(lines[0]).toMatch(/^# \S/);
    const status = lines[1] ?? "";
    expect(status).toMatch(/^Status: (accepted \(\d{4}-\d{2}-\d{2}\)|superseded by [\w-]+\.md)$/);
    const replacedBy = /superseded by ([\w-]+\.md)/.exec(status)?.[1];
    if (replacedBy) expect(records).toContain(replacedBy);
    const headings = lines
      .filter((line) => line.startsWith("## "))
      .map((line) => line.slice(3).trim());
    expect(headings).toEqual(expect.arrayContaining(["Context", "Decision", "Consequences"]));
  });

  it("cites other records by names that exist", () => {
    const missing = records.flatMap((name) => {
      const text = fs.readFileSync(path.join(decisionsDir, name), "utf8");
      return [...text.matchAll(/(?<![\w/.-])([a-z0-9]+(?:-[a-z0-9]+)*\.md)\b/g)]
        .map((match) => match[1] ?? "")
        .filter((cited) => !records.includes(cited))
        .map((cited) => `${name} cites ${cited}`);
    });
    expect(missing).toEqual([]);
  });

  it("lists every record in the index (docs/decisions/README.md)", () => {
    const index = fs.readFileSync(path.join(decisionsDir, "README.md"), "utf8");
    const unlisted = records.filter((name) => !index.includes(`(${name})`));
    expect(unlisted, "add a row for each to the table of its area").toEqual([]);
  });
});

describe("docs/BENCHMARKS.md and docs/benchmarks/", () => {
  it("keeps the markers the benchmarks rewrite their tables between", () => {
    const pages = {
      "http:postgres": "http-postgres",
      "http:pglite": "http-pglite",
      durability: "durability",
    };
    for (const [marker, name] of Object.entries(pages)) {
      const page = fs.readFileSync(path.join(root, `docs/benchmarks/${name}.md`), "utf8");
      expect(page).toContain(`<!-- bench:${marker}:start -->`);
      expect(page).toContain(`<!-- bench:${marker}:end -->`);
    }
  });

  it("keeps the summary to one page, linking each detail page", () => {
    const summary = fs.readFileSync(path.join(root, "docs/BENCHMARKS.md"), "utf8");
    expect(summary.split("\n").length).toBeLessThanOrEqual(60);
    for (const name of fs.readdirSync(path.join(root, "docs/benchmarks"))) {
      expect(summary, name).toContain(`(benchmarks/${name})`);
    }
  });
});
