import { z } from "zod";
import { screenOnly } from "./listExport";
import { timestamp } from "./primitives";

/**
 * GET /api/auditLog: one recorded change (docs/decisions/audit-trail.md). `entity` is the record's kind as the server names it
 * ("Product", "Variant", "Order", "User", "Wallet", "WithdrawRequest",
 * "Brand", "Category", "Voucher", "Agency store", "Banner", "Testimonial",
 * "Membership", "Settings", "Session", …), `entity_id` its id as text,
 * `actor` the administrator's username as it was then, `actor_id` their
 * account and `actor_now` that account's username today (null when it is
 * gone), so a renamed account cannot hide behind the name recorded. `label`
 * names the record as people know it, as it was when the row was written (a
 * product's name, an order's number, a user's username, the member's username
 * for a wallet, ledger entry, owed amount or withdrawal request; null when the
 * kind has none); `q` searches it and the actor's username. `before` and `after`
 * are the record as it was and as it became (null for a create's before and
 * a delete's after); secrets read "[redacted]". `names` names the ids
 * `before` and `after` hold, by field then value: a person (`user_id`,
 * `referral_of`, `first_approved_by`, `referrer_id`, `actor_id`) by their
 * username, an `order_status` and a `membership` (tier) by their name. Filters: entity, entity_id,
 * actor, actor_id, action, created_at_gte / created_at_lte; newest first.
 */
export const auditEntry = z.object({
  audit_id: z.number(),
  created_at: timestamp,
  actor_id: z.number().nullable(),
  actor: z.string().nullable(),
  actor_now: z.string().nullable(),
  entity: z.string(),
  entity_id: z.string(),
  label: z.string().nullable(),
  action: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  names: screenOnly(z.record(z.string(), z.record(z.string(), z.string()))),
});
export type AuditEntry = z.infer<typeof auditEntry>;
