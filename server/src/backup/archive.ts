import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

/**
 * The backup archive's container: a gzip-compressed POSIX tar (ustar), so an
 * operator can list it with `tar -tzf`. Only regular files with short names
 * are written and read (docs/decisions/backups.md); anything else in an
 * archive is refused.
 */

const BLOCK = 512;

/** A member to write: its name in the archive and the file that holds it. */
export interface ArchiveMember {
  name: string;
  file: string;
}

/** The names an archive may hold: nothing that could land outside the folder it is unpacked into. */
const SAFE_NAME = /^[A-Za-z0-9_-][A-Za-z0-9._-]*(\/[A-Za-z0-9_-][A-Za-z0-9._-]*)*$/;

export function isSafeMemberName(name: string): boolean {
  return name.length <= 99 && SAFE_NAME.test(name) && !name.split("/").includes("..");
}

function header(name: string, size: number, mtime: number): Buffer {
  const block = Buffer.alloc(BLOCK, 0);
  const put = (text: string, offset: number, length: number) =>
    block.write(text, offset, length, "ascii");
  const octal = (value: number, length: number) => value.toString(8).padStart(length - 1, "0");
  put(name, 0, 100);
  put(octal(0o600, 8), 100, 8);
  put(octal(0, 8), 108, 8);
  put(octal(0, 8), 116, 8);
  put(octal(size, 12), 124, 12);
  put(octal(mtime, 12), 136, 12);
  put("        ", 148, 8);
  put("0", 156, 1);
  put("ustar\u000000", 257, 8);
  let sum = 0;
  for (const byte of block) sum += byte;
  put(`${octal(sum, 7)}\u0000`, 148, 8);
  return block;
}

/** Bytes compressed at a time: each chunk is its own gzip member (gunzip and tar read them as one stream). */
const CHUNK = 1 << 20;

/**
 * Writes the members, in order, as one .tar.gz file (through a temporary name,
 * then renamed). Synchronous on purpose: inside a busy embedded server every
 * asynchronous read waits its turn behind requests that each hold the thread
 * for PGlite's work, and a thousand small waits made a backup take minutes;
 * written in one go it holds the thread about as long as gzip takes.
 */
