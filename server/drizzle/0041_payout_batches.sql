-- Payout batches (issue 39, docs/decisions/payout-batches.md): completed
-- withdrawal requests gathered into one run to the bank. A request is in at
-- most one batch (the unique index on the lines' withdraw_id); the bank's
-- answer is kept per line; a failed payment is refunded once, by a
-- `payout_failed` ledger entry the database allows once per request.
CREATE TABLE "payout_batches" (
	"batch_id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"line_count" integer NOT NULL,
	"created_by" integer,
	"created_username" text,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"first_released_by" integer,
	"first_released_username" text,
	"first_released_at" timestamp(0) with time zone,
	"released_by" integer,
	"released_username" text,
	"released_at" timestamp(0) with time zone,
	"reconciled_at" timestamp(0) with time zone,
	"updated_at" timestamp(0) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payout_batches_status" CHECK ("payout_batches"."status" in ('draft', 'released', 'reconciled')),
	CONSTRAINT "payout_batches_total" CHECK ("payout_batches"."total" > 0 and "payout_batches"."line_count" > 0)
);
--> statement-breakpoint
CREATE INDEX "payout_batches_status_idx" ON "payout_batches" USING btree ("status", "batch_id");--> statement-breakpoint
CREATE TABLE "payout_batch_lines" (
	"line_id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"withdraw_id" integer NOT NULL,
	"username" text NOT NULL,
	"payee_name" text NOT NULL,
	"bank_name" text NOT NULL,
	"bank_acc" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"result" text,
	"result_reason" text,
	"result_at" timestamp(0) with time zone,
	"refund_entry_id" bigint,
	CONSTRAINT "payout_batch_lines_result" CHECK ("payout_batch_lines"."result" in ('paid', 'failed')),
	CONSTRAINT "payout_batch_lines_answered" CHECK (("payout_batch_lines"."result" is null) = ("payout_batch_lines"."result_at" is null)),
	CONSTRAINT "payout_batch_lines_refund" CHECK ("payout_batch_lines"."refund_entry_id" is null or "payout_batch_lines"."result" = 'failed'),
	CONSTRAINT "payout_batch_lines_amount" CHECK ("payout_batch_lines"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_batch_lines" ADD CONSTRAINT "payout_batch_lines_batch_id_payout_batches_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batch_lines" ADD CONSTRAINT "payout_batch_lines_withdraw_id_withdraw_requests_withdraw_id_fk" FOREIGN KEY ("withdraw_id") REFERENCES "public"."withdraw_requests"("withdraw_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batch_lines_withdraw_id_key" ON "payout_batch_lines" USING btree ("withdraw_id");--> statement-breakpoint
CREATE INDEX "payout_batch_lines_batch_idx" ON "payout_batch_lines" USING btree ("batch_id", "line_id");--> statement-breakpoint
CREATE TABLE "payout_batch_files" (
	"batch_id" integer NOT NULL,
	"format" text NOT NULL,
	"file_name" text NOT NULL,
	"content" text NOT NULL,
	"sha256" text NOT NULL,
	"rows" integer NOT NULL,
	"total" numeric(14, 2) NOT NULL,
	"created_by" integer,
	"created_username" text,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batch_files_batch_id_format_pk" PRIMARY KEY("batch_id","format")
);
--> statement-breakpoint
ALTER TABLE "payout_batch_files" ADD CONSTRAINT "payout_batch_files_batch_id_payout_batches_batch_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("batch_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_reason";--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_reason" CHECK ("wallet_ledger"."reason" in ('opening', 'adjustment', 'withdrawal', 'withdrawal_reversal', 'pv_order', 'pv_refund', 'commission', 'commission_reversal', 'clawback_recovery', 'commission_held', 'commission_release', 'payout_failed'));--> statement-breakpoint
-- A failed payout's money goes back once per request, whatever imports it twice.
CREATE UNIQUE INDEX "wallet_ledger_one_payout_refund" ON "wallet_ledger" USING btree ("ref_type", "ref_id") WHERE "wallet_ledger"."reason" = 'payout_failed';
