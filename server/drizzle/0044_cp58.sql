-- CP58 (issue 39 item 4, docs/decisions/cp58.md): the statements made for a
-- year by its bulk run (POST /api/cp58/{year}), one row per member paid more
-- than RM 5,000.00 in commissions that calendar year, with the amounts by
-- kind as the run counted them from the ledger (modules/tax/earnings.ts). A
-- run again replaces the year's rows; the PDFs are drawn from them on download.
CREATE TABLE "cp58_statements" (
	"year" smallint NOT NULL,
	"user_id" integer NOT NULL,
	"commissions" numeric(12, 2) NOT NULL,
	"incentives" numeric(12, 2) DEFAULT '0' NOT NULL,
	"in_kind" numeric(12, 2) DEFAULT '0' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"job_id" bigint,
	"made_at" timestamp DEFAULT now() NOT NULL,
	CONSTRAINT "cp58_statements_pkey" PRIMARY KEY("year","user_id"),
	CONSTRAINT "cp58_statements_year" CHECK ("cp58_statements"."year" between 2000 and 2999),
	CONSTRAINT "cp58_statements_total" CHECK ("cp58_statements"."total" = "cp58_statements"."commissions" + "cp58_statements"."incentives" + "cp58_statements"."in_kind" and "cp58_statements"."total" > 5000)
);
--> statement-breakpoint
ALTER TABLE "cp58_statements" ADD CONSTRAINT "cp58_statements_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE cascade ON UPDATE no action;
