-- Hand-written (issue 40, docs/decisions/einvoices.md): e-invoices to LHDN's
-- MyInvois. The store's tax identity and its MyInvois access on the settings
-- row; a buyer's request for an invoice of their own on the order; every
-- document built (its exact JSON and SHA-256 kept), sent and answered; and
-- which orders each document covers, so an order is in one invoice and one
-- note at most while they stand (a cancelled document lets its orders go).
ALTER TABLE "settings" ADD COLUMN "tin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "sst_no" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "msic_code" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "business_activity" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "myinvois_environment" text DEFAULT 'sandbox' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "myinvois_client_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "myinvois_client_secret" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "myinvois_base_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "myinvois_identity_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "einvoice_certificate" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "einvoice_private_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_myinvois_environment" CHECK ("myinvois_environment" IN ('sandbox', 'production'));--> statement-breakpoint
CREATE TABLE "order_buyers" (
	"orders_id" integer PRIMARY KEY NOT NULL REFERENCES "orders"("orders_id") ON DELETE cascade,
	"name" text NOT NULL,
	"tin" text NOT NULL,
	"id_type" text NOT NULL,
	"id_value" text NOT NULL,
	"sst_no" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"updated_at" timestamp(0) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "order_buyers_id_type" CHECK ("id_type" IN ('BRN', 'NRIC', 'PASSPORT', 'ARMY'))
);--> statement-breakpoint
-- No foreign key to orders or periods: a document given to the tax authority
-- outlives what it was built from, as the ledger's entries do.
CREATE TABLE "einvoices" (
	"einvoice_id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"internal_id" text NOT NULL,
	"orders_id" integer,
	"month" text,
	"period_id" integer,
	"user_id" integer,
	"original_id" integer REFERENCES "einvoices"("einvoice_id"),
	"amount" numeric(12, 2) NOT NULL,
	"tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"document" text NOT NULL,
	"document_hash" text NOT NULL,
	"uuid" text,
	"long_id" text,
	"submission_uid" text,
	-- Held by the one job sending it, so two servers never send it twice.
	"sending_until" timestamp(0) with time zone,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_at" timestamp(0) with time zone,
	"validated_at" timestamp(0) with time zone,
	"cancelled_at" timestamp(0) with time zone,
	"cancel_reason" text,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "einvoices_internal_id" UNIQUE ("internal_id"),
	CONSTRAINT "einvoices_type" CHECK ("type" IN ('01', '02', '04', '11')),
	CONSTRAINT "einvoices_status" CHECK ("status" IN ('draft', 'submitted', 'valid', 'invalid', 'cancelled')),
	CONSTRAINT "einvoices_note_original" CHECK (("type" IN ('02', '04')) = ("original_id" IS NOT NULL))
);--> statement-breakpoint
-- One standing consolidated invoice a month, one self-billed invoice an agent a period.
CREATE UNIQUE INDEX "einvoices_month_live" ON "einvoices" ("month") WHERE "month" IS NOT NULL AND "status" <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "einvoices_period_live" ON "einvoices" ("period_id", "user_id") WHERE "period_id" IS NOT NULL AND "status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX "einvoices_status_idx" ON "einvoices" ("status", "einvoice_id");--> statement-breakpoint
CREATE INDEX "einvoices_orders_id_idx" ON "einvoices" ("orders_id");--> statement-breakpoint
CREATE TABLE "einvoice_orders" (
	"orders_id" integer NOT NULL,
	"kind" text NOT NULL,
	"einvoice_id" integer NOT NULL REFERENCES "einvoices"("einvoice_id") ON DELETE cascade,
	CONSTRAINT "einvoice_orders_pkey" PRIMARY KEY ("orders_id", "kind"),
	CONSTRAINT "einvoice_orders_kind" CHECK ("kind" IN ('invoice', 'note'))
);--> statement-breakpoint
CREATE INDEX "einvoice_orders_einvoice_id_idx" ON "einvoice_orders" ("einvoice_id");
