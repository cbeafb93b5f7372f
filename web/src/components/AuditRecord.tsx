import type { AuditEntry } from "@store/contract";
import { Link } from "react-router";
import { translate } from "../i18n/messages";
import { type Resources, useResources } from "../resources/context";

/**
 * The kinds of record the server writes audit rows for (server/src/modules/*:
 * recordAudit) that are no resource's own `entity` (resources/): parts of
 * another record, settings records, sign-ins, uploads.
 */
export const OTHER_AUDIT_KINDS = [
  "LedgerEntry",
  "OrderCommission",
  // A staff comment on an order's timeline (docs/decisions/returns.md), seen on Edit Order.
  "OrderComment",
  "Owed",
  "Payment method",
  "Session",
  "Shipping method",
  "Social login",
  "Upload",
  "Variant",
  // A member's KYC (docs/decisions/kyc.md), by the member's id: seen on Edit User.
  "Kyc",
] as const;

/** Every kind the audit log offers: the resources' entities and the other kinds, in order. */
export const auditKinds = (resources: readonly { entity?: string }[]): string[] =>
  [
    ...new Set([...resources.flatMap((r) => (r.entity ? [r.entity] : [])), ...OTHER_AUDIT_KINDS]),
  ].sort((a, b) => a.localeCompare(b, "en"));

/** A kind as people say it, where the server's name is a code ("LedgerEntry"). */
const KIND_NAMES: Record<string, string> = {
  LedgerEntry: "Ledger entry",
  OrderCommission: "Order commission",
  OrderReturn: "Return or refund",
  OrderComment: "Order comment",
  Owed: "Amount owed",
  AdjustmentRequest: "Adjustment request",
  WithdrawRequest: "Withdrawal request",
  Session: "Sign-in",
  Job: "Job",
  CommissionPlan: "Commission plan",
  CommissionPeriod: "Commission period",
  Kyc: "KYC",
  PayoutBatch: "Payout batch",
};

/** A record kind in English words ("LedgerEntry" → "Ledger entry"), for translate() or a filter's option. */
export const kindName = (entity: string) => KIND_NAMES[entity] ?? entity;

/** A record kind in the chosen language. */
export const entityName = (entity: string) => translate(kindName(entity));

/** Kinds whose label is their member's username (the record's `user_id`, audit_label in migration 0018). */
export const MEMBER_KINDS = new Set(["LedgerEntry", "Wallet", "Owed", "WithdrawRequest"]);

type Linked = Pick<AuditEntry, "entity" | "entity_id" | "action" | "before" | "after">;

const idOf = (value: unknown) =>
  typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value))
    ? String(value)
    : undefined;

/** The record's own field, as it became (or as it was, for a delete). */
const fieldOf = (entry: Linked, field: string) => idOf((entry.after ?? entry.before)?.[field]);

/** Kinds whose rows are edited on another kind's screen by the same id (an order's commission). */
const SAME_SCREEN: Record<string, string> = { OrderCommission: "Order" };

/** Kinds seen on the settings screens. */
const SETTINGS_KINDS = new Set(["Settings", "Social login", "Shipping method"]);

/**
 * Where a row's record is seen: its resource's edit screen (resources/); the
 * member for money kept per member (a ledger entry, a wallet, a withdrawal);
 * the product of a variant; the signed-in account of a session; the settings
 * screens. Undefined when it has none (an upload, a deleted record).
 */
export function recordLink(entry: Linked, resources: Resources): string | undefined {
  const { entity, entity_id: id, action } = entry;
  const editOf = (kind: string, key: string | undefined) => {
    const edit = resources.ofEntity(kind)?.editLink;
    return key && edit ? edit(key) : undefined;
  };
  // A session and a KYC record are named by their member's id.
  if (MEMBER_KINDS.has(entity) || entity === "Session" || entity === "Kyc") {
    return editOf("User", MEMBER_KINDS.has(entity) ? fieldOf(entry, "user_id") : idOf(id));
  }
  if (entity === "Variant") return editOf("Product", fieldOf(entry, "product_id"));
  // A return, a refund and a comment are seen on their order's Edit Order.
  if (entity === "OrderReturn" || entity === "OrderComment") {
    return editOf("Order", fieldOf(entry, "orders_id"));
  }
  if (SETTINGS_KINDS.has(entity)) return resources.path("settings");
  if (entity === "Payment method") return resources.path("settings", "paymentMethod");
  // A job has no screen of its own: the list of jobs, where it is retried or canceled.
  if (entity === "Job") return resources.path("jobs");
  return action !== "delete" ? editOf(SAME_SCREEN[entity] ?? entity, idOf(id)) : undefined;
}

/**
 * The record an audit row is about, as a person names it: its label (the
 * product's name, the order's number, the member's username) linked to where
 * it is seen, and its kind and id beside it ("aminah · Ledger entry #664").
 */
export function AuditRecord({ entry }: { entry: Linked & Pick<AuditEntry, "label"> }) {
  const to = recordLink(entry, useResources());
  const kind = `${entityName(entry.entity)} #${entry.entity_id}`;
  if (!entry.label) {
    return to ? <Link to={to}>{kind}</Link> : <span>{kind}</span>;
  }
  return (
    <span className="audit-record">
      {to ? <Link to={to}>{entry.label}</Link> : <strong>{entry.label}</strong>}
      <br />
      <span className="text-muted small">{kind}</span>
    </span>
  );
}
