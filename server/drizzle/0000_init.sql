CREATE TABLE "agency_stores" (
	"store_id" serial PRIMARY KEY NOT NULL,
	"store_username" text NOT NULL,
	"store_name" text NOT NULL,
	"owner" text NOT NULL,
	"store_email" text NOT NULL,
	"owner_contact" text NOT NULL,
	"store_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp(0) with time zone NOT NULL,
	"updated_at" timestamp(0) with time zone,
	"deleted_at" timestamp(0) with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"audit_id" bigserial PRIMARY KEY NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"banner_id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"banner_image" text DEFAULT '' NOT NULL,
	"banner_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"brand_id" serial PRIMARY KEY NOT NULL,
	"brand_name" text NOT NULL,
	"brand_image" text DEFAULT '' NOT NULL,
	"brand_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"category_id" serial PRIMARY KEY NOT NULL,
	"category_name" text NOT NULL,
	"products_in_cat" integer DEFAULT 0 NOT NULL,
	"cat_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone,
	"deleted_at" timestamp(0) with time zone,
	CONSTRAINT "categories_products_in_cat" CHECK ("categories"."products_in_cat" >= 0)
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"currency_id" serial PRIMARY KEY NOT NULL,
	"currency_code" text NOT NULL,
	"currency_symbol" text NOT NULL,
	CONSTRAINT "currencies_currency_code_unique" UNIQUE("currency_code")
);
--> statement-breakpoint
CREATE TABLE "genders" (
	"gender_id" serial PRIMARY KEY NOT NULL,
	"gender" text NOT NULL,
	CONSTRAINT "genders_gender_unique" UNIQUE("gender")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"language_id" serial PRIMARY KEY NOT NULL,
	"languages" text NOT NULL,
	CONSTRAINT "languages_languages_unique" UNIQUE("languages")
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"failure_id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"failed_at" timestamp(0) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"member_id" serial PRIMARY KEY NOT NULL,
	"membership" text NOT NULL,
	"member_percentage" numeric(12, 2) DEFAULT '0' NOT NULL,
	"member_earning" numeric(12, 2) DEFAULT '0' NOT NULL,
	"min_requirement" numeric(12, 2) DEFAULT '0' NOT NULL,
	"req_condition" text DEFAULT 'pv' NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone,
	CONSTRAINT "memberships_req_condition" CHECK ("memberships"."req_condition" in ('pv', 'down-line')),
	CONSTRAINT "memberships_percentages" CHECK ("memberships"."member_percentage" >= 0 and "memberships"."member_percentage" < 100 and "memberships"."member_earning" >= 0 and "memberships"."member_earning" < 100),
	CONSTRAINT "memberships_min_requirement" CHECK ("memberships"."min_requirement" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_statuses" (
	"order_status_id" integer PRIMARY KEY NOT NULL,
	"order_status_name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"orders_id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"currency_symbol" text DEFAULT 'RM' NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"points_earned" numeric(12, 2) DEFAULT '0' NOT NULL,
	"coupon_code" text DEFAULT '' NOT NULL,
	"recipient_name" text DEFAULT '' NOT NULL,
	"recipient_contact" text DEFAULT '' NOT NULL,
	"address_1" text DEFAULT '' NOT NULL,
	"address_2" text DEFAULT '' NOT NULL,
	"postcode" text DEFAULT '' NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"order_status" integer NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"paid_on" timestamp(0) with time zone,
	"ship_out_by" timestamp(0) with time zone,
	"completed_at" timestamp(0) with time zone,
	"refund_at" timestamp(0) with time zone,
	"updated_at" timestamp(0) with time zone,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"method_id" integer PRIMARY KEY NOT NULL,
	"payment_method" text NOT NULL,
	"secret_key" text DEFAULT '' NOT NULL,
	"publish_key" text DEFAULT '' NOT NULL,
	"gateway_uri" text DEFAULT '' NOT NULL,
	"method_status" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp(0) with time zone
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"variant_id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"variant_name" text NOT NULL,
	"variant_image" text DEFAULT '' NOT NULL,
	"variant_price" numeric(12, 2) NOT NULL,
	"variant_dis_price" numeric(12, 2),
	"variant_qtt" integer DEFAULT 0 NOT NULL,
	"variant_sku" text DEFAULT '' NOT NULL,
	"variant_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone,
	"deleted_at" timestamp(0) with time zone
);
--> statement-breakpoint
CREATE TABLE "products" (
	"product_id" serial PRIMARY KEY NOT NULL,
	"product_name" text NOT NULL,
	"product_description" text DEFAULT '' NOT NULL,
	"product_images" text DEFAULT '' NOT NULL,
	"product_variation" integer DEFAULT 0 NOT NULL,
	"normal_price" numeric(12, 2) NOT NULL,
	"discount_price" numeric(12, 2),
	"cost_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"rating" numeric(2, 1) DEFAULT '0' NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"stock_qtt" integer DEFAULT 0 NOT NULL,
	"width" numeric(12, 2) DEFAULT '0' NOT NULL,
	"height" numeric(12, 2) DEFAULT '0' NOT NULL,
	"weight" numeric(12, 2) DEFAULT '0' NOT NULL,
	"category_id" integer NOT NULL,
	"product_status" smallint DEFAULT 0 NOT NULL,
	"tags" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone,
	"deleted_at" timestamp(0) with time zone,
	CONSTRAINT "products_variation" CHECK ("products"."product_variation" between 0 and 10)
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"role_id" serial PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "roles_role_unique" UNIQUE("role")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp(0) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"setting_id" integer PRIMARY KEY NOT NULL,
	"theme_color" smallint DEFAULT 1 NOT NULL,
	"store_name" text NOT NULL,
	"store_logo" text DEFAULT '' NOT NULL,
	"store_address" text DEFAULT '' NOT NULL,
	"store_contact" text DEFAULT '' NOT NULL,
	"copyright_text" text DEFAULT '' NOT NULL,
	"footer_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp(0) with time zone,
	CONSTRAINT "settings_theme" CHECK ("settings"."theme_color" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"ship_id" serial PRIMARY KEY NOT NULL,
	"shipping_name" text NOT NULL,
	"shipping_fee" numeric(12, 2) NOT NULL,
	"shipping_status" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp(0) with time zone
);
--> statement-breakpoint
CREATE TABLE "social_logins" (
	"social_id" integer PRIMARY KEY NOT NULL,
	"social_login" text NOT NULL,
	"id_key" text DEFAULT '' NOT NULL,
	"secret_key" text DEFAULT '' NOT NULL,
	"social_uri" text DEFAULT '' NOT NULL,
	"social_status" smallint DEFAULT 0 NOT NULL,
	"updated_at" timestamp(0) with time zone
);
--> statement-breakpoint
CREATE TABLE "testimonials" (
	"testimonial_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"username" text NOT NULL,
	"testimonial_title" text NOT NULL,
	"testimonial_content" text DEFAULT '' NOT NULL,
	"testimonial_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone,
	"deleted_at" timestamp(0) with time zone
);
--> statement-breakpoint
CREATE TABLE "user_wallets" (
	"wallet_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"wallet_amt" numeric(12, 2) DEFAULT '0' NOT NULL,
	"c_wallet_amt" numeric(12, 2) DEFAULT '0' NOT NULL,
	"recent_spend_at" timestamp(0) with time zone,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_wallets_amounts" CHECK ("user_wallets"."wallet_amt" >= 0 and "user_wallets"."c_wallet_amt" >= 0)
);
--> statement-breakpoint
CREATE TABLE "users" (
	"user_id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"f_name" text NOT NULL,
	"l_name" text NOT NULL,
	"contact" text NOT NULL,
	"password_hash" text NOT NULL,
	"DOB" date,
	"gender" text NOT NULL,
	"role" text NOT NULL,
	"membership" integer DEFAULT 1 NOT NULL,
	"down_line" integer DEFAULT 0 NOT NULL,
	"referral_of" integer,
	"ttl_pv" numeric(12, 2) DEFAULT '0' NOT NULL,
	"languages" text NOT NULL,
	"currency" text NOT NULL,
	"user_status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone,
	CONSTRAINT "users_not_own_referrer" CHECK ("users"."referral_of" is null or "users"."referral_of" <> "users"."user_id")
);
--> statement-breakpoint
CREATE TABLE "vouchers" (
	"voucher_id" serial PRIMARY KEY NOT NULL,
	"voucher_code" text NOT NULL,
	"discount" numeric(12, 2) NOT NULL,
	"discount_cap" numeric(12, 2) NOT NULL,
	"discount_type" text NOT NULL,
	"voucher_status" smallint DEFAULT 0 NOT NULL,
	"expired_at" timestamp(0) with time zone NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp(0) with time zone,
	CONSTRAINT "vouchers_discount_type" CHECK ("vouchers"."discount_type" in ('price', 'percentage')),
	CONSTRAINT "vouchers_amounts" CHECK ("vouchers"."discount" >= 0 and "vouchers"."discount_cap" >= 0 and ("vouchers"."discount_type" <> 'percentage' or "vouchers"."discount" < 100))
);
--> statement-breakpoint
CREATE TABLE "withdraw_requests" (
	"withdraw_id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bank_acc" text NOT NULL,
	"bank_name" text NOT NULL,
	"withdraw_amt" numeric(12, 2) NOT NULL,
	"withdraw_status" text DEFAULT 'processing' NOT NULL,
	"request_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	"cashOut_at" timestamp(0) with time zone,
	"rejected_at" timestamp(0) with time zone,
	CONSTRAINT "withdraw_requests_status" CHECK ("withdraw_requests"."withdraw_status" in ('processing', 'completed', 'rejected')),
	CONSTRAINT "withdraw_requests_amount" CHECK ("withdraw_requests"."withdraw_amt" > 0)
);
--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_status_order_statuses_order_status_id_fk" FOREIGN KEY ("order_status") REFERENCES "public"."order_statuses"("order_status_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("category_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "testimonials" ADD CONSTRAINT "testimonials_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_wallets" ADD CONSTRAINT "user_wallets_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_gender_genders_gender_fk" FOREIGN KEY ("gender") REFERENCES "public"."genders"("gender") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_roles_role_fk" FOREIGN KEY ("role") REFERENCES "public"."roles"("role") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_membership_memberships_member_id_fk" FOREIGN KEY ("membership") REFERENCES "public"."memberships"("member_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referral_of_users_user_id_fk" FOREIGN KEY ("referral_of") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_languages_languages_languages_fk" FOREIGN KEY ("languages") REFERENCES "public"."languages"("languages") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_currency_currencies_currency_code_fk" FOREIGN KEY ("currency") REFERENCES "public"."currencies"("currency_code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD CONSTRAINT "withdraw_requests_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_stores_created_at_idx" ON "agency_stores" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "banners_created_at_idx" ON "banners" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "brands_created_at_idx" ON "brands" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "categories_created_at_idx" ON "categories" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "login_failures_email_idx" ON "login_failures" USING btree ("email","failed_at");--> statement-breakpoint
CREATE INDEX "login_failures_address_idx" ON "login_failures" USING btree ("address","failed_at");--> statement-breakpoint
CREATE INDEX "orders_user_id_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_order_status_idx" ON "orders" USING btree ("order_status");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "product_variants_product_id_idx" ON "product_variants" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_category_id_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_effective_price_idx" ON "products" USING btree ((coalesce(nullif("discount_price", 0), "normal_price")));--> statement-breakpoint
CREATE INDEX "sessions_user_id_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "testimonials_user_id_idx" ON "testimonials" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "testimonials_created_at_idx" ON "testimonials" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "user_wallets_user_id_key" ON "user_wallets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_referral_of_idx" ON "users" USING btree ("referral_of");--> statement-breakpoint
CREATE INDEX "users_membership_idx" ON "users" USING btree ("membership");--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_voucher_code_key" ON "vouchers" USING btree ("voucher_code");--> statement-breakpoint
CREATE INDEX "vouchers_created_at_idx" ON "vouchers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "withdraw_requests_user_id_idx" ON "withdraw_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_request_at_idx" ON "withdraw_requests" USING btree ("request_at");