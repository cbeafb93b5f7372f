-- Hand-written (docs/decisions/orders-keyed-in.md, docs/decisions/coupon-limits.md).
-- True while an order that took stock has given it back (canceled or
-- returned): moved back to a status that holds stock, it takes it again.
-- An order that never took stock (the seed's, those before 0022) has neither
-- flag and moves no stock whatever its status.
ALTER TABLE "orders" ADD COLUMN "stock_given_back" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The orders that gave their stock back before this migration: the one path
-- that cleared stock_taken, whose update the audit trail holds.
UPDATE "orders" SET "stock_given_back" = true
WHERE NOT "stock_taken" AND "orders_id" IN (
  SELECT "entity_id"::integer FROM "audit_log"
  WHERE "entity" = 'Order' AND "action" = 'update'
    AND "before"->>'stock_taken' = 'true' AND "after"->>'stock_taken' = 'false'
);--> statement-breakpoint
-- Coupons a store can run: at most so many orders in all, so many per member,
-- and a least subtotal. Null: no limit, no minimum.
ALTER TABLE "vouchers" ADD COLUMN "usage_limit" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "member_limit" integer;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "min_spend" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "vouchers" ADD CONSTRAINT "vouchers_limits" CHECK (
  ("usage_limit" IS NULL OR "usage_limit" > 0)
  AND ("member_limit" IS NULL OR "member_limit" > 0)
  AND ("min_spend" IS NULL OR "min_spend" >= 0)
);
