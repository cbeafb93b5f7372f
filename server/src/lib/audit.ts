import type { Tx } from "../db/client";
import { auditLog } from "../db/schema";

/**
 * Who is acting: the administrator of the session (request.admin, set by the
 * guard). The username is kept on the audit row as it was at the time, so the
 * trail survives the account's deletion or renaming.
 */
export interface Actor {
  user_id: number;
  username: string;
}

const SECRET_FIELDS = new Set(["password", "password_hash", "secret_key", "publish_key", "id_key"]);

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
  | "upload";

/** Records one admin write, inside the same transaction as the write. */
export async function recordAudit(
  tx: Tx,
  actor: Actor | null,
  entry: {
    entity: string;
    entityId: number | string;
    action: AuditAction;
    before?: unknown;
    after?: unknown;
  },
): Promise<void> {
  await tx.insert(auditLog).values({
    actor_id: actor?.user_id ?? null,
    actor_username: actor?.username ?? null,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    action: entry.action,
    before: redact(entry.before),
    after: redact(entry.after),
  });
}
