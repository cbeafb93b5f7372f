import type { AuditEntry } from "@store/contract";
import { Link } from "react-router";
import { tx } from "../i18n/messages";

/** The kinds of record the server writes audit rows for (server/src/modules/*: recordAudit). */
export const AUDIT_ENTITIES = [
  "Agency store",
  "Banner",
  "Brand",
  "Category",
  "LedgerEntry",
  "Membership",
  "Order",
  "OrderCommission",
  "Owed",
  "Payment method",
  "Product",
  "Session",
  "Settings",
  "Shipping method",
  "Social login",
  "Testimonial",
  "Upload",
  "User",
  "Variant",
  "Voucher",
  "Wallet",
  "WithdrawRequest",
] as const;

/** A kind as people say it, where the server's name is a code ("LedgerEntry"). */
const KIND_NAMES: Record<string, string> = {
  LedgerEntry: "Ledger entry",
  OrderCommission: "Order commission",
  Owed: "Amount owed",
  WithdrawRequest: "Withdrawal request",
  Session: "Sign-in",
};

/** A record kind in English words ("LedgerEntry" → "Ledger entry"), for tx() or a filter's option. */
export const kindName = (entity: string) => KIND_NAMES[entity] ?? entity;

/** A record kind in the chosen language. */
export const entityName = (entity: string) => tx(kindName(entity));

/** Kinds whose label is their member's username (the record's `user_id`, audit_label in migration 0018). */
export const MEMBER_KINDS = new Set(["LedgerEntry", "Wallet", "Owed", "WithdrawRequest"]);

type Linked = Pick<AuditEntry, "entity" | "entity_id" | "action" | "before" | "after">;

const idOf = (value: unknown) =>
  typeof value === "number" || (typeof value === "string" && /^\d+$/.test(value))
    ? String(value)
    : undefined;

/** The record's own field, as it became (or as it was, for a delete). */
const fieldOf = (entry: Linked, field: string) => idOf((entry.after ?? entry.before)?.[field]);

/** The edit screen of a record by its id; a deleted record has none. */
const OWN_SCREENS: Record<string, (id: string) => string> = {
  Product: (id) => `/editProduct?pid=${id}`,
  Category: (id) => `/editCategories?cid=${id}`,
  Brand: (id) => `/editBrands?bid=${id}`,
  Order: (id) => `/editOrder?oid=${id}`,
  OrderCommission: (id) => `/editOrder?oid=${id}`,
  Voucher: (id) => `/editCoupon?vid=${id}`,
  User: (id) => `/editUser?uid=${id}`,
  Membership: (id) => `/editMemberships?mid=${id}`,
  "Agency store": (id) => `/editAgency?sid=${id}`,
  Banner: (id) => `/editBanner?bnid=${id}`,
  Testimonial: (id) => `/editTestimonial?tid=${id}`,
};

/**
 * Where a row's record is seen: its own edit screen; the member for money
 * kept per member (a ledger entry, a wallet, a withdrawal); the product of a
 * variant; the signed-in account of a session; the settings screens.
 * Undefined when it has none (an upload, a deleted record).
 */
export function recordLink(entry: Linked): string | undefined {
  const { entity, entity_id: id, action } = entry;
  if (MEMBER_KINDS.has(entity)) {
    const member = fieldOf(entry, "user_id");
    return member && `/editUser?uid=${member}`;
  }
  if (entity === "Variant") {
    const product = fieldOf(entry, "product_id");
    return product && `/editProduct?pid=${product}`;
  }
  if (entity === "Session") return idOf(id) && `/editUser?uid=${id}`;
  if (entity === "Settings" || entity === "Social login" || entity === "Shipping method")
    return "/settings";
  if (entity === "Payment method") return "/paymentMethod";
  const own = OWN_SCREENS[entity];
  return own && action !== "delete" ? own(id) : undefined;
}

/**
 * The record an audit row is about, as a person names it: its label (the
 * product's name, the order's number, the member's username) linked to where
 * it is seen, and its kind and id beside it ("aminah · Ledger entry #664").
 */
export function AuditRecord({ entry }: { entry: Linked & Pick<AuditEntry, "label"> }) {
  const to = recordLink(entry);
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
