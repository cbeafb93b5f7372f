-- Hand-written (issue 41, docs/decisions/messages.md): messages to members and
-- staff. The outbox, written in the transaction of each event and sent by a
-- job; each event's template per language; one-time password reset links;
-- and a member's wish for no messages but those about money and orders.
ALTER TABLE "users" ADD COLUMN "messages_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A staff member's wish to hear by e-mail of each sign-in from a new device.
ALTER TABLE "users" ADD COLUMN "sign_in_alerts" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- No foreign key to users: the message is the record of what was said to whom,
-- and a key's check would take a share lock on the member's row inside every
-- order's change, against the money paths that lock members before orders.
CREATE TABLE "messages" (
	"message_id" serial PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"message_key" text NOT NULL,
	"user_id" integer,
	"recipient" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sending_until" timestamp(0) with time zone,
	"smtp_message_id" text NOT NULL,
	"html" text,
	"text" text,
	"sent_at" timestamp(0) with time zone,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "messages_message_key" UNIQUE("message_key"),
	CONSTRAINT "messages_status" CHECK ("status" IN ('queued', 'sent', 'failed')),
	CONSTRAINT "messages_language" CHECK ("language" IN ('en', 'ms', 'zh'))
);--> statement-breakpoint
CREATE INDEX "messages_status_idx" ON "messages" USING btree ("status","message_id");--> statement-breakpoint
CREATE INDEX "messages_user_id_idx" ON "messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "messages_created_at_idx" ON "messages" USING btree ("created_at","message_id");--> statement-breakpoint
CREATE TABLE "message_templates" (
	"event" text NOT NULL,
	"language" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"edited" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp(0) with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "message_templates_pkey" PRIMARY KEY("event","language"),
	CONSTRAINT "message_templates_language" CHECK ("language" IN ('en', 'ms', 'zh'))
);--> statement-breakpoint
CREATE TABLE "password_resets" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("user_id") ON DELETE cascade,
	"expires_at" timestamp(0) with time zone NOT NULL,
	"used_at" timestamp(0) with time zone,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "password_resets_user_id_idx" ON "password_resets" USING btree ("user_id");
