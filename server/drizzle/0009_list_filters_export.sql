DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
DROP INDEX "audit_log_actor_id_idx";--> statement-breakpoint
DROP INDEX "audit_log_at_idx";--> statement-breakpoint
CREATE INDEX "agency_stores_expired_at_idx" ON "agency_stores" USING btree ("expired_at","store_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_username_idx" ON "audit_log" USING btree ("actor_username","audit_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","audit_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_sort" ON "audit_log" USING btree ("entity","audit_id");--> statement-breakpoint
CREATE INDEX "orders_status_created_at_idx" ON "orders" USING btree ("order_status","created_at","orders_id");--> statement-breakpoint
CREATE INDEX "orders_contact_sort" ON "orders" USING btree ("contact","orders_id");--> statement-breakpoint
CREATE INDEX "orders_coupon_code_sort" ON "orders" USING btree ("coupon_code","orders_id");--> statement-breakpoint
CREATE INDEX "orders_recipient_contact_sort" ON "orders" USING btree ("recipient_contact","orders_id");--> statement-breakpoint
CREATE INDEX "product_variants_variant_qtt_idx" ON "product_variants" USING btree ("variant_qtt");--> statement-breakpoint
CREATE INDEX "vouchers_expired_at_idx" ON "vouchers" USING btree ("expired_at","voucher_id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_status_request_at_idx" ON "withdraw_requests" USING btree ("withdraw_status","request_at","withdraw_id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_bank_acc_sort" ON "withdraw_requests" USING btree ("bank_acc","withdraw_id");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","entity_id","audit_id");--> statement-breakpoint
CREATE INDEX "audit_log_actor_id_idx" ON "audit_log" USING btree ("actor_id","audit_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("created_at","audit_id");--> statement-breakpoint
-- Hand-written from here (docs/decisions/list-sort-filter.md). Kept by the same statement triggers as the other running
-- totals (migration 0005): orders per status and withdrawal requests per
-- status (GET notifications counts them without reading the tables), and the
-- audit log's rows (its list's total).
DROP TRIGGER "orders_totals_insert" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_totals_update" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_totals_delete" ON "orders";--> statement-breakpoint
CREATE TRIGGER "orders_totals_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''orders'', c.sign), (''orders.total_price'', c.sign * c.total_price), (''orders.day:'' || floor(extract(epoch from c.created_at) / 86400)::bigint, c.sign), (''orders.status:'' || c.order_status, c.sign)');--> statement-breakpoint
CREATE TRIGGER "orders_totals_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''orders'', c.sign), (''orders.total_price'', c.sign * c.total_price), (''orders.day:'' || floor(extract(epoch from c.created_at) / 86400)::bigint, c.sign), (''orders.status:'' || c.order_status, c.sign)');--> statement-breakpoint
CREATE TRIGGER "orders_totals_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''orders'', c.sign), (''orders.total_price'', c.sign * c.total_price), (''orders.day:'' || floor(extract(epoch from c.created_at) / 86400)::bigint, c.sign), (''orders.status:'' || c.order_status, c.sign)');--> statement-breakpoint
DROP TRIGGER "withdraw_requests_totals_insert" ON "withdraw_requests";--> statement-breakpoint
DROP TRIGGER "withdraw_requests_totals_delete" ON "withdraw_requests";--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_totals_insert" AFTER INSERT ON "withdraw_requests" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''withdraw_requests'', c.sign), (''withdraw_requests.status:'' || c.withdraw_status, c.sign)');--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_totals_update" AFTER UPDATE ON "withdraw_requests" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''withdraw_requests.status:'' || c.withdraw_status, c.sign)');--> statement-breakpoint
CREATE TRIGGER "withdraw_requests_totals_delete" AFTER DELETE ON "withdraw_requests" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''withdraw_requests'', c.sign), (''withdraw_requests.status:'' || c.withdraw_status, c.sign)');--> statement-breakpoint
-- The audit log only grows (migration 0004 refuses UPDATE, DELETE and TRUNCATE).
CREATE TRIGGER "audit_log_totals_insert" AFTER INSERT ON "audit_log" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''audit_log'', c.sign)');--> statement-breakpoint
INSERT INTO "running_totals" ("name", "value")
  SELECT 'orders.status:' || order_status, count(*) FROM orders GROUP BY order_status
  UNION ALL SELECT 'withdraw_requests.status:' || withdraw_status, count(*) FROM withdraw_requests GROUP BY withdraw_status
  UNION ALL SELECT 'audit_log', count(*) FROM audit_log
ON CONFLICT ("name") DO UPDATE SET "value" = excluded."value";
