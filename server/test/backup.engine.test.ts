/**
 * Backup and restore (docs/decisions/backups.md) on the engine the suite runs
 * on: an archive taken while writes go on restores to a store whose counts and
 * money equal the manifest and whose reconcile is clean, and which takes new
 * writes (sequences, triggers, running totals); a changed or cut archive and a
 * non-empty target are refused with nothing written; a member changed on
 * purpose with its checksum rewritten in the manifest is caught by the
 * manifest's signature, and an unsigned archive passes only when allowed.
 */
import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { unpackArchive, writeArchive } from "../src/backup/archive";
import { createBackup } from "../src/backup/backup";
import type { Manifest } from "../src/backup/manifest";
import {
  RestoreRefused,
  type RestoreResult,
  restoreBackup,
  restoreIntoOpen,
} from "../src/backup/restore";
import { moneySums } from "../src/backup/snapshot";
import { type Database, isNewPgliteStore, openDatabase } from "../src/db/client";
import { jobs } from "../src/db/schema";
import { seedDemoStore } from "../src/db/seed/demo";
import { SMALL_STORE } from "./backup.fixtures";
import { createTestContext, pgliteTemplate, type TestContext } from "./helpers";
import { insertOrder, setCommission } from "./ledger.fixtures";
import { insertUser } from "./people.fixtures";
import { adminQuery } from "./storeTemplate";

const server = process.env.TEST_DATABASE_URL;
const timeZone = "Asia/Kuala_Lumpur";
/** BACKUP_SIGNING_KEY of these tests: the archive is signed with it and checked with it. */
const signingKey = `backup-test-key-${randomBytes(16).toString("hex")}`;
let ctx: TestContext;
let work: string;
const created: string[] = [];

/** An empty target of this engine: a new database, or a new DATA_DIR. */
async function emptyTarget(): Promise<{ databaseUrl?: string; dataDir: string }> {
  const dataDir = fs.mkdtempSync(path.join(work, "target-"));
  if (!server) return { dataDir };
  const name = `restore_${randomBytes(6).toString("hex")}`;
  await adminQuery(server, `create database ${name}`);
  created.push(name);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { databaseUrl: url.toString(), dataDir };
}

/**
 * Restores `archive` on this engine. PostgreSQL: into a new empty database, the
 * whole command's way. PGlite: into an in-memory copy of the migrated test
 * template (a new folder costs half a minute of migrations on a busy machine;
 * backup-embedded.long.test.ts restores into folders).
 */
async function restoreHere(
  archive: string,
): Promise<{ result: RestoreResult; database: Database }> {
  if (server) {
    const target = await emptyTarget();
    const result = await restoreBackup(archive, { ...target, timeZone, signingKey });
    const database = await openDatabase({ databaseUrl: target.databaseUrl, timeZone });
    opened.push(database);
    targets.push(target);
    return { result, database };
  }
  const database = await openDatabase({ timeZone, loadDataDir: pgliteTemplate() });
  opened.push(database);
  return { result: await restoreIntoOpen(archive, database, { signingKey }), database };
}
const opened: Database[] = [];
const targets: { databaseUrl?: string; dataDir: string }[] = [];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
  ctx = await createTestContext();
  await seedDemoStore(ctx.db, ctx.app.uploadStorage, SMALL_STORE);
  await setCommission(ctx.db, 1);
}, 180_000);

afterAll(async () => {
  for (const database of opened) await database.close();
  await ctx?.close();
  for (const name of created)
    await adminQuery(server ?? "", `drop database if exists ${name} with (force)`);
  fs.rmSync(work, { recursive: true, force: true });
});

