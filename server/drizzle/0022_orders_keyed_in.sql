-- Hand-written (docs/decisions/orders-keyed-in.md): orders keyed in by an
-- administrator take stock, and the store may ship free above an amount.
ALTER TABLE "settings" ADD COLUMN "free_shipping_above" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_free_shipping_above" CHECK ("free_shipping_above" IS NULL OR "free_shipping_above" >= 0);--> statement-breakpoint
-- True while the order holds its lines' quantities out of stock: set by POST
-- orders, cleared when canceling or returning puts them back. Every order
-- before this one never took stock, so it gives none back.
ALTER TABLE "orders" ADD COLUMN "stock_taken" boolean DEFAULT false NOT NULL;
