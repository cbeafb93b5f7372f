-- Withholding under s.107D (issue 39 item 3, docs/decisions/withholding.md):
-- a payout to a member paid more than RM 100,000.00 in commissions the year
-- before keeps back 2% for the tax authority. What was kept back is the
-- member's `tax_withheld` balance (user_wallets.tax_withheld_amt), kept equal
-- to its ledger entries by the same match trigger as the other money balances
-- (0008, 0038); the request records the amount withheld and the net the bank
-- is sent. A request is withheld from once and given back once (the unique
-- index below), whichever of Reverse and a failed bank line comes first.
ALTER TABLE "user_wallets" ADD COLUMN "tax_withheld_amt" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_wallets" ADD CONSTRAINT "user_wallets_tax_withheld" CHECK ("user_wallets"."tax_withheld_amt" >= 0);--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD COLUMN "tax_withheld" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD COLUMN "net_amt" numeric(12, 2);--> statement-breakpoint
-- Requests completed before withholding: the bank was sent all of it.
UPDATE "withdraw_requests" SET "net_amt" = "withdraw_amt" WHERE "withdraw_status" = 'completed';--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD CONSTRAINT "withdraw_requests_net" CHECK ("withdraw_requests"."tax_withheld" >= 0 and ("withdraw_requests"."net_amt" is null or "withdraw_requests"."net_amt" = "withdraw_requests"."withdraw_amt" - "withdraw_requests"."tax_withheld"));--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_account";--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_account" CHECK ("wallet_ledger"."account" in ('wallet', 'cash_wallet', 'pv', 'held', 'held_pv', 'tax_withheld'));--> statement-breakpoint
ALTER TABLE "wallet_ledger" DROP CONSTRAINT "wallet_ledger_reason";--> statement-breakpoint
ALTER TABLE "wallet_ledger" ADD CONSTRAINT "wallet_ledger_reason" CHECK ("wallet_ledger"."reason" in ('opening', 'adjustment', 'withdrawal', 'withdrawal_reversal', 'pv_order', 'pv_refund', 'commission', 'commission_reversal', 'clawback_recovery', 'commission_held', 'commission_release', 'payout_failed', 'tax_withholding', 'tax_withholding_reversal'));--> statement-breakpoint
-- One withholding and one giving back per request, whatever races.
CREATE UNIQUE INDEX "wallet_ledger_one_withholding" ON "wallet_ledger" USING btree ("ref_type", "ref_id", "reason") WHERE "wallet_ledger"."reason" in ('tax_withholding', 'tax_withholding_reversal');--> statement-breakpoint
-- The remittance report reads a month's withholding entries.
CREATE INDEX "wallet_ledger_tax_withheld_idx" ON "wallet_ledger" USING btree ("created_at") WHERE "wallet_ledger"."account" = 'tax_withheld';--> statement-breakpoint
CREATE OR REPLACE FUNCTION "user_wallets_match_ledger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.wallet_amt IS DISTINCT FROM OLD.wallet_amt THEN
    PERFORM wallet_ledger_require_entry(NEW.user_id, 'wallet', NEW.wallet_amt);
  END IF;
  IF NEW.c_wallet_amt IS DISTINCT FROM OLD.c_wallet_amt THEN
    PERFORM wallet_ledger_require_entry(NEW.user_id, 'cash_wallet', NEW.c_wallet_amt);
  END IF;
  IF NEW.held_amt IS DISTINCT FROM OLD.held_amt THEN
    PERFORM wallet_ledger_require_entry(NEW.user_id, 'held', NEW.held_amt);
  END IF;
  IF NEW.tax_withheld_amt IS DISTINCT FROM OLD.tax_withheld_amt THEN
    PERFORM wallet_ledger_require_entry(NEW.user_id, 'tax_withheld', NEW.tax_withheld_amt);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER "user_wallets_match_ledger" ON "user_wallets";--> statement-breakpoint
CREATE TRIGGER "user_wallets_match_ledger" AFTER UPDATE OF "wallet_amt", "c_wallet_amt", "held_amt", "tax_withheld_amt" ON "user_wallets" FOR EACH ROW WHEN (OLD.wallet_amt IS DISTINCT FROM NEW.wallet_amt OR OLD.c_wallet_amt IS DISTINCT FROM NEW.c_wallet_amt OR OLD.held_amt IS DISTINCT FROM NEW.held_amt OR OLD.tax_withheld_amt IS DISTINCT FROM NEW.tax_withheld_amt) EXECUTE FUNCTION "user_wallets_match_ledger"();
