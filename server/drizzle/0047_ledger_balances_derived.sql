-- The balances the wallet ledger proves (migration 0008): each change to one
-- must be its account's latest entry. Their triggers are no longer written by
-- hand per migration (0008, 0038, 0043 each rewrote them): they are derived
-- at start from one declaration (schema.ts LEDGER_BALANCES, db/derived.ts
-- ledgerBalanceTriggers, docs/decisions/derived-triggers.md), each calling
-- this one function with its account and its column.
CREATE FUNCTION "ledger_balance_matches"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_ledger_require_entry(NEW.user_id, TG_ARGV[0], (to_jsonb(NEW) ->> TG_ARGV[1])::numeric);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "user_wallets_match_ledger" ON "user_wallets";--> statement-breakpoint
DROP TRIGGER "users_pv_match_ledger" ON "users";--> statement-breakpoint
DROP TRIGGER "users_held_pv_match_ledger" ON "users";--> statement-breakpoint
DROP FUNCTION "user_wallets_match_ledger"();--> statement-breakpoint
DROP FUNCTION "users_pv_match_ledger"();--> statement-breakpoint
DROP FUNCTION "users_held_pv_match_ledger"();
