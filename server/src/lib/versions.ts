/**
 * Optimistic concurrency (docs/decisions/record-versions.md): the
 * database raises a record's `version` at every change (migration 0012); a
 * write that names the version it was made from (If-Match) is refused with
 * 412 when the record has moved on since, and the answer says who changed
 * it, when, and which fields differ.
 */
import { parseIfMatch, type VersionChange, versionConflict, versionTag } from "@store/contract";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { Tx } from "../db/client";
import { auditLog, walletLedger } from "../db/schema";
import { redact } from "./audit";
import { badRequest, HttpError } from "./errors";

/** The version the request's If-Match names; undefined when it names none (last write wins). */
export function ifMatchOf(request: FastifyRequest): number | undefined {
  const header = request.headers["if-match"];
  const parsed = parseIfMatch(Array.isArray(header) ? header.join(",") : header);
  if (parsed === "invalid") {
    throw badRequest(
      "If-Match",
      "if_match_format",
      {},
      'If-Match must name the version the record was read at, as its ETag gives it: "3".',
    );
  }
  return parsed === "any" ? undefined : parsed;
}

/** An answer that is one versioned record (GET one, PUT, POST) carries its version as its ETag. */
export function tagVersions(app: FastifyInstance): void {
  app.addHook("preSerialization", async (_request, reply, payload) => {
    const version = Array.isArray(payload)
      ? undefined
      : (payload as { version?: unknown })?.version;
    if (typeof version === "number") reply.header("etag", versionTag(version));
    return payload;
  });
}

/** A record as its service locked it, under the name its audit rows carry. */
export interface VersionedRecord {
  entity: string;
  /** Its audit rows' entity_id (a template's is its event and language). */
  id: number | string;
  row: { version: number };
  /** The member whose ledger moves this record's balances (a user's PV, a wallet). */
  ledgerUserId?: number;
}

/**
 * Refuses the write when `expected` is given and is not the record's version.
 * Call it on the row read FOR UPDATE in the write's own transaction, so no
 * other write can come between the check and the change.
 */
export async function requireVersion(
  tx: Tx,
  record: VersionedRecord,
  expected: number | undefined,
): Promise<void> {
  if (expected === undefined || record.row.version === expected) return;
  throw await staleVersion(tx, record, expected);
}

/** Fields no one edits: the stamp of every write, and counts the system keeps of other records. */
const NOT_COMPARED = new Set([
  "version",
  "updated_at",
  "ttl_order",
  "down_line",
  "products_in_cat",
]);
/** How far back the trail is read for the caller's version. */
const TRAIL_DEPTH = 50;

type Snapshot = Record<string, unknown>;

async function staleVersion(tx: Tx, record: VersionedRecord, expected: number) {
  const trail = await tx
    .select({
      by: auditLog.actor_username,
      at: auditLog.at,
      before: auditLog.before,
      after: auditLog.after,
    })
    .from(auditLog)
    .where(and(eq(auditLog.entity, record.entity), eq(auditLog.entity_id, String(record.id))))
    .orderBy(desc(auditLog.audit_id))
    .limit(TRAIL_DEPTH);
  let latest: { by: string | null; at: string } | undefined = trail[0];
  if (record.ledgerUserId !== undefined) {
    const [entry] = await tx
      .select({ by: walletLedger.actor_username, at: walletLedger.created_at })
      .from(walletLedger)
      .where(eq(walletLedger.user_id, record.ledgerUserId))
      .orderBy(desc(walletLedger.entry_id))
      .limit(1);
    if (entry && (!latest || entry.at > latest.at)) latest = entry;
  }
  const seen = shownVersion(trail, expected);
  const now = redact(record.row) as Snapshot;
  const changes: VersionChange[] = seen
    ? Object.keys(now)
        .filter((field) => !NOT_COMPARED.has(field))
        .filter((field) => JSON.stringify(seen[field]) !== JSON.stringify(now[field]))
        .map((field) => ({ field, was: seen[field] ?? null, now: now[field] ?? null }))
    : [];
  const who = latest?.by ? ` by ${latest.by}` : "";
  const when = latest ? ` at ${latest.at}` : "";
  const body = versionConflict.parse({
    message: `This ${describe(record.entity)} was changed${who}${when} after you opened it; nothing was saved.`,
    version: record.row.version,
    changed_by: latest?.by ?? null,
    changed_at: latest?.at ?? null,
    changes,
  });
  const { message, ...details } = body;
  return new HttpError(412, "stale_version", { record: record.entity }, message, {
    headers: { etag: versionTag(body.version) },
    details,
  });
}

/** The record as it stood at `version`, from the audit trail's before/after snapshots. */
function shownVersion(
  trail: { before: unknown; after: unknown }[],
  version: number,
): Snapshot | undefined {
  for (const row of trail) {
    for (const snapshot of [row.after, row.before]) {
      if (snapshot && typeof snapshot === "object" && (snapshot as Snapshot).version === version) {
        return snapshot as Snapshot;
      }
    }
  }
  return undefined;
}

/** "WithdrawRequest" → "withdraw request". */
function describe(entity: string): string {
  return entity.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
}
