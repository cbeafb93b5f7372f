-- Commission plans and monthly periods (docs/decisions/commission-plans.md):
-- the plan (one row; levels null is the default rule), the periods, each
-- order's sponsor line as it stood at completion (commission_lines), what a
-- calculated period releases per member, and the held balances a plan credits
-- first: held (money) on user_wallets, held_pv on users, each kept equal to its
-- ledger entries like the others (migration 0008).
CREATE TABLE "commission_plan" (
	"plan_id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"levels" jsonb,
	"cap_per_order" numeric(12, 2),
	"cap_per_period" numeric(12, 2),
	"hold_days" smallint DEFAULT 0 NOT NULL,
	"period_start_day" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp(0) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "commission_plan_one" CHECK ("commission_plan"."plan_id" = 1),
	CONSTRAINT "commission_plan_hold_days" CHECK ("commission_plan"."hold_days" between 0 and 60),
	CONSTRAINT "commission_plan_start_day" CHECK ("commission_plan"."period_start_day" between 1 and 28),
	CONSTRAINT "commission_plan_caps" CHECK (coalesce("commission_plan"."cap_per_order", 1) > 0 and coalesce("commission_plan"."cap_per_period", 1) > 0)
);
--> statement-breakpoint
INSERT INTO "commission_plan" ("plan_id") VALUES (1);--> statement-breakpoint
CREATE TABLE "commission_periods" (
	"period_id" serial PRIMARY KEY NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"sales" numeric(14, 2) DEFAULT '0' NOT NULL,
	"calculated_at" timestamp(0) with time zone,
	"first_approved_by" integer,
	"first_approved_username" text,
	"approved_by" integer,
	"approved_username" text,
	"approved_at" timestamp(0) with time zone,
	"released_at" timestamp(0) with time zone,
	"job_id" integer,
	"updated_at" timestamp(0) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "commission_periods_dates" CHECK ("commission_periods"."ends_on" >= "commission_periods"."starts_on"),
	CONSTRAINT "commission_periods_status" CHECK ("commission_periods"."status" in ('open', 'calculated', 'approved', 'released'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "commission_periods_starts_on_key" ON "commission_periods" USING btree ("starts_on");--> statement-breakpoint
CREATE TABLE "commission_lines" (
	"orders_id" integer NOT NULL,
	"depth" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"level" smallint,
	"outcome" text NOT NULL,
	"percent" numeric(5, 2) DEFAULT '0' NOT NULL,
	"base_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"held" boolean DEFAULT false NOT NULL,
	"period_id" integer,
	"decided_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_lines_pkey" PRIMARY KEY ("orders_id", "depth"),
	CONSTRAINT "commission_lines_outcome" CHECK ("commission_lines"."outcome" in ('paid', 'unqualified', 'compressed', 'capped', 'zero')),
	CONSTRAINT "commission_lines_amount" CHECK ("commission_lines"."amount" >= 0 and ("commission_lines"."outcome" = 'paid') = ("commission_lines"."amount" > 0))
);
--> statement-breakpoint
CREATE INDEX "commission_lines_period_user_idx" ON "commission_lines" USING btree ("period_id", "user_id") WHERE "commission_lines"."amount" > 0;--> statement-breakpoint
CREATE INDEX "commission_lines_user_idx" ON "commission_lines" USING btree ("user_id", "period_id") WHERE "commission_lines"."amount" > 0;--> statement-breakpoint
ALTER TABLE "order_commissions" ADD COLUMN "period_id" integer;--> statement-breakpoint
ALTER TABLE "order_commissions" ADD COLUMN "held" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_commissions" ADD COLUMN "buyer_id" integer;--> statement-breakpoint
CREATE INDEX "order_commissions_period_idx" ON "order_commissions" USING btree ("period_id", "buyer_id");--> statement-breakpoint
CREATE TABLE "commission_period_members" (
	"period_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"held" numeric(14, 2) DEFAULT '0' NOT NULL,
	"held_pv" numeric(14, 2) DEFAULT '0' NOT NULL,
	"released_at" timestamp(0) with time zone,
	CONSTRAINT "commission_period_members_pkey" PRIMARY KEY ("period_id", "user_id")
);
--> statement-breakpoint
-- Orders paid before plans: their level-1 commission, as its line.
INSERT INTO "commission_lines" ("orders_id", "depth", "user_id", "username", "level", "outcome", "percent", "base_amount", "amount", "decided_at")
SELECT c.orders_id, 1, c.referrer_id, coalesce(c.referrer_username, ''), 1, 'paid', coalesce(c.percent, 0), coalesce(c.base_amount, 0), c.amount, c.decided_at
FROM "order_commissions" c WHERE c.outcome = 'paid' AND c.referrer_id IS NOT NULL;--> statement-breakpoint
-- The decision is kept, never updated (migration 0013), but for the buyer it was made for.
ALTER TABLE "order_commissions" DISABLE TRIGGER "order_commissions_no_update";--> statement-breakpoint
UPDATE "order_commissions" c SET "buyer_id" = o.user_id FROM "orders" o WHERE o.orders_id = c.orders_id;--> statement-breakpoint
ALTER TABLE "order_commissions" ENABLE TRIGGER "order_commissions_no_update";--> statement-breakpoint
ALTER TABLE "user_wallets" ADD COLUMN "held_amt" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "held_pv" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD COLUMN "level" smallint;--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_account";--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_account" CHECK ("wallet_ledger"."account" in ('wallet', 'cash_wallet', 'pv', 'held', 'held_pv'));--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_reason";--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_reason" CHECK ("wallet_ledger"."reason" in ('opening', 'adjustment', 'withdrawal', 'withdrawal_reversal', 'pv_order', 'pv_refund', 'commission', 'commission_reversal', 'clawback_recovery', 'commission_held', 'commission_release'));--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_ref";--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_ref" CHECK (("wallet_ledger"."ref_type" is null and "wallet_ledger"."ref_id" is null) or ("wallet_ledger"."ref_type" in ('order', 'withdrawal', 'period') and "wallet_ledger"."ref_id" is not null));--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_wallets_match_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.wallet_amt IS DISTINCT FROM OLD.wallet_amt THEN
    PERFORM wallet_ledger_require_entry(NEW.user_id, 'wallet', NEW.wallet_amt);
  END IF;
  IF NEW.c_wallet_amt IS DISTINCT FROM OLD.c_wallet_amt THEN
    PERFORM wallet_ledger_require_entry(NEW.user_id, 'cash_wallet', NEW.c_wallet_amt);
  END IF;
  IF NEW.held_amt IS DISTINCT FROM OLD.held_amt THEN
    PERFORM wallet_ledger_require_entry(NEW.user_id, 'held', NEW.held_amt);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "user_wallets_match_ledger" ON "user_wallets";--> statement-breakpoint
CREATE TRIGGER "user_wallets_match_ledger" AFTER UPDATE OF "wallet_amt", "c_wallet_amt", "held_amt" ON "user_wallets" FOR EACH ROW WHEN (OLD.wallet_amt IS DISTINCT FROM NEW.wallet_amt OR OLD.c_wallet_amt IS DISTINCT FROM NEW.c_wallet_amt OR OLD.held_amt IS DISTINCT FROM NEW.held_amt) EXECUTE FUNCTION "user_wallets_match_ledger"();--> statement-breakpoint
CREATE FUNCTION "users_held_pv_match_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_ledger_require_entry(NEW.user_id, 'held_pv', NEW.held_pv);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_held_pv_match_ledger" AFTER UPDATE OF "held_pv" ON "users" FOR EACH ROW WHEN (OLD.held_pv IS DISTINCT FROM NEW.held_pv) EXECUTE FUNCTION "users_held_pv_match_ledger"();--> statement-breakpoint
ALTER TABLE "user_wallets" ADD CONSTRAINT "user_wallets_held" CHECK ("user_wallets"."held_amt" >= 0);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_held_pv" CHECK ("users"."held_pv" >= 0);
