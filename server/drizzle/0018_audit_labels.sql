-- Hand-written (docs/decisions/audit-labels.md): each audit row names its
-- record as a person knows it (a product's name, an order's number, the
-- member's username for a ledger entry), stored when the row is written so
-- the log can be searched by it like any other list (search grams, trigrams).
-- audit_label is the one definition: recordAudit (lib/audit.ts) calls it in
-- the row's insert, and the backfill below runs it over the rows already kept.
ALTER TABLE "audit_log" ADD COLUMN "label" text;--> statement-breakpoint
-- A record's id as an integer; null for a text id (an upload's file name, "unknown account").
CREATE FUNCTION "audit_key"("id" text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN "id" ~ '^[0-9]{1,9}$' THEN "id"::integer END
$$;--> statement-breakpoint
-- A member's username: the account's today, or, when it was deleted, the
-- username its deletion recorded (the ledger and withdrawals outlive it).
CREATE FUNCTION "audit_username"("user_id" integer) RETURNS text
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce(
    (SELECT "username" FROM "users" WHERE "users"."user_id" = "audit_username"."user_id"),
    (SELECT "before"->>'username' FROM "audit_log"
      WHERE "entity" = 'User' AND "entity_id" = "audit_username"."user_id"::text AND "action" = 'delete'
      ORDER BY "audit_id" DESC LIMIT 1))
$$;--> statement-breakpoint
-- The label of one audit row: the record's naming field as written (after,
-- else before), else read from its table; a kind without a name gives null.
CREATE FUNCTION "audit_label"("entity" text, "entity_id" text, "before" jsonb, "after" jsonb) RETURNS text
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
    WHEN 'Upload' THEN coalesce("after"->>'file_name', "entity_id")
  END, '')
$$;--> statement-breakpoint
-- The rows already kept: the append-only trigger (migration 0004) is lifted
-- for this one statement, inside the migration's transaction.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
UPDATE "audit_log" SET "label" = audit_label("entity", "entity_id", "before", "after");--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update_delete";--> statement-breakpoint
CREATE INDEX "audit_log_label_trgm" ON "audit_log" USING gin ("label" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "audit_log_actor_username_trgm" ON "audit_log" USING gin ("actor_username" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "audit_log_search_grams" ON "audit_log" USING gin (search_grams("label", "actor_username")) WITH (gin_pending_list_limit=64);
