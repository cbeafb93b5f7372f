-- Hand-written (docs/decisions/four-eyes-payouts.md, issue 34): a credit
-- adjustment above the second-approval amount waits for a second person, and
-- the bell counts the payouts awaiting a second approval.
CREATE TABLE "adjustment_requests" (
	"adjustment_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("user_id") ON DELETE cascade,
	"account" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"note" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"requested_by" integer REFERENCES "users"("user_id") ON DELETE set null,
	"requested_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"decided_by" integer REFERENCES "users"("user_id") ON DELETE set null,
	"decided_at" timestamp(0) with time zone,
	"entry_id" integer,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "adjustment_requests_account" CHECK ("account" IN ('wallet', 'cash_wallet')),
	CONSTRAINT "adjustment_requests_amount" CHECK ("amount" > 0),
	CONSTRAINT "adjustment_requests_status" CHECK ("status" IN ('pending', 'approved', 'rejected'))
);--> statement-breakpoint
CREATE INDEX "adjustment_requests_user_id_idx" ON "adjustment_requests" ("user_id", "adjustment_id");--> statement-breakpoint
CREATE INDEX "adjustment_requests_pending_idx" ON "adjustment_requests" ("adjustment_id") WHERE "status" = 'pending';--> statement-breakpoint
-- GET notifications: the requests one person approved, counted without reading the table.
CREATE INDEX "withdraw_requests_awaiting_second_idx" ON "withdraw_requests" ("first_approved_by") WHERE "withdraw_status" = 'processing' AND "first_approved_by" IS NOT NULL;
