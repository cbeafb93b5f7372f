-- Hand-written (docs/decisions/kyc.md, issue 39): who a member is before they
-- are paid. One row per member once someone saves it (none before: status
-- none); the identity card's pictures are uploads of kind kyc, named by a row
-- each in user_kyc_documents, and never served by GET /uploads.
CREATE TABLE "user_kyc" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("user_id") ON DELETE cascade,
	"status" text DEFAULT 'none' NOT NULL,
	-- 12 digits (YYMMDD PB ####), checked by the contract's checkNric.
	"nric" text,
	"passport" text,
	"tin" text DEFAULT '' NOT NULL,
	"bank_holder_name" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"documents_at" timestamp(0) with time zone,
	"verified_by" integer REFERENCES "users"("user_id") ON DELETE set null,
	"verified_at" timestamp(0) with time zone,
	"updated_at" timestamp(0) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "user_kyc_status" CHECK ("status" IN ('none', 'pending', 'verified', 'rejected')),
	CONSTRAINT "user_kyc_nric" CHECK ("nric" ~ '^[0-9]{12}$'),
	CONSTRAINT "user_kyc_one_identity" CHECK ("nric" IS NULL OR "passport" IS NULL),
	CONSTRAINT "user_kyc_rejected_reason" CHECK ("status" <> 'rejected' OR "reason" <> '')
);--> statement-breakpoint
-- The gate reads the verified members of a payout: by status.
CREATE INDEX "user_kyc_status_idx" ON "user_kyc" ("status", "user_id");--> statement-breakpoint
CREATE TABLE "user_kyc_documents" (
	"user_id" integer NOT NULL REFERENCES "user_kyc"("user_id") ON DELETE cascade,
	"side" text NOT NULL,
	"document_image" text NOT NULL,
	CONSTRAINT "user_kyc_documents_pkey" PRIMARY KEY ("user_id", "side"),
	CONSTRAINT "user_kyc_documents_side" CHECK ("side" IN ('front', 'back'))
);--> statement-breakpoint
-- A kyc upload is personal data: GET /uploads/<name> answers 404 for it.
ALTER TABLE "uploads" ADD COLUMN "private" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Off: approvals work as SPEC.md describes; on, only a verified member is paid.
ALTER TABLE "settings" ADD COLUMN "kyc_required" smallint DEFAULT 0 NOT NULL;
