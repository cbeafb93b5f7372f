-- Order lines (docs/decisions/order-lines.md): what each order bought, as it
-- was when ordered, and the order's money split into subtotal - discount +
-- shipping_fee = total_price. Old orders get subtotal = total - shipping,
-- discount 0 and one line "Items not recorded" for their subtotal, so the rule
-- holds for them too.
CREATE TABLE "order_items" (
	"item_id" serial PRIMARY KEY NOT NULL,
	"orders_id" integer NOT NULL,
	"product_id" integer,
	"variant_id" integer,
	"product_name" text NOT NULL,
	"variant_name" text DEFAULT '' NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"line_discount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"line_total" numeric(12, 2) NOT NULL,
	CONSTRAINT "order_items_quantity" CHECK ("order_items"."quantity" > 0),
	CONSTRAINT "order_items_amounts" CHECK ("order_items"."unit_price" >= 0 and "order_items"."line_discount" >= 0 and "order_items"."line_discount" <= "order_items"."unit_price" * "order_items"."quantity"),
	CONSTRAINT "order_items_line_total" CHECK ("order_items"."line_total" = "order_items"."unit_price" * "order_items"."quantity" - "order_items"."line_discount")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_orders_id_orders_orders_id_fk" FOREIGN KEY ("orders_id") REFERENCES "public"."orders"("orders_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("product_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_variant_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("variant_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here. The new columns arrive with a constant default (no
-- rewrite), then one ALTER ... TYPE ... USING rewrites the table once with the
-- old orders' subtotal and rebuilds its indexes in bulk: an UPDATE of every
-- row would add an entry to each of the orders indexes row by row and fire the
-- row count triggers. A shipping fee above its order's total (hand-edited
-- data) is cut to the total, so no subtotal is negative.
-- Sorting for each index build may use this much memory (as the demo seed's
-- bulk load does; only while this migration's transaction lasts).
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal" numeric(12, 2) DEFAULT '0' NOT NULL, ADD COLUMN "discount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders"
	ALTER COLUMN "shipping_fee" SET DATA TYPE numeric(12, 2) USING least("shipping_fee", greatest("total_price", 0)),
	ALTER COLUMN "subtotal" SET DATA TYPE numeric(12, 2) USING greatest("total_price", 0) - least("shipping_fee", greatest("total_price", 0)),
	ALTER COLUMN "subtotal" DROP DEFAULT,
	ADD CONSTRAINT "orders_money" CHECK ("orders"."subtotal" >= 0 and "orders"."discount" >= 0 and "orders"."discount" <= "orders"."subtotal" and "orders"."subtotal" - "orders"."discount" + "orders"."shipping_fee" = "orders"."total_price");--> statement-breakpoint
INSERT INTO "order_items" ("orders_id", "product_name", "quantity", "unit_price", "line_total")
SELECT "orders_id", 'Items not recorded', 1, "subtotal", "subtotal" FROM "orders" ORDER BY "orders_id";--> statement-breakpoint
CREATE INDEX "order_items_orders_id_idx" ON "order_items" USING btree ("orders_id");--> statement-breakpoint
CREATE INDEX "order_items_product_id_idx" ON "order_items" USING btree ("product_id");--> statement-breakpoint
-- Every order has at least one line and its lines sum to its subtotal. Checked
-- at commit (a deferred constraint trigger), so an order and its lines are
-- written in one transaction in either order; an order deleted with its lines
-- (on delete cascade) has nothing left to check.
CREATE FUNCTION "order_lines_match_subtotal"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids integer[];
  id integer;
  expected numeric;
  lines bigint;
  actual numeric;
BEGIN
  IF TG_OP = 'DELETE' THEN
    ids := ARRAY[OLD.orders_id];
  ELSIF TG_OP = 'UPDATE' AND TG_TABLE_NAME = 'order_items' AND OLD.orders_id <> NEW.orders_id THEN
    ids := ARRAY[OLD.orders_id, NEW.orders_id];
  ELSE
    ids := ARRAY[NEW.orders_id];
  END IF;
  FOREACH id IN ARRAY ids LOOP
    -- One query per check: it runs for every order and every line written.
    SELECT o.subtotal, count(i.item_id), coalesce(sum(i.line_total), 0) INTO expected, lines, actual
      FROM orders o LEFT JOIN order_items i ON i.orders_id = o.orders_id
      WHERE o.orders_id = id GROUP BY o.subtotal;
    CONTINUE WHEN NOT FOUND;
    IF lines = 0 THEN
      RAISE EXCEPTION 'order %: an order has at least one line', id
        USING ERRCODE = 'check_violation', CONSTRAINT = 'order_lines_sum';
    END IF;
    IF actual <> expected THEN
      RAISE EXCEPTION 'order %: its lines sum to % but its subtotal is %', id, actual, expected
        USING ERRCODE = 'check_violation', CONSTRAINT = 'order_lines_sum';
    END IF;
  END LOOP;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "orders_lines_sum" AFTER INSERT OR UPDATE OF "subtotal" ON "orders" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_lines_match_subtotal"();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "order_items_lines_sum" AFTER INSERT OR UPDATE OR DELETE ON "order_items" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "order_lines_match_subtotal"();
