import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import type { Database } from "../db/client";
import type { UploadStorage } from "../modules/uploads/storage";
import { createBackup } from "./backup";

/**
 * How `npm run backup` reaches a running embedded store, whose folder only
 * the server may open (docs/decisions/embedded-one-process.md): the server
 * answers on a local socket named after DATA_DIR, never on the network. The
 * caller must show the token the server wrote into DATA_DIR (mode 0600), so
 * only an account that may read the data folder anyway gets a backup
 * (docs/decisions/backups.md).
 */

export const TOKEN_FILE_NAME = "backup.token";

/** Linux: an abstract socket (no file, no length limit on DATA_DIR); elsewhere a pipe or a socket file. */
export function backupSocketPath(dataDir: string): string {
  const folder = fs.realpathSync(dataDir);
  const hash = crypto.createHash("sha256").update(folder).digest("hex");
  if (process.platform === "linux") return `\0store-backup-${hash}`.padEnd(108, "-");
  if (process.platform === "win32") return `\\\\.\\pipe\\store-backup-${hash}`;
  return path.join(folder, "backup.sock");
}

interface Answer {
  ok: boolean;
  bytes?: number;
  error?: string;
}

export interface BackupServer {
  close(): Promise<void>;
}

/** Serves backups of the open embedded store to `npm run backup` on this machine. */
export async function serveBackups(
  database: Database,
  storage: UploadStorage,
  dataDir: string,
  log: (message: string) => void,
  /** BACKUP_SIGNING_KEY: the archive's manifest signed with it (backup/signature.ts). */
  signingKey?: string,
): Promise<BackupServer> {
  const token = crypto.randomBytes(32).toString("hex");
  const tokenFile = path.join(dataDir, TOKEN_FILE_NAME);
  fs.writeFileSync(tokenFile, `${token}\n`, { mode: 0o600 });
  fs.chmodSync(tokenFile, 0o600);
  const where = backupSocketPath(dataDir);
  if (!where.startsWith("\0") && process.platform !== "win32") fs.rmSync(where, { force: true });
  const server = net.createServer((socket) => {
    socket.on("error", () => {});
    answer(socket).catch(() => socket.destroy());
  });
  const answer = async (socket: net.Socket) => {
    const line = await firstLine(socket);
    const shown = Buffer.from(line ?? "");
    const expected = Buffer.from(token);
    if (shown.length !== expected.length || !crypto.timingSafeEqual(shown, expected)) {
      socket.end(`${JSON.stringify({ ok: false, error: "The backup token is wrong." })}\n`);
      return;
    }
    const file = path.join(
      fs.mkdtempSync(path.join(os.tmpdir(), "store-backup-out-")),
      "backup.tar.gz",
    );
    try {
      await createBackup(database, { file, storage, signingKey });
      const { size } = fs.statSync(file);
      socket.write(`${JSON.stringify({ ok: true, bytes: size } satisfies Answer)}\n`);
      await pipeline(fs.createReadStream(file), socket);
      log(`Backup sent to npm run backup (${size} bytes).`);
    } catch (error) {
      const message = (error as Error).message;
      log(`Backup failed: ${message}`);
      if (!socket.destroyed) socket.end(`${JSON.stringify({ ok: false, error: message })}\n`);
    } finally {
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen({ path: where, exclusive: true }, () => {
      server.off("error", reject);
      resolve();
    });
  });
  server.unref();
  return {
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(tokenFile, { force: true });
    },
  };
}

/** The first line a client sends (at most 200 bytes, within 10 s). */
function firstLine(socket: net.Socket): Promise<string | undefined> {
  return new Promise((resolve) => {
    let text = "";
    const done = (line: string | undefined) => {
      clearTimeout(timer);
      socket.off("data", onData);
      resolve(line);
    };
    const timer = setTimeout(() => done(undefined), 10_000);
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const end = text.indexOf("\n");
      if (end >= 0) done(text.slice(0, end));
      else if (text.length > 200) done(undefined);
    };
    socket.on("data", onData);
    socket.on("end", () => done(undefined));
  });
}

/** Asks the server holding DATA_DIR for a backup and writes it to `file`. */
export async function backupFromRunningServer(dataDir: string, file: string): Promise<void> {
  let token: string;
  try {
    token = fs.readFileSync(path.join(dataDir, TOKEN_FILE_NAME), "utf8").trim();
  } catch {
    throw new Error(
      `The server using ${dataDir} does not answer backups (no ${TOKEN_FILE_NAME}; a version before backups?): stop it and run the backup again.`,
    );
  }
  const partial = `${file}.partial-${process.pid}`;
  const socket = net.connect({ path: backupSocketPath(dataDir) });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("error", reject);
    });
    socket.write(`${token}\n`);
    const { header, rest } = await readHeader(socket);
    const answer = JSON.parse(header) as Answer;
    if (!answer.ok)
      throw new Error(`The running server could not make the backup: ${answer.error}`);
    const out = fs.createWriteStream(partial, { mode: 0o600 });
    out.write(rest);
    await pipeline(socket, out);
    const { size } = fs.statSync(partial);
    if (size !== answer.bytes) {
      throw new Error(`The backup stopped after ${size} of ${answer.bytes} bytes.`);
    }
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    socket.destroy();
  }
}

function readHeader(socket: net.Socket): Promise<{ header: string; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let got = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      got = Buffer.concat([got, chunk]);
      const end = got.indexOf(10);
      if (end < 0) return;
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.pause();
      resolve({ header: got.subarray(0, end).toString("utf8"), rest: got.subarray(end + 1) });
    };
    const onEnd = () =>
      reject(new Error("The running server closed the connection without a backup."));
    socket.on("data", onData);
    socket.once("end", onEnd);
    socket.once("error", reject);
  });
}
