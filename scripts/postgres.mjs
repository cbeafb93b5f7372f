// Starts a throw-away PostgreSQL server on loopback for the test suite and
// stops it afterwards. Uses the machine's PostgreSQL binaries (installed with
// apt-get when missing); as root, runs them as the postgres user.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

function findBin() {
  const candidates = [
    "/usr/lib/postgresql/17/bin",
    "/usr/lib/postgresql/16/bin",
    "/usr/lib/postgresql/15/bin",
  ];
  return candidates.find((dir) => fs.existsSync(path.join(dir, "initdb")));
}

export function ensurePostgresBinaries() {
  let bin = findBin();
  if (!bin && process.getuid?.() === 0) {
    console.log("PostgreSQL binaries missing: installing the Debian package postgresql.");
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "-qq", "postgresql"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    bin = findBin();
  }
  return bin;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/** Answers { url, stop } for a fresh cluster, or null when none can be started. */
export async function startPostgres() {
  const bin = ensurePostgresBinaries();
  if (!bin) return null;
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "store-pg-"));
  const dataDir = path.join(dir, "data");
  const run = (cmd, args) => {
    const full = path.join(bin, cmd);
    const [file, argv] = asRoot
      ? ["runuser", ["-u", "postgres", "--", full, ...args]]
      : [full, args];
    return execFileSync(file, argv, { stdio: ["ignore", "pipe", "pipe"], cwd: "/" });
  };
  if (asRoot) execFileSync("chown", ["-R", "postgres:postgres", dir]);
  fs.chmodSync(dir, 0o777);
  run("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"]);
  const port = await freePort();
  run("pg_ctl", [
    "-D",
    dataDir,
    "-l",
    path.join(dir, "log"),
    "-w",
    "start",
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "stop"]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
