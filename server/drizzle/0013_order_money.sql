-- An order's money follows its status (docs/decisions/order-money-follows-status.md): the shipping fee on the order, the commission base
-- setting, the commission decided once per order, amounts owed from
-- reversals the balance could not cover, and the clawback_recovery reason.
-- orders_id has no foreign key, like the ledger's ref_id: orders are never
-- deleted by the app, and the money trail must not stop a table's truncation.
ALTER TABLE "orders" ADD COLUMN "shipping_fee" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_fee" CHECK ("orders"."shipping_fee" >= 0);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "commission_base" text DEFAULT 'total' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_commission_base" CHECK ("settings"."commission_base" in ('total', 'goods'));--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_reason";--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_reason" CHECK ("wallet_ledger"."reason" in ('opening', 'adjustment', 'withdrawal', 'withdrawal_reversal', 'pv_order', 'pv_refund', 'commission', 'commission_reversal', 'clawback_recovery'));--> statement-breakpoint
CREATE TABLE "order_commissions" (
	"orders_id" integer PRIMARY KEY NOT NULL,
	"outcome" text NOT NULL,
	"referrer_id" integer,
	"referrer_username" text,
	"percent" numeric(12, 2),
	"base_kind" text,
	"base_amount" numeric(12, 2),
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"pv_opening" numeric(12, 2) DEFAULT '0' NOT NULL,
	"decided_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_commissions_outcome" CHECK ("order_commissions"."outcome" in ('paid', 'commission_off', 'no_referrer', 'referrer_inactive', 'zero', 'unrecorded')),
	CONSTRAINT "order_commissions_base_kind" CHECK ("order_commissions"."base_kind" is null or "order_commissions"."base_kind" in ('total', 'goods')),
	CONSTRAINT "order_commissions_amount" CHECK ("order_commissions"."amount" >= 0 and ("order_commissions"."outcome" = 'paid') = ("order_commissions"."amount" > 0)),
	CONSTRAINT "order_commissions_pv_opening" CHECK ("order_commissions"."pv_opening" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_owed" (
	"owed_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account" text NOT NULL,
	"orders_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"recovered" numeric(12, 2) DEFAULT '0' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone,
	CONSTRAINT "ledger_owed_account" CHECK ("ledger_owed"."account" in ('cash_wallet', 'pv')),
	CONSTRAINT "ledger_owed_amounts" CHECK ("ledger_owed"."amount" > 0 and "ledger_owed"."recovered" >= 0 and "ledger_owed"."recovered" <= "ledger_owed"."amount")
);
--> statement-breakpoint
CREATE INDEX "ledger_owed_open_idx" ON "ledger_owed" USING btree ("user_id","account","owed_id") WHERE "ledger_owed"."recovered" < "ledger_owed"."amount";--> statement-breakpoint
CREATE INDEX "ledger_owed_orders_id_idx" ON "ledger_owed" USING btree ("orders_id");--> statement-breakpoint
-- Hand-written from here. A commission is decided once: its record is never changed.
CREATE FUNCTION "order_commissions_decided_once"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'order_commissions: an order''s commission is decided once; % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "order_commissions_no_update" BEFORE UPDATE ON "order_commissions" FOR EACH ROW EXECUTE FUNCTION "order_commissions_decided_once"();--> statement-breakpoint
-- Existing stores. An order whose commission the ledger paid gets a record of
-- what stands: the latest commission credit, its referrer and its percent
-- (from the note "3.00% of RM 100.50"), on the order total (the only base there was).
INSERT INTO "order_commissions" ("orders_id", "outcome", "referrer_id", "referrer_username", "percent", "base_kind", "base_amount", "amount", "decided_at")
SELECT DISTINCT ON (l.ref_id) l.ref_id, 'paid', l.user_id, u.username,
  substring(l.note from '^([0-9]+(?:\.[0-9]+)?)% of RM')::numeric(12, 2), 'total', o.total_price, l.amount, l.created_at
FROM "wallet_ledger" l
JOIN "orders" o ON o.orders_id = l.ref_id
LEFT JOIN "users" u ON u.user_id = l.user_id
WHERE l.ref_type = 'order' AND l.account = 'cash_wallet' AND l.reason = 'commission' AND l.amount > 0
ORDER BY l.ref_id, l.entry_id DESC;--> statement-breakpoint
-- Every other order that is complete or has entries: no commission (what the
-- ledger holds). A complete order with no PV standing completed before the
-- ledger: its PV is inside the buyer's opening balance (pv_opening).
INSERT INTO "order_commissions" ("orders_id", "outcome", "amount", "pv_opening", "decided_at")
SELECT o.orders_id, 'unrecorded', 0,
  CASE WHEN o.order_status = 6 AND o.user_id IS NOT NULL AND coalesce(p.net, 0) = 0 THEN o.points_earned ELSE 0 END,
  coalesce(o.completed_at, o.updated_at, o.created_at)
FROM "orders" o
LEFT JOIN (
  SELECT ref_id, sum(amount) AS net FROM "wallet_ledger"
  WHERE ref_type = 'order' AND account = 'pv' GROUP BY ref_id
) p ON p.ref_id = o.orders_id
WHERE o.order_status = 6 OR EXISTS (SELECT 1 FROM "wallet_ledger" l WHERE l.ref_type = 'order' AND l.ref_id = o.orders_id)
ON CONFLICT ("orders_id") DO NOTHING;--> statement-breakpoint
-- A credit still standing on an order that is canceled, refunded or returned
-- (the ledger reversed only refunds, and a reversal past the balance left the
-- rest standing), or a part of one on an order in 1-5, is owed: recovered from
-- the member's next credits. The migration moves no balance.
INSERT INTO "ledger_owed" ("user_id", "account", "orders_id", "amount", "note")
SELECT n.user_id, n.account, n.ref_id, n.net, 'Still standing on this order when the ledger began to follow order statuses.'
FROM (
  SELECT ref_id, user_id, account, sum(amount) AS net FROM "wallet_ledger"
  WHERE ref_type = 'order' AND account IN ('pv', 'cash_wallet') GROUP BY ref_id, user_id, account
) n
JOIN "orders" o ON o.orders_id = n.ref_id
JOIN "users" u ON u.user_id = n.user_id
LEFT JOIN "order_commissions" c ON c.orders_id = o.orders_id
WHERE n.net > 0 AND (
  o.order_status IN (7, 8, 9)
  OR (o.order_status <> 6 AND n.net <> CASE
    WHEN n.account = 'pv' AND n.user_id = o.user_id THEN o.points_earned
    WHEN n.account = 'cash_wallet' AND n.user_id = c.referrer_id THEN c.amount
    ELSE 0 END)
)
ORDER BY n.ref_id, n.user_id, n.account;