export function writeArchive(target: string, members: ArchiveMember[]): void {
  const partial = `${target}.partial-${process.pid}`;
  const mtime = Math.floor(Date.now() / 1000);
  const out = fs.openSync(partial, "w", 0o600);
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = () => {
    if (pendingBytes === 0) return;
    fs.writeSync(out, zlib.gzipSync(Buffer.concat(pending)));
    pending = [];
    pendingBytes = 0;
  };
  const put = (bytes: Buffer) => {
    pending.push(bytes);
    pendingBytes += bytes.length;
    if (pendingBytes >= CHUNK) flush();
  };
  try {
    for (const member of members) {
      if (!isSafeMemberName(member.name)) throw new Error(`Not an archive name: ${member.name}`);
      const input = fs.openSync(member.file, "r");
      try {
        const { size } = fs.fstatSync(input);
        put(header(member.name, size, mtime));
        let left = size;
        while (left > 0) {
          const chunk = Buffer.alloc(Math.min(CHUNK, left));
          const read = fs.readSync(input, chunk, 0, chunk.length, null);
          if (read === 0) throw new Error(`${member.file} changed while it was archived.`);
          put(read === chunk.length ? chunk : chunk.subarray(0, read));
          left -= read;
        }
        if (size % BLOCK) put(Buffer.alloc(BLOCK - (size % BLOCK), 0));
      } finally {
        fs.closeSync(input);
      }
    }
    put(Buffer.alloc(BLOCK * 2, 0));
    flush();
    fs.fsyncSync(out);
    fs.closeSync(out);
    fs.renameSync(partial, target);
  } catch (error) {
    try {
      fs.closeSync(out);
    } catch {
      // Already closed.
    }
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

/** What was unpacked: each member's size and sha-256, by name. */
export type Unpacked = Map<string, { bytes: number; sha256: string }>;

/** Thrown for an archive that cannot be read as one: the message is for the operator. */
export class ArchiveError extends Error {
  override name = "ArchiveError";
}

/**
 * Unpacks a .tar.gz into `folder`, hashing each member as it is written.
 * Refuses (ArchiveError) a damaged stream, a member that is not a plain file,
 * an unsafe or repeated name.
 */
export async function unpackArchive(source: string, folder: string): Promise<Unpacked> {
  const found: Unpacked = new Map();
  let pending: Buffer = Buffer.alloc(0);
  let current:
    | { name: string; left: number; padding: number; out: fs.WriteStream; hash: crypto.Hash }
    | undefined;
  let skipping = 0;
  let ended = false;

  const finishMember = async () => {
    if (!current) return;
    const member = current;
    current = undefined;
    await new Promise<void>((resolve, reject) =>
      member.out.end((error?: Error | null) => (error ? reject(error) : resolve())),
    );
    const bytes = (await fs.promises.stat(path.join(folder, member.name))).size;
    found.set(member.name, { bytes, sha256: member.hash.digest("hex") });
    skipping = member.padding;
  };

  const take = async (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (pending.length > 0 && !ended) {
      if (current) {
        const part = pending.subarray(0, Math.min(current.left, pending.length));
        pending = pending.subarray(part.length);
        current.left -= part.length;
        current.hash.update(part);
        if (!current.out.write(part)) {
          const out = current.out;
          await new Promise<void>((resolve) => out.once("drain", resolve));
        }
        if (current.left === 0) await finishMember();
        continue;
      }
      if (skipping > 0) {
        const skipped = Math.min(skipping, pending.length);
        pending = pending.subarray(skipped);
        skipping -= skipped;
        continue;
      }
      if (pending.length < BLOCK) return;
      const block = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (block.every((byte) => byte === 0)) {
        ended = true;
        return;
      }
      current = await openMember(block, folder, found);
      if (current.left === 0) await finishMember();
    }
  };

  try {
    await pipeline(fs.createReadStream(source), zlib.createGunzip(), async (chunks) => {
      for await (const chunk of chunks) await take(chunk as Buffer);
    });
  } catch (error) {
    // A write stream opens and closes its file in the background: wait for it,
    // so no file appears in the folder after the caller has removed it.
    const out = current?.out;
    if (out && !out.closed) {
      const closed = new Promise<void>((resolve) => out.once("close", () => resolve()));
      out.destroy();
      await closed;
    }
    if (error instanceof ArchiveError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new ArchiveError(`No archive at ${source}.`);
    throw new ArchiveError(
      `The archive ${source} is damaged and cannot be read (${(error as Error).message}).`,
    );
  }
  if (current || !ended)
    throw new ArchiveError(`The archive ${source} ends before its last member.`);
  return found;
}

async function openMember(block: Buffer, folder: string, found: Unpacked) {
  const text = (offset: number, length: number) =>
    block.toString("ascii", offset, offset + length).replace(/\0.*$/s, "");
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (block[i] ?? 0);
  if (Number.parseInt(text(148, 8).trim(), 8) !== sum) {
    throw new ArchiveError("The archive is damaged: a member's header does not add up.");
  }
  const prefix = text(345, 155);
  const name = prefix ? `${prefix}/${text(0, 100)}` : text(0, 100);
  const type = text(156, 1);
  if (type !== "0" && type !== "") throw new ArchiveError(`The archive holds ${name}, not a file.`);
  if (!isSafeMemberName(name) || found.has(name)) {
    throw new ArchiveError(`The archive holds a member this store never writes: ${name}.`);
  }
  const size = Number.parseInt(text(124, 12).trim(), 8);
  if (!Number.isSafeInteger(size) || size < 0) {
    throw new ArchiveError(`The archive is damaged: ${name} has no size.`);
  }
  const file = path.join(folder, name);
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  return {
    name,
    left: size,
    padding: size % BLOCK ? BLOCK - (size % BLOCK) : 0,
    out: fs.createWriteStream(file, { mode: 0o600 }),
    hash: crypto.createHash("sha256"),
  };
}
