-- Hand-written (docs/decisions/uploads-in-database.md): images live in the
-- database (or S3), named by the sha-256 of their content, so every server on
-- one database serves every image.
CREATE TABLE "uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	-- Null when the bytes are kept in S3-compatible storage.
	"content" bytea,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	-- The last upload of these bytes, or the last time a record stopped naming
	-- them: the sweep removes an unnamed image 24 hours after this.
	"last_referenced_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_size" CHECK ("size" >= 0)
);--> statement-breakpoint
CREATE INDEX "uploads_last_referenced_at_idx" ON "uploads" ("last_referenced_at");--> statement-breakpoint
-- A record that stops naming an image (changed or deleted) restarts its 24 hours.
-- The column holds one name, or several joined by commas (products.product_images).
CREATE FUNCTION "uploads_touch_unnamed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "uploads" SET "last_referenced_at" = now()
	WHERE "name" = ANY (string_to_array(to_jsonb(OLD) ->> TG_ARGV[0], ','));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "brands_uploads_unnamed" AFTER UPDATE OF "brand_image" OR DELETE ON "brands"
	FOR EACH ROW EXECUTE FUNCTION "uploads_touch_unnamed"('brand_image');--> statement-breakpoint
CREATE TRIGGER "products_uploads_unnamed" AFTER UPDATE OF "product_images" OR DELETE ON "products"
	FOR EACH ROW EXECUTE FUNCTION "uploads_touch_unnamed"('product_images');--> statement-breakpoint
CREATE TRIGGER "product_variants_uploads_unnamed" AFTER UPDATE OF "variant_image" OR DELETE ON "product_variants"
	FOR EACH ROW EXECUTE FUNCTION "uploads_touch_unnamed"('variant_image');--> statement-breakpoint
CREATE TRIGGER "banners_uploads_unnamed" AFTER UPDATE OF "banner_image" OR DELETE ON "banners"
	FOR EACH ROW EXECUTE FUNCTION "uploads_touch_unnamed"('banner_image');--> statement-breakpoint
CREATE TRIGGER "settings_uploads_unnamed" AFTER UPDATE OF "store_logo" OR DELETE ON "settings"
	FOR EACH ROW EXECUTE FUNCTION "uploads_touch_unnamed"('store_logo');
