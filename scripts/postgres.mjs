// Starts a throw-away PostgreSQL server on loopback for the test suite and
// stops it afterwards. Uses PostgreSQL's binaries from PG_BIN, Debian's folders or
// the PATH (installed with apt-get on Debian as root when missing); as root, runs
// them as the postgres user.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./freePort.mjs";

const WHERE_LOOKED = "PG_BIN, /usr/lib/postgresql/*/bin (Debian), the PATH";

/** The folder holding initdb and pg_ctl: PG_BIN, Debian's newest version, or the PATH. */
function findBin() {
  const has = (dir) =>
    fs.existsSync(path.join(dir, "initdb")) && fs.existsSync(path.join(dir, "pg_ctl"));
  if (process.env.PG_BIN) return has(process.env.PG_BIN) ? process.env.PG_BIN : undefined;
  const debian = "/usr/lib/postgresql";
  const versions = fs.existsSync(debian)
    ? fs
        .readdirSync(debian)
        .filter((v) => /^\d+$/.test(v))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  const onPath = (process.env.PATH ?? "").split(path.delimiter).filter(Boolean);
  return [...versions.map((v) => path.join(debian, v, "bin")), ...onPath].find(has);
}

const isDebian = () => fs.existsSync("/usr/bin/apt-get") && fs.existsSync("/etc/debian_version");

/**
 * initdb and pg_ctl, installed with apt-get on Debian as root when missing.
 * Elsewhere (or without root) it says exactly what is missing and returns undefined.
 */
export function ensurePostgresBinaries() {
  let bin = findBin();
  if (!bin && !process.env.PG_BIN && isDebian() && process.getuid?.() === 0) {
    console.log("PostgreSQL binaries missing: installing the Debian package postgresql.");
    spawnSync("apt-get", ["update", "-qq"], { stdio: "inherit" });
    spawnSync("apt-get", ["install", "-y", "-qq", "postgresql"], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    bin = findBin();
  }
  if (!bin) console.error(postgresMissing());
  return bin;
}

/** What is missing and the ways to point the tests at a PostgreSQL. */
export function postgresMissing() {
  const found = process.env.PG_BIN
    ? `PG_BIN=${process.env.PG_BIN} holds no initdb and pg_ctl.`
    : `PostgreSQL's initdb and pg_ctl were not found (looked in ${WHERE_LOOKED}).`;
  const install = isDebian()
    ? "  - as root, `apt-get install postgresql` (npm test does this itself when run as root), or"
    : "  - install PostgreSQL 15 or newer with the system's package manager, or";
  return [
    found,
    "The tests on PostgreSQL need one of:",
    install,
    "  - PG_BIN=/folder/with/initdb (e.g. PG_BIN=/usr/lib/postgresql/17/bin or $(pg_config --bindir)), or",
    "  - TEST_DATABASE_URL=postgres://user@host:port/postgres, a server the tests may create databases on.",
  ].join("\n");
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
