-- Ranks at a period's close (docs/decisions/commission-plans.md): what each
-- tier takes (the plan's ranks; none is the default rule), whether members
-- move down, and each member's tier change found by a period's calculation,
-- applied at its release: the members' rank history.
ALTER TABLE "commission_plan" ADD COLUMN "ranks" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_plan" ADD COLUMN "demote" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "commission_period_ranks" (
	"period_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"username" text NOT NULL,
	"from_member" integer NOT NULL,
	"to_member" integer NOT NULL,
	"personal_pv" numeric(14, 2) DEFAULT '0' NOT NULL,
	"group_pv" numeric(14, 2) DEFAULT '0' NOT NULL,
	"active_legs" integer DEFAULT 0 NOT NULL,
	"applied_at" timestamp(0) with time zone,
	CONSTRAINT "commission_period_ranks_pkey" PRIMARY KEY ("period_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "commission_period_ranks_user_idx" ON "commission_period_ranks" USING btree ("user_id", "period_id");
