-- Hand-written (docs/decisions/search-cache.md): every statement that
-- writes a listed table adds 1 to running_totals "<table>.writes", folded in at
-- commit like the other totals. A count remembered with these versions is
-- still exact while they have not moved (paging.ts, the capped search count).
CREATE FUNCTION "count_writes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO running_total_changes (name, delta) VALUES (TG_ARGV[0] || '.writes', 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('orders');--> statement-breakpoint
CREATE TRIGGER "users_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('users');--> statement-breakpoint
CREATE TRIGGER "user_wallets_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_wallets" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('user_wallets');--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "withdraw_requests" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('withdraw_requests');--> statement-breakpoint
CREATE TRIGGER "products_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('products');--> statement-breakpoint
CREATE TRIGGER "categories_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('categories');--> statement-breakpoint
CREATE TRIGGER "brands_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('brands');--> statement-breakpoint
CREATE TRIGGER "vouchers_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vouchers" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('vouchers');--> statement-breakpoint
CREATE TRIGGER "banners_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('banners');--> statement-breakpoint
CREATE TRIGGER "testimonials_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "testimonials" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('testimonials');--> statement-breakpoint
CREATE TRIGGER "agency_stores_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "agency_stores" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('agency_stores');--> statement-breakpoint
CREATE TRIGGER "memberships_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "memberships" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('memberships');--> statement-breakpoint
CREATE TRIGGER "shipping_methods_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipping_methods" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('shipping_methods');--> statement-breakpoint
CREATE TRIGGER "social_logins_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "social_logins" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('social_logins');--> statement-breakpoint
CREATE TRIGGER "payment_methods_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "payment_methods" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('payment_methods');--> statement-breakpoint
CREATE TRIGGER "settings_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('settings');--> statement-breakpoint
-- TRUNCATE zeroes the table's totals but not its writes: a version only grows,
-- so a remembered count can never meet the same version again.
CREATE OR REPLACE FUNCTION "running_totals_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM running_total_changes
    WHERE (name = TG_ARGV[0] OR left(name, length(TG_ARGV[0]) + 1) = TG_ARGV[0] || '.')
      AND name <> TG_ARGV[0] || '.writes';
  INSERT INTO running_total_changes (name, delta)
    SELECT name, -value FROM running_totals
    WHERE (name = TG_ARGV[0] OR left(name, length(TG_ARGV[0]) + 1) = TG_ARGV[0] || '.')
      AND name <> TG_ARGV[0] || '.writes' AND value <> 0;
  RETURN NULL;
END
$$;
