-- Hand-written (docs/decisions/short-search-terms.md): every one- and
-- two-character piece of the given texts, lower-cased, for a GIN index that
-- finds a search term too short for a trigram. The list rechecks each row with
-- ILIKE, so the index only has to hold a superset of the matches.
CREATE FUNCTION "search_grams"(VARIADIC "fields" text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array(
    SELECT substr(l, i, n)
    FROM unnest(fields) AS f, lower(f) AS l, generate_series(1, length(l)) AS i, (VALUES (1), (2)) AS w(n))
$$;--> statement-breakpoint
CREATE INDEX "orders_search_grams" ON "orders" USING gin (search_grams("order_number", "username", "recipient_name", "tracking_number")) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "products_search_grams" ON "products" USING gin (search_grams("product_name", "sku")) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "users_search_grams" ON "users" USING gin (search_grams("username", "f_name", "l_name", "email", "contact")) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "withdraw_requests_search_grams" ON "withdraw_requests" USING gin (search_grams("payee_username", "bank_acc", "bank_name", "withdraw_status")) WITH (gin_pending_list_limit=64);