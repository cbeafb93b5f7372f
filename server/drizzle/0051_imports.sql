-- Hand-written (issue 43, docs/decisions/imports.md): imports from Excel or
-- CSV. Each applied file is a record (its kind, rows, what it created and
-- updated, the job that applied a large one); the opening balances of the
-- members it brings in are ledger entries referencing it.
CREATE TABLE "imports" (
	"import_id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_id" integer,
	"created_by_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp(0) with time zone,
	CONSTRAINT "imports_kind" CHECK ("kind" IN ('products', 'stock', 'members')),
	CONSTRAINT "imports_status" CHECK ("status" IN ('running', 'done', 'failed'))
);--> statement-breakpoint
CREATE INDEX "imports_created_at_idx" ON "imports" USING btree ("created_at","import_id");--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_ref";--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_ref" CHECK (("wallet_ledger"."ref_type" is null and "wallet_ledger"."ref_id" is null) or ("wallet_ledger"."ref_type" in ('order', 'withdrawal', 'period', 'import') and "wallet_ledger"."ref_id" is not null));
