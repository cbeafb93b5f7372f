import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

/**
 * One process per embedded data folder. PGlite is PostgreSQL in single-user mode
 * inside this process: a second process on the same files hands out the same ids,
 * overwrites the first one's pages and leaves a folder that no longer opens.
 * See README.md ("What the embedded database promises").
 */

/** Answered when another live process holds the folder; its message is one line. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holderPid: number | undefined,
  ) {
    const who = holderPid === undefined ? "another process" : `another process (pid ${holderPid})`;
    super(
      `The data folder ${dataDir} is in use by ${who}; stop it first, or use DATABASE_URL (PostgreSQL) to run several processes.`,
    );
    this.name = "DataDirInUseError";
  }
}

export interface DataDirLock {
  /** The pid file beside the database, for people (and the fallback lock). */
  readonly pidFile: string;
  release(): Promise<void>;
}

export type LockStrategy = "socket" | "pidfile";

/** Name of the pid file inside DATA_DIR. */
export const PID_FILE_NAME = "pglite.pid";

/**
 * Takes the folder or throws DataDirInUseError at once.
 *
 * Linux: binds an abstract Unix socket named after the folder's real path. The
 * bind is atomic and the kernel drops the name when the process dies in any way
 * (kill -9 included), so a stale lock cannot exist. The holder answers a
 * connection with its pid so the refused process can name it.
 * Elsewhere: a pid file created exclusively, taken over when its pid is dead.
 */
export async function lockDataDir(
  dataDir: string,
  strategy: LockStrategy = process.platform === "linux" ? "socket" : "pidfile",
): Promise<DataDirLock> {
  fs.mkdirSync(dataDir, { recursive: true });
  // The real path: a symlink or a relative spelling of the same folder is the same lock.
  const folder = fs.realpathSync(dataDir);
  const pidFile = path.join(folder, PID_FILE_NAME);
  if (strategy === "socket") {
    const socketLock = await lockWithSocket(folder, pidFile);
    if (socketLock) return socketLock;
  }
  return lockWithPidFile(folder, pidFile);
}

/** The abstract socket's name: the whole of sun_path (108 bytes), so it is the same
 * whether a Node version passes its exact length or pads it with NULs. */
export function lockSocketName(folder: string): string {
  const hash = crypto.createHash("sha256").update(folder).digest("hex");
  return `\0store-pglite-${hash}`.padEnd(108, "-");
}

/** undefined when the socket cannot be bound for a reason other than "in use". */
async function lockWithSocket(folder: string, pidFile: string): Promise<DataDirLock | undefined> {
  const name = lockSocketName(folder);
  const server = net.createServer((connection) => {
    connection.on("error", () => {});
    connection.end(`${process.pid}\n`);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen({ path: name, exclusive: true }, () => {
        server.off("error", reject);
        resolve();
      });
    });
  } catch (error) {
    if (errorCode(error) === "EADDRINUSE") {
      const pid = (await askHolderPid(name)) ?? readPid(pidFile);
      throw new DataDirInUseError(folder, pid);
    }
    return undefined;
  }
  // The lock must not keep a process alive that has nothing else to do.
  server.unref();
  server.on("error", () => {});
  writePidFile(pidFile);
  return {
    pidFile,
    async release() {
      removeOwnPidFile(pidFile);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The holder writes its pid and hangs up; a busy holder may not answer in time. */
function askHolderPid(name: string, timeoutMs = 1500): Promise<number | undefined> {
  return new Promise((resolve) => {
    let text = "";
    const socket = net.connect({ path: name });
    const done = (pid: number | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(pid);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      text += chunk;
    });
    socket.on("end", () => done(parsePid(text)));
    socket.on("error", () => done(undefined));
  });
}

/**
 * Fallback: the pid file itself is the lock ('wx' creates it only if absent). A
 * file whose pid is not alive was left by a killed process and is taken over.
 * Weaker than the socket: a reused pid blocks (the message names it, so the file
 * can be removed by hand), and two processes taking over one stale file at the
 * same instant can both win.
 */
function lockWithPidFile(folder: string, pidFile: string): DataDirLock {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(pidFile, `${process.pid}\n`, { flag: "wx" });
      return {
        pidFile,
        async release() {
          removeOwnPidFile(pidFile);
        },
      };
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
    }
    const pid = readPid(pidFile);
    // Our own pid in the file is a previous life of this pid (a restarted container).
    if (pid === undefined ? justWritten(pidFile) : pid !== process.pid && isAlive(pid)) {
      throw new DataDirInUseError(folder, pid);
    }
    fs.rmSync(pidFile, { force: true });
  }
  throw new DataDirInUseError(folder, readPid(pidFile));
}

/** An empty pid file younger than this is a start in progress, not a stale lock. */
function justWritten(pidFile: string): boolean {
  try {
    return Date.now() - fs.statSync(pidFile).mtimeMs < 5000;
  } catch {
    return false;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return errorCode(error) === "EPERM";
  }
}

function writePidFile(pidFile: string): void {
  try {
    fs.writeFileSync(pidFile, `${process.pid}\n`);
  } catch {
    // Only a note for people; the socket is the lock.
  }
}

function removeOwnPidFile(pidFile: string): void {
  if (readPid(pidFile) === process.pid) fs.rmSync(pidFile, { force: true });
}

function readPid(pidFile: string): number | undefined {
  try {
    return parsePid(fs.readFileSync(pidFile, "utf8"));
  } catch {
    return undefined;
  }
}

function parsePid(text: string): number | undefined {
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}
