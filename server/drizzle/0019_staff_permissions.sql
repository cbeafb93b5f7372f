-- Hand-written (docs/decisions/permissions.md): staff and permissions, step-up,
-- two-step login and four-eyes payouts (issue 22).
CREATE TABLE "permission_groups" (
	"group_id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"permissions" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone,
	"version" integer DEFAULT 1 NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "permission_groups_name_key" ON "permission_groups" (lower("name"));--> statement-breakpoint
-- A group still held by someone cannot be deleted: the foreign key restricts it.
CREATE TABLE "user_groups" (
	"user_id" integer NOT NULL REFERENCES "users"("user_id") ON DELETE cascade,
	"group_id" integer NOT NULL REFERENCES "permission_groups"("group_id") ON DELETE restrict,
	PRIMARY KEY ("user_id", "group_id")
);--> statement-breakpoint
CREATE INDEX "user_groups_group_id_idx" ON "user_groups" ("group_id", "user_id");--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"user_id" integer NOT NULL REFERENCES "users"("user_id") ON DELETE cascade,
	"code_hash" text NOT NULL,
	"used_at" timestamp(0) with time zone,
	PRIMARY KEY ("user_id", "code_hash")
);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" text,
  ADD COLUMN "totp_pending_secret" text,
  ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "session_id" bigserial NOT NULL,
  ADD COLUMN "last_seen_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
  ADD COLUMN "address" text DEFAULT '' NOT NULL,
  ADD COLUMN "user_agent" text DEFAULT '' NOT NULL,
  ADD COLUMN "step_up_at" timestamp(0) with time zone,
  ADD COLUMN "totp_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_session_id_unique" UNIQUE ("session_id");--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD COLUMN "first_approved_by" integer REFERENCES "users"("user_id") ON DELETE set null,
  ADD COLUMN "first_approved_at" timestamp(0) with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "payout_second_approval_above" numeric(12, 2),
  ADD COLUMN "totp_required" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_payout_second_approval_above" CHECK ("payout_second_approval_above" IS NULL OR "payout_second_approval_above" >= 0);--> statement-breakpoint
-- The permission groups list's running total and search cache (lib/lists/triggers.ts writes these).
DROP TRIGGER IF EXISTS permission_groups_totals_delete ON permission_groups;--> statement-breakpoint
CREATE TRIGGER permission_groups_totals_delete AFTER DELETE ON permission_groups REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_running_totals('(''permission_groups'', c.sign)');--> statement-breakpoint
DROP TRIGGER IF EXISTS permission_groups_totals_insert ON permission_groups;--> statement-breakpoint
CREATE TRIGGER permission_groups_totals_insert AFTER INSERT ON permission_groups REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION keep_running_totals('(''permission_groups'', c.sign)');--> statement-breakpoint
DROP TRIGGER IF EXISTS permission_groups_totals_truncate ON permission_groups;--> statement-breakpoint
CREATE TRIGGER permission_groups_totals_truncate AFTER TRUNCATE ON permission_groups FOR EACH STATEMENT EXECUTE FUNCTION running_totals_truncated('permission_groups');--> statement-breakpoint
DROP TRIGGER IF EXISTS permission_groups_writes ON permission_groups;--> statement-breakpoint
CREATE TRIGGER permission_groups_writes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON permission_groups FOR EACH STATEMENT EXECUTE FUNCTION count_writes('permission_groups');--> statement-breakpoint
-- audit_label (migration 0018) names a permission group by its name.
CREATE OR REPLACE FUNCTION "audit_label"("entity" text, "entity_id" text, "before" jsonb, "after" jsonb) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT nullif(CASE "entity"
    WHEN 'Product' THEN coalesce("after"->>'product_name', "before"->>'product_name',
      (SELECT "product_name" FROM "products" WHERE "product_id" = audit_key("entity_id")))
    WHEN 'Variant' THEN concat_ws(' · ',
      (SELECT "product_name" FROM "products"
        WHERE "product_id" = audit_key(coalesce("after", "before")->>'product_id')),
      coalesce("after"->>'variant_name', "before"->>'variant_name'))
    WHEN 'Order' THEN coalesce("after"->>'order_number', "before"->>'order_number',
      (SELECT "order_number" FROM "orders" WHERE "orders_id" = audit_key("entity_id")))
    WHEN 'OrderCommission' THEN
      (SELECT "order_number" FROM "orders" WHERE "orders_id" = audit_key("entity_id"))
    WHEN 'User' THEN coalesce("after"->>'username', "before"->>'username',
      audit_username(audit_key("entity_id")))
    WHEN 'Session' THEN audit_username(audit_key("entity_id"))
    WHEN 'Wallet' THEN audit_username(audit_key(coalesce("after", "before")->>'user_id'))
    WHEN 'LedgerEntry' THEN audit_username(audit_key(coalesce("after", "before")->>'user_id'))
    WHEN 'Owed' THEN audit_username(audit_key(coalesce("after", "before")->>'user_id'))
    WHEN 'WithdrawRequest' THEN coalesce("after"->>'payee_username', "before"->>'payee_username',
      (SELECT "payee_username" FROM "withdraw_requests" WHERE "withdraw_id" = audit_key("entity_id")),
      audit_username(audit_key(coalesce("after", "before")->>'user_id')))
    WHEN 'Category' THEN coalesce("after"->>'category_name', "before"->>'category_name')
    WHEN 'Brand' THEN coalesce("after"->>'brand_name', "before"->>'brand_name')
    WHEN 'Voucher' THEN coalesce("after"->>'voucher_code', "before"->>'voucher_code')
    WHEN 'Membership' THEN coalesce("after"->>'membership', "before"->>'membership')
    WHEN 'Agency store' THEN coalesce("after"->>'store_name', "before"->>'store_name')
    WHEN 'Banner' THEN coalesce("after"->>'title', "before"->>'title')
    WHEN 'Testimonial' THEN coalesce("after"->>'testimonial_title', "before"->>'testimonial_title')
    WHEN 'Settings' THEN coalesce("after"->>'store_name', "before"->>'store_name')
    WHEN 'Social login' THEN coalesce("after"->>'social_login', "before"->>'social_login')
    WHEN 'Payment method' THEN coalesce("after"->>'payment_method', "before"->>'payment_method')
    WHEN 'Shipping method' THEN coalesce("after"->>'shipping_name', "before"->>'shipping_name')
    WHEN 'Permission group' THEN coalesce("after"->>'name', "before"->>'name')
    WHEN 'Upload' THEN coalesce("after"->>'file_name', "entity_id")
  END, '')
$$;
--> statement-breakpoint
-- Spending an authenticator code (users.totp_last_step, auth/twoStep.ts) is not an edit of the
-- person's record: it must not raise the version an open Edit User form was shown.
DROP TRIGGER "users_version" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_version" BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at', 'ttl_order', 'down_line', 'totp_last_step');--> statement-breakpoint
-- The users list reads each person's groups: a write to them must end a cached search count (lib/lists/triggers.ts).
CREATE TRIGGER user_groups_writes AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON user_groups FOR EACH STATEMENT EXECUTE FUNCTION count_writes('user_groups');
