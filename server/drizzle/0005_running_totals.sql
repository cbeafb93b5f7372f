CREATE TABLE "running_total_changes" (
	"name" text NOT NULL,
	"delta" numeric NOT NULL
);
--> statement-breakpoint
CREATE TABLE "running_totals" (
	"name" text PRIMARY KEY NOT NULL,
	"value" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "running_totals_time_zone" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text,
	CONSTRAINT "running_totals_time_zone_one_row" CHECK ("running_totals_time_zone"."id" = 1)
);
--> statement-breakpoint
DROP INDEX "orders_order_status_idx";--> statement-breakpoint
DROP INDEX "orders_created_at_idx";--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "products_effective_price_idx";--> statement-breakpoint
DROP INDEX "users_referral_of_idx";--> statement-breakpoint
DROP INDEX "users_membership_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
DROP INDEX "users_role_idx";--> statement-breakpoint
DROP INDEX "withdraw_requests_request_at_idx";--> statement-breakpoint
CREATE INDEX "orders_username_sort" ON "orders" USING btree ("username","orders_id");--> statement-breakpoint
CREATE INDEX "orders_total_price_sort" ON "orders" USING btree ("total_price","orders_id");--> statement-breakpoint
CREATE INDEX "orders_points_earned_sort" ON "orders" USING btree ("points_earned","orders_id");--> statement-breakpoint
CREATE INDEX "orders_recipient_name_sort" ON "orders" USING btree ("recipient_name","orders_id");--> statement-breakpoint
CREATE INDEX "orders_tracking_number_sort" ON "orders" USING btree ("tracking_number","orders_id");--> statement-breakpoint
CREATE INDEX "orders_paid_on_sort" ON "orders" USING btree ("paid_on","orders_id");--> statement-breakpoint
CREATE INDEX "orders_ship_out_by_sort" ON "orders" USING btree ("ship_out_by","orders_id");--> statement-breakpoint
CREATE INDEX "orders_completed_at_sort" ON "orders" USING btree ("completed_at","orders_id");--> statement-breakpoint
CREATE INDEX "orders_updated_at_sort" ON "orders" USING btree ("updated_at","orders_id");--> statement-breakpoint
CREATE INDEX "products_product_name_sort" ON "products" USING btree ("product_name","product_id");--> statement-breakpoint
CREATE INDEX "products_normal_price_sort" ON "products" USING btree ("normal_price","product_id");--> statement-breakpoint
CREATE INDEX "products_stock_qtt_sort" ON "products" USING btree ("stock_qtt","product_id");--> statement-breakpoint
CREATE INDEX "products_rating_sort" ON "products" USING btree ("rating","product_id");--> statement-breakpoint
CREATE INDEX "products_updated_at_sort" ON "products" USING btree ("updated_at","product_id");--> statement-breakpoint
CREATE INDEX "products_product_name_trgm" ON "products" USING gin ("product_name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "products_sku_trgm" ON "products" USING gin ("sku" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "user_wallets_wallet_amt_sort" ON "user_wallets" USING btree ("wallet_amt","wallet_id");--> statement-breakpoint
CREATE INDEX "user_wallets_c_wallet_amt_sort" ON "user_wallets" USING btree ("c_wallet_amt","wallet_id");--> statement-breakpoint
CREATE INDEX "user_wallets_recent_spend_at_sort" ON "user_wallets" USING btree ("recent_spend_at","wallet_id");--> statement-breakpoint
CREATE INDEX "users_username_sort" ON "users" USING btree ("username","user_id");--> statement-breakpoint
CREATE INDEX "users_f_name_sort" ON "users" USING btree ("f_name","user_id");--> statement-breakpoint
CREATE INDEX "users_l_name_sort" ON "users" USING btree ("l_name","user_id");--> statement-breakpoint
CREATE INDEX "users_gender_sort" ON "users" USING btree ("gender","user_id");--> statement-breakpoint
CREATE INDEX "users_DOB_sort" ON "users" USING btree ("DOB","user_id");--> statement-breakpoint
CREATE INDEX "users_email_sort" ON "users" USING btree ("email","user_id");--> statement-breakpoint
CREATE INDEX "users_contact_sort" ON "users" USING btree ("contact","user_id");--> statement-breakpoint
CREATE INDEX "users_down_line_sort" ON "users" USING btree ("down_line","user_id");--> statement-breakpoint
CREATE INDEX "users_ttl_pv_sort" ON "users" USING btree ("ttl_pv","user_id");--> statement-breakpoint
CREATE INDEX "users_user_status_sort" ON "users" USING btree ("user_status","user_id");--> statement-breakpoint
CREATE INDEX "users_updated_at_sort" ON "users" USING btree ("updated_at","user_id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_bank_name_sort" ON "withdraw_requests" USING btree ("bank_name","withdraw_id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_withdraw_amt_sort" ON "withdraw_requests" USING btree ("withdraw_amt","withdraw_id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_withdraw_status_sort" ON "withdraw_requests" USING btree ("withdraw_status","withdraw_id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_cashOut_at_sort" ON "withdraw_requests" USING btree ("cashOut_at","withdraw_id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_rejected_at_sort" ON "withdraw_requests" USING btree ("rejected_at","withdraw_id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_payee_username_trgm" ON "withdraw_requests" USING gin ("payee_username" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "withdraw_requests_bank_acc_trgm" ON "withdraw_requests" USING gin ("bank_acc" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "withdraw_requests_bank_name_trgm" ON "withdraw_requests" USING gin ("bank_name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "withdraw_requests_withdraw_status_trgm" ON "withdraw_requests" USING gin ("withdraw_status" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "orders_order_status_idx" ON "orders" USING btree ("order_status","orders_id");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at","orders_id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","product_id");--> statement-breakpoint
CREATE INDEX "products_effective_price_idx" ON "products" USING btree ((coalesce(nullif("discount_price", 0), "normal_price")),"product_id");--> statement-breakpoint
CREATE INDEX "users_referral_of_idx" ON "users" USING btree ("referral_of","user_id");--> statement-breakpoint
CREATE INDEX "users_membership_idx" ON "users" USING btree ("membership","user_id");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at","user_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","user_id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_request_at_idx" ON "withdraw_requests" USING btree ("request_at","withdraw_id");--> statement-breakpoint
-- Hand-written from here (docs/decisions/running-totals.md). A deferred
-- trigger folds the transaction's changes into running_totals at commit, in
-- name order: the counter rows are locked last, briefly and always in one
-- order, so writers never deadlock on them.
CREATE FUNCTION "apply_running_total_changes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH drained AS (DELETE FROM running_total_changes RETURNING name, delta)
  INSERT INTO running_totals AS t (name, value)
  SELECT name, sum(delta) FROM drained GROUP BY name ORDER BY name
  ON CONFLICT (name) DO UPDATE SET value = t.value + excluded.value;
  RETURN NULL;
END
$$--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "running_total_changes_apply" AFTER INSERT ON "running_total_changes" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "apply_running_total_changes"()--> statement-breakpoint
-- The rows a statement changed, signed: +1 as they are now, -1 as they were.
CREATE FUNCTION "running_total_rows"(op text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE op
    WHEN 'INSERT' THEN 'SELECT 1 AS sign, * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT -1 AS sign, * FROM old_rows'
    ELSE 'SELECT -1 AS sign, * FROM old_rows UNION ALL SELECT 1 AS sign, * FROM new_rows'
  END
$$--> statement-breakpoint
-- Statement trigger: TG_ARGV[0] lists (name, delta) pairs per changed row "c"
-- (a VALUES list); their sums by name become this transaction's changes.
CREATE FUNCTION "keep_running_totals"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'INSERT INTO running_total_changes (name, delta)
     SELECT v.name, sum(v.delta) FROM (%s) AS c CROSS JOIN LATERAL (VALUES %s) AS v(name, delta)
     WHERE v.name IS NOT NULL GROUP BY v.name HAVING sum(v.delta) <> 0',
    running_total_rows(TG_OP), TG_ARGV[0]);
  RETURN NULL;
END
$$--> statement-breakpoint
-- TRUNCATE: the table's totals (TG_ARGV[0] and TG_ARGV[0].*) back to zero.
CREATE FUNCTION "running_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM running_total_changes
    WHERE name = TG_ARGV[0] OR left(name, length(TG_ARGV[0]) + 1) = TG_ARGV[0] || '.';
  INSERT INTO running_total_changes (name, delta)
    SELECT name, -value FROM running_totals
    WHERE (name = TG_ARGV[0] OR left(name, length(TG_ARGV[0]) + 1) = TG_ARGV[0] || '.') AND value <> 0;
  RETURN NULL;
END
$$--> statement-breakpoint
CREATE TRIGGER "orders_totals_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''orders'', c.sign), (''orders.total_price'', c.sign * c.total_price), (''orders.day:'' || floor(extract(epoch from c.created_at) / 86400)::bigint, c.sign)')--> statement-breakpoint
CREATE TRIGGER "orders_totals_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''orders'', c.sign), (''orders.total_price'', c.sign * c.total_price), (''orders.day:'' || floor(extract(epoch from c.created_at) / 86400)::bigint, c.sign)')--> statement-breakpoint
CREATE TRIGGER "orders_totals_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''orders'', c.sign), (''orders.total_price'', c.sign * c.total_price), (''orders.day:'' || floor(extract(epoch from c.created_at) / 86400)::bigint, c.sign)')--> statement-breakpoint
CREATE TRIGGER "orders_totals_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('orders')--> statement-breakpoint
CREATE TRIGGER "users_totals_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''users'', c.sign), (''users.membership:'' || c.membership, c.sign), (''users.month:'' || to_char(c.created_at AT TIME ZONE (SELECT time_zone FROM running_totals_time_zone), ''YYYY-MM''), c.sign)')--> statement-breakpoint
CREATE TRIGGER "users_totals_update" AFTER UPDATE ON "users" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''users'', c.sign), (''users.membership:'' || c.membership, c.sign), (''users.month:'' || to_char(c.created_at AT TIME ZONE (SELECT time_zone FROM running_totals_time_zone), ''YYYY-MM''), c.sign)')--> statement-breakpoint
CREATE TRIGGER "users_totals_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''users'', c.sign), (''users.membership:'' || c.membership, c.sign), (''users.month:'' || to_char(c.created_at AT TIME ZONE (SELECT time_zone FROM running_totals_time_zone), ''YYYY-MM''), c.sign)')--> statement-breakpoint
CREATE TRIGGER "users_totals_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('users')--> statement-breakpoint
CREATE TRIGGER "user_wallets_totals_insert" AFTER INSERT ON "user_wallets" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''user_wallets'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "user_wallets_totals_delete" AFTER DELETE ON "user_wallets" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''user_wallets'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "user_wallets_totals_truncate" AFTER TRUNCATE ON "user_wallets" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('user_wallets')--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_totals_insert" AFTER INSERT ON "withdraw_requests" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''withdraw_requests'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_totals_delete" AFTER DELETE ON "withdraw_requests" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''withdraw_requests'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_totals_truncate" AFTER TRUNCATE ON "withdraw_requests" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('withdraw_requests')--> statement-breakpoint
CREATE TRIGGER "brands_totals_insert" AFTER INSERT ON "brands" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''brands'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "brands_totals_delete" AFTER DELETE ON "brands" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''brands'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "brands_totals_truncate" AFTER TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('brands')--> statement-breakpoint
CREATE TRIGGER "vouchers_totals_insert" AFTER INSERT ON "vouchers" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''vouchers'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "vouchers_totals_delete" AFTER DELETE ON "vouchers" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''vouchers'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "vouchers_totals_truncate" AFTER TRUNCATE ON "vouchers" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('vouchers')--> statement-breakpoint
CREATE TRIGGER "banners_totals_insert" AFTER INSERT ON "banners" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''banners'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "banners_totals_delete" AFTER DELETE ON "banners" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''banners'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "banners_totals_truncate" AFTER TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('banners')--> statement-breakpoint
CREATE TRIGGER "memberships_totals_insert" AFTER INSERT ON "memberships" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''memberships'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "memberships_totals_delete" AFTER DELETE ON "memberships" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''memberships'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "memberships_totals_truncate" AFTER TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('memberships')--> statement-breakpoint
CREATE TRIGGER "shipping_methods_totals_insert" AFTER INSERT ON "shipping_methods" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''shipping_methods'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "shipping_methods_totals_delete" AFTER DELETE ON "shipping_methods" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''shipping_methods'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "shipping_methods_totals_truncate" AFTER TRUNCATE ON "shipping_methods" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('shipping_methods')--> statement-breakpoint
CREATE TRIGGER "social_logins_totals_insert" AFTER INSERT ON "social_logins" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''social_logins'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "social_logins_totals_delete" AFTER DELETE ON "social_logins" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''social_logins'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "social_logins_totals_truncate" AFTER TRUNCATE ON "social_logins" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('social_logins')--> statement-breakpoint
CREATE TRIGGER "payment_methods_totals_insert" AFTER INSERT ON "payment_methods" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''payment_methods'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "payment_methods_totals_delete" AFTER DELETE ON "payment_methods" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''payment_methods'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "payment_methods_totals_truncate" AFTER TRUNCATE ON "payment_methods" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('payment_methods')--> statement-breakpoint
CREATE TRIGGER "settings_totals_insert" AFTER INSERT ON "settings" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''settings'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "settings_totals_delete" AFTER DELETE ON "settings" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''settings'', c.sign)')--> statement-breakpoint
CREATE TRIGGER "settings_totals_truncate" AFTER TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('settings')--> statement-breakpoint
CREATE TRIGGER "products_totals_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''products'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "products_totals_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''products'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "products_totals_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''products'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "products_totals_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('products')--> statement-breakpoint
CREATE TRIGGER "categories_totals_insert" AFTER INSERT ON "categories" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''categories'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "categories_totals_update" AFTER UPDATE ON "categories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''categories'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "categories_totals_delete" AFTER DELETE ON "categories" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''categories'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "categories_totals_truncate" AFTER TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('categories')--> statement-breakpoint
CREATE TRIGGER "testimonials_totals_insert" AFTER INSERT ON "testimonials" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''testimonials'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "testimonials_totals_update" AFTER UPDATE ON "testimonials" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''testimonials'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "testimonials_totals_delete" AFTER DELETE ON "testimonials" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''testimonials'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "testimonials_totals_truncate" AFTER TRUNCATE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('testimonials')--> statement-breakpoint
CREATE TRIGGER "agency_stores_totals_insert" AFTER INSERT ON "agency_stores" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''agency_stores'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "agency_stores_totals_update" AFTER UPDATE ON "agency_stores" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''agency_stores'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "agency_stores_totals_delete" AFTER DELETE ON "agency_stores" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''agency_stores'', CASE WHEN c.deleted_at IS NULL THEN c.sign END)')--> statement-breakpoint
CREATE TRIGGER "agency_stores_totals_truncate" AFTER TRUNCATE ON "agency_stores" FOR EACH STATEMENT EXECUTE FUNCTION "running_totals_truncated"('agency_stores')--> statement-breakpoint
INSERT INTO "running_totals_time_zone" ("id", "time_zone") VALUES (1, NULL)--> statement-breakpoint
-- The totals of what is already stored; users.month:* are counted by the
-- dashboard on first use, in the store's time zone.
INSERT INTO "running_totals" ("name", "value")
  SELECT 'orders', count(*)::numeric FROM orders
  UNION ALL SELECT 'orders.total_price', coalesce(sum(total_price), 0) FROM orders
  UNION ALL SELECT 'orders.day:' || floor(extract(epoch from created_at) / 86400)::bigint, count(*) FROM orders GROUP BY 1
  UNION ALL SELECT 'users', count(*) FROM users
  UNION ALL SELECT 'users.membership:' || membership, count(*) FROM users GROUP BY membership
  UNION ALL SELECT 'user_wallets', count(*) FROM user_wallets
  UNION ALL SELECT 'withdraw_requests', count(*) FROM withdraw_requests
  UNION ALL SELECT 'brands', count(*) FROM brands
  UNION ALL SELECT 'vouchers', count(*) FROM vouchers
  UNION ALL SELECT 'banners', count(*) FROM banners
  UNION ALL SELECT 'memberships', count(*) FROM memberships
  UNION ALL SELECT 'shipping_methods', count(*) FROM shipping_methods
  UNION ALL SELECT 'social_logins', count(*) FROM social_logins
  UNION ALL SELECT 'payment_methods', count(*) FROM payment_methods
  UNION ALL SELECT 'settings', count(*) FROM settings
  UNION ALL SELECT 'products', count(*) FROM products WHERE deleted_at IS NULL
  UNION ALL SELECT 'categories', count(*) FROM categories WHERE deleted_at IS NULL
  UNION ALL SELECT 'testimonials', count(*) FROM testimonials WHERE deleted_at IS NULL
  UNION ALL SELECT 'agency_stores', count(*) FROM agency_stores WHERE deleted_at IS NULL;
