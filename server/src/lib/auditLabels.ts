import { DECLARED_RECORDS, type DeclaredEntity } from "@store/contract";
import type { FunctionSql } from "../db/derived";

/**
 * How the audit log names each kind of record (docs/decisions/audit-labels.md):
 * the database's `audit_label(entity, entity_id, before, after)` is written
 * from this declaration and applied at start (db/derived.ts), so a new
 * record's audit entity is declared here once; recordAudit accepts no other.
 */

/** A field of the record as written (after, else before). */
const field = (name: string) => `coalesce("after"->>'${name}', "before"->>'${name}')`;
/** The member named by a field of the record (their username, or as it was at deletion). */
const memberOf = (name: string) =>
  `audit_username(audit_key(coalesce("after", "before")->>'${name}'))`;

/** A declared record is named by its title field (contract/src/records.ts). */
const declaredLabels = Object.fromEntries(
  DECLARED_RECORDS.map((record) => [record.entity, field(record.title)]),
) as Record<DeclaredEntity, string>;

export const AUDIT_LABELS = {
  ...declaredLabels,
  Product: `coalesce("after"->>'product_name', "before"->>'product_name',
      (SELECT "product_name" FROM "products" WHERE "product_id" = audit_key("entity_id")))`,
  Variant: `concat_ws(' · ',
      (SELECT "product_name" FROM "products"
        WHERE "product_id" = audit_key(coalesce("after", "before")->>'product_id')),
      ${field("variant_name")})`,
  Order: `coalesce("after"->>'order_number', "before"->>'order_number',
      (SELECT "order_number" FROM "orders" WHERE "orders_id" = audit_key("entity_id")))`,
  OrderCommission: `(SELECT "order_number" FROM "orders" WHERE "orders_id" = audit_key("entity_id"))`,
  // A return or refund by its credit note's number, a comment by its order's (docs/decisions/returns.md).
  OrderReturn: field("credit_note_number"),
  OrderComment: `(SELECT "order_number" FROM "orders"
      WHERE "orders_id" = audit_key(coalesce("after", "before")->>'orders_id'))`,
  User: `coalesce("after"->>'username', "before"->>'username', audit_username(audit_key("entity_id")))`,
  Session: `audit_username(audit_key("entity_id"))`,
  Wallet: memberOf("user_id"),
  LedgerEntry: memberOf("user_id"),
  Owed: memberOf("user_id"),
  AdjustmentRequest: memberOf("user_id"),
  WithdrawRequest: `coalesce("after"->>'payee_username', "before"->>'payee_username',
      (SELECT "payee_username" FROM "withdraw_requests" WHERE "withdraw_id" = audit_key("entity_id")),
      ${memberOf("user_id")})`,
  Category: field("category_name"),
  Voucher: field("voucher_code"),
  Membership: field("membership"),
  "Agency store": field("store_name"),
  Banner: field("title"),
  Testimonial: field("testimonial_title"),
  Settings: field("store_name"),
  "Social login": field("social_login"),
  "Payment method": field("payment_method"),
  "Shipping method": field("shipping_name"),
  "Permission group": field("name"),
  Upload: `coalesce("after"->>'file_name', "entity_id")`,
  Job: `concat_ws(' · ', ${field("kind")}, ${field("key")})`,
  // An import (issue 43) by its kind and file (docs/decisions/imports.md).
  Import: `concat_ws(' · ', ${field("kind")}, ${field("file_name")})`,
  CommissionPlan: `'Commission plan'`,
  CommissionPeriod: `concat_ws(' to ', ${field("starts_on")}, ${field("ends_on")})`,
  PayoutBatch: `concat('Payout batch #', "entity_id")`,
  // A member's KYC (docs/decisions/kyc.md), by the member's id.
  Kyc: `audit_username(audit_key("entity_id"))`,
  // E-invoices (docs/decisions/einvoices.md): by our number for the document.
  Einvoice: `coalesce("after"->>'internal_id', "before"->>'internal_id',
      (SELECT "internal_id" FROM "einvoices" WHERE "einvoice_id" = audit_key("entity_id")))`,
  OrderBuyer: `(SELECT "order_number" FROM "orders" WHERE "orders_id" = audit_key("entity_id"))`,
  // Messages (docs/decisions/messages.md): a message by its recipient, a template by its event and language.
  Message: `coalesce("after"->>'recipient', "before"->>'recipient',
      (SELECT "recipient" FROM "messages" WHERE "message_id" = audit_key("entity_id")))`,
  MessageTemplate: `replace("entity_id", ':', ' · ')`,
} as const satisfies Record<string, string>;

/** A kind of record the audit log names. */
export type AuditEntity = keyof typeof AUDIT_LABELS;

/** The database's audit_label, written from AUDIT_LABELS. */
export function auditLabelFunction(): FunctionSql {
  const cases = Object.entries(AUDIT_LABELS)
    .map(([entity, label]) => `    WHEN '${entity.replaceAll("'", "''")}' THEN ${label}`)
    .join("\n");
  return {
    name: "audit_label",
    signature: `"entity" text, "entity_id" text, "before" jsonb, "after" jsonb`,
    header: "RETURNS text LANGUAGE sql STABLE PARALLEL SAFE",
    body: `\n  SELECT nullif(CASE "entity"\n${cases}\n  END, '')\n`,
  };
}
