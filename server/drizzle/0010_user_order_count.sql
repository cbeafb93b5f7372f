ALTER TABLE "users" ADD COLUMN "ttl_order" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Hand-written from here (docs/decisions/derived-counts.md): each user's
-- order count, filled in before its index is built, then kept by statement
-- triggers on orders, so every way orders are written keeps it exact.
UPDATE "users" AS u SET "ttl_order" = c.n
  FROM (SELECT "user_id", count(*)::int AS n FROM "orders" WHERE "user_id" IS NOT NULL GROUP BY "user_id") AS c
  WHERE u."user_id" = c."user_id";--> statement-breakpoint
CREATE INDEX "users_ttl_order_sort" ON "users" USING btree ("ttl_order","user_id");--> statement-breakpoint
-- The statement's orders signed (+1 as they are now, -1 as they were), summed
-- per user; users whose count moved are locked in user_id order (two writers
-- never wait on each other crosswise) and changed by that sum. An update that
-- leaves user_id alone (a status, a price) sums to zero and writes nothing.
CREATE FUNCTION "keep_user_order_counts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format(
    'WITH moved AS (
       SELECT c.user_id, sum(c.sign)::int AS delta FROM (%s) AS c
       WHERE c.user_id IS NOT NULL GROUP BY c.user_id HAVING sum(c.sign) <> 0),
     locked AS (
       SELECT u.user_id FROM users AS u WHERE u.user_id IN (SELECT user_id FROM moved)
       ORDER BY u.user_id FOR NO KEY UPDATE)
     UPDATE users AS u SET ttl_order = u.ttl_order + moved.delta
     FROM moved WHERE u.user_id = moved.user_id AND u.user_id IN (SELECT user_id FROM locked)',
    CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT 1 AS sign, user_id FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT -1 AS sign, user_id FROM old_rows'
      ELSE 'SELECT -1 AS sign, user_id FROM old_rows UNION ALL SELECT 1 AS sign, user_id FROM new_rows'
    END);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- TRUNCATE orders: nobody has an order left.
CREATE FUNCTION "user_order_counts_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users SET ttl_order = 0 WHERE ttl_order <> 0;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_user_count_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_user_order_counts"();--> statement-breakpoint
CREATE TRIGGER "orders_user_count_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_user_order_counts"();--> statement-breakpoint
CREATE TRIGGER "orders_user_count_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_user_order_counts"();--> statement-breakpoint
CREATE TRIGGER "orders_user_count_truncate" AFTER TRUNCATE ON "orders" FOR EACH STATEMENT EXECUTE FUNCTION "user_order_counts_truncated"();
