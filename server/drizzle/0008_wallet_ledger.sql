CREATE TABLE "wallet_ledger" (
	"entry_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"account" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"balance_after" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"ref_type" text,
	"ref_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"actor_id" integer,
	"actor_username" text,
	"created_at" timestamp(0) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_ledger_account" CHECK ("wallet_ledger"."account" in ('wallet', 'cash_wallet', 'pv')),
	CONSTRAINT "wallet_ledger_reason" CHECK ("wallet_ledger"."reason" in ('opening', 'adjustment', 'withdrawal', 'withdrawal_reversal', 'pv_order', 'pv_refund', 'commission', 'commission_reversal')),
	CONSTRAINT "wallet_ledger_ref" CHECK (("wallet_ledger"."ref_type" is null and "wallet_ledger"."ref_id" is null) or ("wallet_ledger"."ref_type" in ('order', 'withdrawal') and "wallet_ledger"."ref_id" is not null)),
	CONSTRAINT "wallet_ledger_balance" CHECK ("wallet_ledger"."balance_after" >= 0),
	CONSTRAINT "wallet_ledger_amount" CHECK ("wallet_ledger"."amount" <> 0 and ("wallet_ledger"."reason" <> 'opening' or "wallet_ledger"."balance_after" = "wallet_ledger"."amount"))
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "commission_status" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "withdraw_min_amt" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "withdraw_max_amt" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD COLUMN "reversed_at" timestamp(0) with time zone;--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_id_idx" ON "wallet_ledger" USING btree ("user_id","entry_id");--> statement-breakpoint
CREATE INDEX "wallet_ledger_user_account_idx" ON "wallet_ledger" USING btree ("user_id","account","entry_id");--> statement-breakpoint
CREATE INDEX "wallet_ledger_ref_idx" ON "wallet_ledger" USING btree ("ref_type","ref_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_ledger_one_opening" ON "wallet_ledger" USING btree ("user_id","account") WHERE "wallet_ledger"."reason" = 'opening';--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_withdraw_limits" CHECK ("settings"."withdraw_min_amt" >= 0 and ("settings"."withdraw_max_amt" is null or "settings"."withdraw_max_amt" >= "settings"."withdraw_min_amt"));--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_low_stock_threshold" CHECK ("settings"."low_stock_threshold" >= 0);--> statement-breakpoint
-- Hand-written from here (docs/decisions/wallet-ledger.md).
-- The ledger is append-only, like audit_log (0004): a mistake is undone by a new entry.
CREATE FUNCTION "wallet_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'wallet_ledger is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_ledger_no_update_delete" BEFORE UPDATE OR DELETE ON "wallet_ledger" FOR EACH ROW EXECUTE FUNCTION "wallet_ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "wallet_ledger_no_truncate" BEFORE TRUNCATE ON "wallet_ledger" FOR EACH STATEMENT EXECUTE FUNCTION "wallet_ledger_append_only"();--> statement-breakpoint
-- Each entry but an opening continues its account's chain: balance_after is
-- the previous entry's balance_after plus amount (an opening's is its amount,
-- a check constraint). With the triggers below, a balance is always the sum
-- of its entries.
CREATE FUNCTION "wallet_ledger_chain"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  previous numeric;
BEGIN
  SELECT l.balance_after INTO previous FROM wallet_ledger l
    WHERE l.user_id = NEW.user_id AND l.account = NEW.account
    ORDER BY l.entry_id DESC LIMIT 1;
  IF NEW.balance_after <> coalesce(previous, 0) + NEW.amount THEN
    RAISE EXCEPTION 'wallet_ledger: balance_after % of user % % is not % plus %',
      NEW.balance_after, NEW.user_id, NEW.account, coalesce(previous, 0), NEW.amount
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "wallet_ledger_chain" BEFORE INSERT ON "wallet_ledger" FOR EACH ROW WHEN (NEW.reason <> 'opening') EXECUTE FUNCTION "wallet_ledger_chain"();--> statement-breakpoint
-- A balance may change only to its latest entry's balance_after: the entry
-- is written first, in the same transaction (modules/ledger/service.ts).
CREATE FUNCTION "wallet_ledger_require_entry"(p_user integer, p_account text, p_balance numeric) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  latest numeric;
BEGIN
  SELECT l.balance_after INTO latest FROM wallet_ledger l
    WHERE l.user_id = p_user AND l.account = p_account
    ORDER BY l.entry_id DESC LIMIT 1;
  IF p_balance <> coalesce(latest, 0) THEN
    RAISE EXCEPTION 'The % balance of user % may change only by a ledger entry (% is not the ledger''s %)',
      p_account, p_user, p_balance, coalesce(latest, 0)
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION "user_wallets_match_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.wallet_amt IS DISTINCT FROM OLD.wallet_amt THEN
    PERFORM wallet_ledger_require_entry(NEW.user_id, 'wallet', NEW.wallet_amt);
  END IF;
  IF NEW.c_wallet_amt IS DISTINCT FROM OLD.c_wallet_amt THEN
    PERFORM wallet_ledger_require_entry(NEW.user_id, 'cash_wallet', NEW.c_wallet_amt);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_wallets_match_ledger" AFTER UPDATE OF "wallet_amt", "c_wallet_amt" ON "user_wallets" FOR EACH ROW WHEN (OLD.wallet_amt IS DISTINCT FROM NEW.wallet_amt OR OLD.c_wallet_amt IS DISTINCT FROM NEW.c_wallet_amt) EXECUTE FUNCTION "user_wallets_match_ledger"();--> statement-breakpoint
CREATE FUNCTION "users_pv_match_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM wallet_ledger_require_entry(NEW.user_id, 'pv', NEW.ttl_pv);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_pv_match_ledger" AFTER UPDATE OF "ttl_pv" ON "users" FOR EACH ROW WHEN (OLD.ttl_pv IS DISTINCT FROM NEW.ttl_pv) EXECUTE FUNCTION "users_pv_match_ledger"();--> statement-breakpoint
-- A balance inserted non-zero (a bulk seed, a wallet created with amounts)
-- gets its opening entry here, set-based, whoever inserted it.
CREATE FUNCTION "user_wallets_opening"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_ledger (user_id, account, amount, balance_after, reason)
  SELECT n.user_id, a.account, a.amount, a.amount, 'opening'
  FROM new_rows n
  CROSS JOIN LATERAL (VALUES ('wallet', n.wallet_amt), ('cash_wallet', n.c_wallet_amt)) AS a(account, amount)
  WHERE a.amount <> 0
  ORDER BY n.user_id, a.account;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "user_wallets_opening" AFTER INSERT ON "user_wallets" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "user_wallets_opening"();--> statement-breakpoint
CREATE FUNCTION "users_pv_opening"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_ledger (user_id, account, amount, balance_after, reason)
  SELECT n.user_id, 'pv', n.ttl_pv, n.ttl_pv, 'opening' FROM new_rows n
  WHERE n.ttl_pv <> 0 ORDER BY n.user_id;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_pv_opening" AFTER INSERT ON "users" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "users_pv_opening"();--> statement-breakpoint
-- The unfiltered list's total and write version (0005, 0007).
CREATE TRIGGER "wallet_ledger_totals_insert" AFTER INSERT ON "wallet_ledger" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "keep_running_totals"('(''wallet_ledger'', c.sign)');--> statement-breakpoint
CREATE TRIGGER "wallet_ledger_writes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "wallet_ledger" FOR EACH STATEMENT EXECUTE FUNCTION "count_writes"('wallet_ledger');--> statement-breakpoint
-- Upgraded stores: every balance held now gets its opening entry.
INSERT INTO "wallet_ledger" ("user_id", "account", "amount", "balance_after", "reason", "note")
SELECT w.user_id, a.account, a.amount, a.amount, 'opening', 'Balance when the ledger began.'
FROM "user_wallets" w
CROSS JOIN LATERAL (VALUES ('wallet', w.wallet_amt), ('cash_wallet', w.c_wallet_amt)) AS a(account, amount)
WHERE a.amount <> 0
UNION ALL
SELECT u.user_id, 'pv', u.ttl_pv, u.ttl_pv, 'opening', 'Balance when the ledger began.'
FROM "users" u WHERE u.ttl_pv <> 0
ORDER BY 1, 2;