// Restores migrate a new database: minutes on a machine shared by many test runs.
describe("a backup taken under writes", { timeout: 180_000 }, () => {
  let archive: string;
  let manifest: Manifest;
  let restored: Database;

  it("restores to a store whose counts and money equal the manifest and whose reconcile is clean", async () => {
    archive = path.join(work, "under-writes.tar.gz");
    // Orders completed through the API (ledger entries, commission, PV) while the backup reads.
    let writing = true;
    let acknowledged = 0;
    const writer = (async () => {
      const referrer = await insertUser(ctx.db, { membership: 2 });
      while (writing) {
        const buyer = await insertUser(ctx.db, { membership: 3, referral_of: referrer });
        const order = await insertOrder(ctx.db, buyer, "120.50", "12.05");
        const done = await ctx.call("PUT", `/api/orders/${order}`, {
          order_status: 6,
          tracking_number: "MY1",
        });
        expect(done.statusCode).toBe(200);
        acknowledged++;
        // A stream, not a flood: a server's requests arrive over sockets, between which the loop runs.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const source: Database = {
      db: ctx.db,
      kind: server ? "postgres" : "pglite",
      exclusive: (run) => run(),
      close: async () => {},
    };
    // Caught running by the backup: a scheduled backup's own job, and a check of the books.
    await ctx.db.insert(jobs).values(
      ["backup", "reconcile"].map((kind) => ({
        kind,
        key: "caught-running",
        status: "running" as const,
        tries: 1,
        locked_by: "a server long gone",
        lock_until: sql`now() + interval '1 minute'`,
      })),
    );
    // Let the writes start, then take the backup in the middle of them.
    while (acknowledged < 2) await new Promise((resolve) => setTimeout(resolve, 10));
    manifest = await createBackup(source, {
      file: archive,
      storage: ctx.app.uploadStorage,
      signingKey,
    });
    // And writes go on after it.
    const after = acknowledged;
    while (acknowledged < after + 2) await new Promise((resolve) => setTimeout(resolve, 10));
    writing = false;
    await writer;
    const { rows } = await ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from orders`,
    );
    expect(manifest.counts.orders).toBeGreaterThan(12);
    expect(manifest.counts.orders).toBeLessThan(rows[0]?.n ?? 0);
    expect(manifest.counts.uploads).toBeGreaterThan(0);

    const { result, database } = await restoreHere(archive);
    restored = database;
    expect(result.signature).toEqual({ signed: true });
    expect(result.counts).toEqual(manifest.counts);
    expect(result.reconcile.mismatches).toEqual([]);
    expect(result.reconcile.order_mismatches).toEqual([]);
    // The backup's job is done (this archive is its work); the other waits for someone's retry.
    const caught = await restored.db
      .select({ kind: jobs.kind, status: jobs.status, last_error: jobs.last_error })
      .from(jobs)
      .where(eq(jobs.key, "caught-running"))
      .orderBy(jobs.kind);
    expect(caught).toEqual([
      { kind: "backup", status: "done", last_error: null },
      {
        kind: "reconcile",
        status: "failed",
        last_error: "Running when the backup was taken: retry it if it is still wanted.",
      },
    ]);
    // The demo store's orders, field for field (the writer's may be caught between
    // insert and completion: reconcile above finds each one's money matching its status).
    const sample = sql`select orders_id, order_number, total_price::text, order_status, completed_at::text
      from orders where order_number not like 'ORD-L%' order by orders_id`;
    const back = (await restored.db.execute(sample)).rows;
    expect(back).toHaveLength(12);
    expect(back).toEqual((await ctx.db.execute(sample)).rows);
    // Planned on fresh statistics from its first call: every store table was analysed.
    const neverAnalysed = await restored.db.execute<{ table: string }>(
      sql`select c.relname as "table" from pg_class c
        where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace
          and c.relname <> '__drizzle_migrations' and c.reltuples < 0`,
    );
    expect(neverAnalysed.rows).toEqual([]);
    // Every image is back, byte for byte (its row carries it).
    const images = sql`select name, md5(content) as sum from uploads order by name`;
    const imagesBack = (await restored.db.execute(images)).rows;
    expect(imagesBack.length).toBeGreaterThan(0);
    expect(imagesBack).toEqual((await ctx.db.execute(images)).rows);
  });

  it("leaves sequences, triggers and running totals working: a new order is counted", async () => {
    expect(await moneySums(restored.db)).toEqual(manifest.money);
    const totalOrders = async () =>
      Number(
        (
          await restored.db.execute<{ v: string }>(
            sql`select coalesce(sum(value), 0)::text as v from running_totals where name like 'orders.status:%'`,
          )
        ).rows[0]?.v,
      );
    const before = await totalOrders();
    expect(before).toBe(manifest.counts.orders);
    const buyer = await insertUser(restored.db, { membership: 3 });
    const order = await insertOrder(restored.db, buyer, "10.00", "1.00");
    expect(order).toBeGreaterThan(0);
    expect(await totalOrders()).toBe(before + 1);
  });

  it("refuses a target that holds a store, and replaces it when told", async () => {
    if (server) {
      const target = targets[0] ?? (await emptyTarget());
      await expect(restoreBackup(archive, { ...target, timeZone, signingKey })).rejects.toThrow(
        /is not empty.*--force/,
      );
      const again = await restoreBackup(archive, {
        ...target,
        timeZone,
        force: true,
        signingKey,
      });
      expect(again.counts).toEqual(manifest.counts);
    } else {
      // A DATA_DIR that holds a PGlite cluster is a store's (a whole one, and
      // --force: backup-embedded.long.test.ts).
      const dataDir = fs.mkdtempSync(path.join(work, "target-"));
      fs.mkdirSync(path.join(dataDir, "pglite"));
      fs.writeFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "17\n");
      await expect(restoreBackup(archive, { dataDir, timeZone, signingKey })).rejects.toThrow(
        /holds a store.*--force/,
      );
      expect(fs.readdirSync(path.join(dataDir, "pglite"))).toEqual(["PG_VERSION"]);
    }
  });

  it("refuses a changed byte, a removed member or a damaged file, and writes nothing", async () => {
    const members = path.join(work, "members");
    const found = await unpackArchive(archive, members);
    const names = [...found.keys()];
    const repack = async (file: string, skip?: string) =>
      writeArchive(
        file,
        names
          .filter((name) => name !== skip)
          .map((name) => ({ name, file: path.join(members, name) })),
      );
    const orders = path.join(members, "database/orders.ndjson");
    const original = fs.readFileSync(orders);
    const changed = Buffer.from(original);
    // One digit of one amount: still valid JSON, a different store.
    const at = changed.indexOf("120.50");
    changed[at] = "9".charCodeAt(0);
    fs.writeFileSync(orders, changed);
    const tampered = path.join(work, "tampered.tar.gz");
    await repack(tampered);
    fs.writeFileSync(orders, original);
    const cut = path.join(work, "cut.tar.gz");
    await repack(cut, "database/wallet_ledger.ndjson");
    const damaged = path.join(work, "damaged.tar.gz");
    const bytes = fs.readFileSync(archive);
    const middle = Math.floor(bytes.length / 2);
    bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
    fs.writeFileSync(damaged, bytes);

    const fresh = await emptyTarget();
    for (const [file, message] of [
      [tampered, /database\/orders\.ndjson does not match its checksum/],
      [cut, /database\/wallet_ledger\.ndjson is missing/],
      [damaged, /damaged/],
    ] as const) {
      const refused = await restoreBackup(file, { ...fresh, timeZone, signingKey }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(RestoreRefused);
      expect((refused as Error).message).toMatch(message);
    }
    // Nothing was written: the target is as empty as it was.
    if (fresh.databaseUrl) {
      const probe = await openDatabase({
        databaseUrl: fresh.databaseUrl,
        timeZone,
        migrations: false,
      });
      const { rows } = await probe.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
      );
      await probe.close();
      expect(rows[0]?.n).toBe(0);
    } else {
      expect(isNewPgliteStore(fresh.dataDir)).toBe(true);
    }
  });
  it("refuses a member changed on purpose with its checksum rewritten in the manifest, and an unsigned archive unless allowed", async () => {
    const members = path.join(work, "planted");
    const found = await unpackArchive(archive, members);
    const repack = (file: string, names: string[]) =>
      writeArchive(
        file,
        names.map((name) => ({ name, file: path.join(members, name) })),
      );
    // The attacker's password hash planted on the admin's row, and the manifest's
    // size and sha-256 of users.ndjson rewritten to match: every checksum holds.
    const usersFile = path.join(members, "database/users.ndjson");
    const original = fs.readFileSync(usersFile, "utf8");
    const planted = original.replace(
      /"password_hash":"[^"]*"/,
      `"password_hash":"scrypt$planted$${"0".repeat(64)}"`,
    );
    expect(planted).not.toBe(original);
    fs.writeFileSync(usersFile, planted);
    const manifestFile = path.join(members, "manifest.json");
    const originalManifest = fs.readFileSync(manifestFile, "utf8");
    const rewritten = JSON.parse(originalManifest) as Manifest;
    rewritten.files["database/users.ndjson"] = {
      bytes: Buffer.byteLength(planted),
      sha256: createHash("sha256").update(planted).digest("hex"),
    };
    fs.writeFileSync(manifestFile, `${JSON.stringify(rewritten, null, 2)}\n`);
    const names = [...found.keys()];
    expect(names).toContain("manifest.sig");
    const signedButChanged = path.join(work, "planted-signed.tar.gz");
    await repack(signedButChanged, names);
    const unsignedChanged = path.join(work, "planted-unsigned.tar.gz");
    await repack(
      unsignedChanged,
      names.filter((name) => name !== "manifest.sig"),
    );
    // The untouched members again, without the signature: an archive of an older version.
    fs.writeFileSync(usersFile, original);
    fs.writeFileSync(manifestFile, originalManifest);
    const unsigned = path.join(work, "unsigned.tar.gz");
    await repack(
      unsigned,
      names.filter((name) => name !== "manifest.sig"),
    );

    const fresh = await emptyTarget();
    for (const [file, trust, message] of [
      [signedButChanged, { signingKey }, /manifest was changed after it was signed/],
      // Signed, but checked with another key: named, not restored.
      [archive, { signingKey: `${signingKey}-other` }, /signed with another key/],
      [unsignedChanged, { signingKey }, /is not signed.*--allow-unsigned/],
      [unsigned, {}, /is not signed.*--allow-unsigned/],
    ] as const) {
      const refused = await restoreBackup(file, { ...fresh, timeZone, ...trust }).catch(
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(RestoreRefused);
      expect((refused as Error).message).toMatch(message);
    }
    if (fresh.databaseUrl) {
      const probe = await openDatabase({
        databaseUrl: fresh.databaseUrl,
        timeZone,
        migrations: false,
      });
      const { rows } = await probe.db.execute<{ n: number }>(
        sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
      );
      await probe.close();
      expect(rows[0]?.n).toBe(0);
    } else {
      expect(isNewPgliteStore(fresh.dataDir)).toBe(true);
    }
    // An old unsigned archive the operator vouches for (--allow-unsigned) restores, said as unchecked.
    if (fresh.databaseUrl) {
      const result = await restoreBackup(unsigned, { ...fresh, timeZone, allowUnsigned: true });
      expect(result.signature).toMatchObject({ signed: false, warning: /is not signed/ });
      expect(result.counts).toEqual(manifest.counts);
    } else {
      const database = await openDatabase({ timeZone, loadDataDir: pgliteTemplate() });
      opened.push(database);
      const result = await restoreIntoOpen(unsigned, database, { allowUnsigned: true });
      expect(result.signature).toMatchObject({ signed: false, warning: /is not signed/ });
      expect(result.counts).toEqual(manifest.counts);
    }
  });
});
