-- A correction after a period's calculation (docs/decisions/commission-plans.md):
-- the period's figures stand; the change, made on the live balance, is
-- counted in the period open when it is made, named with the period it corrects.
CREATE TABLE "commission_adjustments" (
	"adjustment_id" serial PRIMARY KEY NOT NULL,
	"period_id" integer NOT NULL,
	"of_period_id" integer NOT NULL,
	"orders_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"level" smallint,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_adjustments_amount" CHECK ("commission_adjustments"."amount" <> 0)
);
--> statement-breakpoint
CREATE INDEX "commission_adjustments_period_user_idx" ON "commission_adjustments" USING btree ("period_id", "user_id");
