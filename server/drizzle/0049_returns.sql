-- Hand-written (issue 42, docs/decisions/returns.md): returns and partial
-- refunds by line. Each return or refund is a record with its lines and its
-- credit note's number; the order's timeline gains staff comments; the store
-- sets its buy-back period and percentage.
CREATE TABLE "order_returns" (
	"return_id" serial PRIMARY KEY NOT NULL,
	"orders_id" integer NOT NULL,
	"kind" text NOT NULL,
	"credit_note_number" text NOT NULL,
	"reason" text NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"goods_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"shipping_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"refund_amount" numeric(12, 2) NOT NULL,
	"goods_share" numeric(12, 2) DEFAULT '0' NOT NULL,
	"shipping_share" numeric(12, 2) DEFAULT '0' NOT NULL,
	"buy_back_percent" numeric(5, 2),
	"pv_reversed" numeric(12, 2) DEFAULT '0' NOT NULL,
	"commission_reversed" numeric(12, 2) DEFAULT '0' NOT NULL,
	"created_by_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_credit_note_number" UNIQUE("credit_note_number"),
	CONSTRAINT "order_returns_kind" CHECK ("kind" IN ('return', 'refund')),
	CONSTRAINT "order_returns_amounts" CHECK ("goods_amount" >= 0 and "shipping_amount" >= 0 and "refund_amount" >= 0 and "goods_share" >= 0 and "shipping_share" >= 0 and "pv_reversed" >= 0 and "commission_reversed" >= 0)
);--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_orders_id_orders_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("orders_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_returns_orders_id_idx" ON "order_returns" USING btree ("orders_id");--> statement-breakpoint
CREATE INDEX "order_returns_created_at_idx" ON "order_returns" USING btree ("created_at","return_id");--> statement-breakpoint
CREATE TABLE "order_return_lines" (
	"return_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	CONSTRAINT "order_return_lines_pkey" PRIMARY KEY("return_id","item_id"),
	CONSTRAINT "order_return_lines_quantity" CHECK ("quantity" > 0 and "amount" >= 0)
);--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_return_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("return_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_item_id_order_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_return_lines_item_id_idx" ON "order_return_lines" USING btree ("item_id");--> statement-breakpoint
CREATE TABLE "order_comments" (
	"comment_id" serial PRIMARY KEY NOT NULL,
	"orders_id" integer NOT NULL,
	"text" text NOT NULL,
	"created_by_id" integer,
	"created_by" text DEFAULT '' NOT NULL,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "order_comments" ADD CONSTRAINT "order_comments_orders_id_orders_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("orders_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_comments_orders_id_idx" ON "order_comments" USING btree ("orders_id","comment_id");--> statement-breakpoint
-- Buy-back (the Direct Sales and Anti-Pyramid Scheme Act's buy-back of goods a
-- member returns): days from the order within which a return's default refund
-- is the percentage of the goods' price; 0 days: off.
ALTER TABLE "settings" ADD COLUMN "buy_back_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "buy_back_percent" numeric(5, 2) DEFAULT '90' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_buy_back" CHECK ("buy_back_days" >= 0 and "buy_back_percent" >= 0 and "buy_back_percent" <= 100);
