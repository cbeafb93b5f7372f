-- Hand-written (docs/decisions/phone-search.md): a phone is found by its
-- digits, whatever spaces, dashes or leading +60 it was typed or stored with.
-- phone_digits() is the one SQL form of the rule; lib/phones.ts, phoneDigits,
-- is its TypeScript twin for the search term, and the two must agree (a test
-- runs both over the same phones): keep the digits and "+", turn a leading
-- "+60", or a "60" before eight or more digits, into the trunk "0", drop the
-- rest. "+60 12-345 6789", "012-345 6789" and "60123456789" all become
-- "0123456789". A single expression, so PostgreSQL inlines it.
CREATE FUNCTION "phone_digits"(phone text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT regexp_replace(regexp_replace(regexp_replace(phone, '[^0-9+]', '', 'g'), '^(\+60|60(?=[0-9]{8}))', '0'), '[^0-9]', '', 'g')
$$;--> statement-breakpoint
-- Kept on the row (generated, stored) rather than indexed as an expression:
-- a search rechecks each candidate row, and reading a stored column costs
-- far less than three regular expressions per row. Not in db/schema.ts's
-- tables, so no select, audit row or CSV of the record carries them.
ALTER TABLE "orders" ADD COLUMN "contact_digits" text GENERATED ALWAYS AS (phone_digits("contact")) STORED,
  ADD COLUMN "recipient_contact_digits" text GENERATED ALWAYS AS (phone_digits("recipient_contact")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "contact_digits" text GENERATED ALWAYS AS (phone_digits("contact")) STORED;--> statement-breakpoint
-- A bank account number by its digits alone (lib/phones.ts, accountDigits, must agree).
ALTER TABLE "withdraw_requests" ADD COLUMN "bank_acc_digits" text GENERATED ALWAYS AS (regexp_replace("bank_acc", '[^0-9]', '', 'g')) STORED;--> statement-breakpoint
CREATE INDEX "orders_contact_digits_trgm" ON "orders" USING gin ("contact_digits" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "orders_recipient_contact_digits_trgm" ON "orders" USING gin ("recipient_contact_digits" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "users_contact_digits_trgm" ON "users" USING gin ("contact_digits" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
CREATE INDEX "withdraw_requests_bank_acc_digits_trgm" ON "withdraw_requests" USING gin ("bank_acc_digits" gin_trgm_ops) WITH (gin_pending_list_limit=64);--> statement-breakpoint
-- The users search reads the contact's digits instead of its text: its trigram index goes.
DROP INDEX "users_contact_trgm";--> statement-breakpoint
-- The short-term indexes (migration 0011) cover the digits too, in the lists' order of columns.
DROP INDEX "orders_search_grams";--> statement-breakpoint
CREATE INDEX "orders_search_grams" ON "orders" USING gin (search_grams("order_number", "username", "recipient_name", "tracking_number", "contact_digits", "recipient_contact_digits")) WITH (gin_pending_list_limit=64);--> statement-breakpoint
DROP INDEX "users_search_grams";--> statement-breakpoint
CREATE INDEX "users_search_grams" ON "users" USING gin (search_grams("username", "f_name", "l_name", "email", "contact_digits")) WITH (gin_pending_list_limit=64);--> statement-breakpoint
DROP INDEX "withdraw_requests_search_grams";--> statement-breakpoint
CREATE INDEX "withdraw_requests_search_grams" ON "withdraw_requests" USING gin (search_grams("payee_username", "bank_acc", "bank_name", "withdraw_status", "bank_acc_digits")) WITH (gin_pending_list_limit=64);
