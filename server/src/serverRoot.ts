import fs from "node:fs";
import path from "node:path";

/**
 * The server package's folder (the one holding its package.json), found from
 * this module's own place: the same answer whether the code runs as source
 * (server/src/…, `npm run dev`) or as the compiled bundle (server/dist/main.js,
 * `npm start`), so the migrations and the web app's files resolve in both.
 */
export const SERVER_ROOT = findServerRoot(import.meta.dirname);

function findServerRoot(start: string): string {
  for (let dir = start; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, "package.json"))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}
