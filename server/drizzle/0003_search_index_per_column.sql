DROP INDEX "orders_search_trgm";--> statement-breakpoint
DROP INDEX "users_search_trgm";--> statement-breakpoint
CREATE INDEX "orders_order_number_trgm" ON "orders" USING gin ("order_number" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "orders_username_trgm" ON "orders" USING gin ("username" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "orders_recipient_name_trgm" ON "orders" USING gin ("recipient_name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "orders_tracking_number_trgm" ON "orders" USING gin ("tracking_number" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "users_f_name_trgm" ON "users" USING gin ("f_name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "users_l_name_trgm" ON "users" USING gin ("l_name" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "users_email_trgm" ON "users" USING gin ("email" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "users_contact_trgm" ON "users" USING gin ("contact" gin_trgm_ops) WITH (gin_pending_list_limit=64);