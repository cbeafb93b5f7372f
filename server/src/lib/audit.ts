import { sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { auditLog } from "../db/schema";
import type { AuditEntity } from "./auditLabels";

/**
 * Who is acting: the administrator of the session (request.admin, set by the
 * guard). The username is kept on the audit row as it was at the time, so the
 * trail survives the account's deletion or renaming.
 */
export interface Actor {
  user_id: number;
  username: string;
}

const SECRET_FIELDS = new Set([
  "password",
  "password_hash",
  "secret_key",
  "publish_key",
  "id_key",
  // E-invoices' MyInvois access and signing key (docs/decisions/einvoices.md).
  "myinvois_client_secret",
  "einvoice_private_key",
  // Two-step login (auth/twoStep.ts): its secrets and codes never reach the trail.
  "totp_secret",
  "totp_pending_secret",
  "secret",
  "code",
  "code_hash",
  "recovery_codes",
]);

/** Secrets never reach the audit log in clear; a change to one is still visible. */
export function redact(record: unknown): unknown {
  if (!record || typeof record !== "object") return record ?? null;
  return Object.fromEntries(
    Object.entries(record).map(([key, value]) => [
      key,
      SECRET_FIELDS.has(key) && value ? "[redacted]" : value,
    ]),
  );
}

export type AuditAction =
  | "create"
  | "update"
  | "delete"
  | "login"
  | "login_failed"
  | "logout"
  | "upload"
  // A read of personal data (a member's full NRIC, an identity card's picture: docs/decisions/kyc.md).
  | "view";

/**
 * Records one admin write, inside the same transaction as the write, with
 * the record's label (its name, number or member's username) worked out by
 * the database's audit_label (lib/auditLabels.ts), the same function that
 * labelled the rows kept before it: the record's tables as they are now,
 * after the write (docs/decisions/audit-labels.md).
 */
export async function recordAudit(
  tx: Tx,
  actor: Actor | null,
  entry: {
    entity: AuditEntity;
    entityId: number | string;
    action: AuditAction;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  const entityId = String(entry.entityId);
  const before = redact(entry.before);
  const after = redact(entry.after);
  await tx.insert(auditLog).values({
    actor_id: actor?.user_id ?? null,
    actor_username: actor?.username ?? null,
    entity: entry.entity,
    entity_id: entityId,
    action: entry.action,
    before,
    after,
    label: sql`audit_label(${entry.entity}, ${entityId}, ${asJson(before)}::jsonb, ${asJson(after)}::jsonb)`,
  });
}

/** Audit rows per statement of recordAudits: keeps each JSON parameter a few megabytes. */
const AUDIT_BATCH = 1_000;

/**
 * Many audit rows of one actor (an import's thousands of records) in a
 * statement per AUDIT_BATCH, each redacted and labelled by audit_label as
 * recordAudit labels one.
 */
export async function recordAudits(
  tx: Tx,
  actor: Actor | null,
  entries: readonly {
    entity: AuditEntity;
    entityId: number | string;
    action: AuditAction;
    before?: unknown;
    after?: unknown;
  }[],
): Promise<void> {
  for (let i = 0; i < entries.length; i += AUDIT_BATCH) {
    const rows = entries.slice(i, i + AUDIT_BATCH).map((entry) => ({
      entity: entry.entity,
      entity_id: String(entry.entityId),
      action: entry.action,
      before: redact(entry.before),
      after: redact(entry.after),
    }));
    await tx.execute(sql`
      insert into ${auditLog} (actor_id, actor_username, entity, entity_id, action, before, after, label)
      select ${actor?.user_id ?? null}::int, ${actor?.username ?? null}::text, r.entity, r.entity_id,
        r.action, r.before, r.after, audit_label(r.entity, r.entity_id, r.before, r.after)
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        as r(entity text, entity_id text, action text, before jsonb, after jsonb)`);
  }
}

/** A record as the jsonb argument of audit_label (null stays SQL null). */
function asJson(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
