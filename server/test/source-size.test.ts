import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { SERVER_ROOT } from "../src/serverRoot";

// A file someone new can read whole: no server source file above 500 lines
// but the Drizzle schema (one table per block). Split a longer one by
// responsibility, as lib/lists/ is (docs/ARCHITECTURE.md).
const LIMIT = 500;
const EXEMPT = new Set(["src/db/schema.ts"]);

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return entry.name.endsWith(".ts") ? [file] : [];
  });
}

it(`no server source file is above ${LIMIT} lines but the schema`, () => {
  const long = sources(path.join(SERVER_ROOT, "src")).flatMap((file) => {
    const name = path.relative(SERVER_ROOT, file);
    const lines = fs.readFileSync(file, "utf8").split("\n").length - 1;
    return lines > LIMIT && !EXEMPT.has(name) ? [`${name}: ${lines} lines`] : [];
  });
  expect(long).toEqual([]);
});
