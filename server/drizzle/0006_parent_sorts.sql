DROP INDEX "products_category_id_idx";--> statement-breakpoint
DROP INDEX "testimonials_user_id_idx";--> statement-breakpoint
DROP INDEX "withdraw_requests_user_id_idx";--> statement-breakpoint
CREATE INDEX "products_category_id_idx" ON "products" USING btree ("category_id","product_id");--> statement-breakpoint
CREATE INDEX "testimonials_user_id_idx" ON "testimonials" USING btree ("user_id","testimonial_id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_user_id_idx" ON "withdraw_requests" USING btree ("user_id","withdraw_id");