-- Hand-written (docs/decisions/record-versions.md): every record a
-- screen changes carries a version that every committed change raises, so a
-- save made from what an admin was shown can be refused when it is stale
-- (If-Match, 412). Adding a column with a constant default rewrites no table.
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_wallets" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "brands" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "vouchers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_stores" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "testimonials" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "social_logins" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- The database keeps the number, so no write path can forget it: an update
-- that changes any column but the ones named (updated_at, and counts the
-- system keeps of other records) raises it by one; a writer that changed a
-- record's children (a product's variants) asks for a new version by raising
-- it itself. Nobody can set another number.
CREATE FUNCTION "bump_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.version IS DISTINCT FROM OLD.version
     OR (to_jsonb(NEW) - TG_ARGV) IS DISTINCT FROM (to_jsonb(OLD) - TG_ARGV) THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "orders_version" BEFORE UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "users_version" BEFORE UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at', 'ttl_order', 'down_line');--> statement-breakpoint
CREATE TRIGGER "user_wallets_version" BEFORE UPDATE ON "user_wallets" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version');--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_version" BEFORE UPDATE ON "withdraw_requests" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version');--> statement-breakpoint
CREATE TRIGGER "categories_version" BEFORE UPDATE ON "categories" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at', 'products_in_cat');--> statement-breakpoint
CREATE TRIGGER "brands_version" BEFORE UPDATE ON "brands" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "products_version" BEFORE UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "product_variants_version" BEFORE UPDATE ON "product_variants" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "vouchers_version" BEFORE UPDATE ON "vouchers" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "memberships_version" BEFORE UPDATE ON "memberships" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "agency_stores_version" BEFORE UPDATE ON "agency_stores" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "banners_version" BEFORE UPDATE ON "banners" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "testimonials_version" BEFORE UPDATE ON "testimonials" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "settings_version" BEFORE UPDATE ON "settings" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "social_logins_version" BEFORE UPDATE ON "social_logins" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "payment_methods_version" BEFORE UPDATE ON "payment_methods" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');--> statement-breakpoint
CREATE TRIGGER "shipping_methods_version" BEFORE UPDATE ON "shipping_methods" FOR EACH ROW EXECUTE FUNCTION "bump_version"('version', 'updated_at');
