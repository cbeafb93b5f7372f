/**
 * Images of a store from before migration 0020 were files under
 * DATA_DIR/uploads. On start they move in (docs/decisions/uploads-in-database.md):
 * each file is stored through the upload storage under its content's name,
 * every record naming it is rewritten, a batch per transaction; then the file
 * moves to DATA_DIR/uploads.moved, which the operator deletes once satisfied.
 * A second start finds no file and does nothing; a start cut short does the
 * rest (storing the same bytes again changes nothing).
 */
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../../db/client";
import { renameImages } from "./references";
import { imageOf } from "./service";
import type { UploadStorage } from "./storage";

const BATCH = 50;

export interface MoveInResult {
  /** Files stored and renamed in the records. */
  moved: number;
  /** Files that are no image: set aside, not stored. */
  skipped: string[];
}

export async function moveInUploadFiles(
  db: Db,
  storage: UploadStorage,
  dataDir: string,
): Promise<MoveInResult> {
  const folder = path.join(dataDir, "uploads");
  const result: MoveInResult = { moved: 0, skipped: [] };
  if (!fs.existsSync(folder)) return result;
  const names = fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  const setAside = path.join(dataDir, "uploads.moved");
  for (let at = 0; at < names.length; at += BATCH) {
    const batch = names.slice(at, at + BATCH);
    const images = await Promise.all(
      batch.map(async (name) => {
        const content = await fs.promises.readFile(path.join(folder, name));
        return { name, content, image: await imageOf(content) };
      }),
    );
    await db.transaction(async (tx) => {
      const renames = new Map<string, string>();
      for (const { name, content, image } of images) {
        if (!image) continue;
        await storage.put(image.key, content, image.contentType, tx);
        renames.set(name, image.key);
      }
      await renameImages(tx, renames);
    });
    fs.mkdirSync(setAside, { recursive: true });
    for (const { name, image } of images) {
      fs.renameSync(path.join(folder, name), path.join(setAside, name));
      if (image) result.moved++;
      else result.skipped.push(name);
    }
  }
  // An empty folder left behind would look like images still to move.
  if (fs.readdirSync(folder).length === 0) fs.rmdirSync(folder);
  return result;
}
