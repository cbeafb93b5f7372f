-- Authenticator-code guesses per account, from any address (auth/codeGuesses.ts,
-- docs/decisions/two-step-login.md): at most 100 an hour, then the account's two-step
-- login is locked until an Admin unlocks it or a recovery code is spent.
CREATE TABLE "totp_failures" (
	"failure_id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "users"("user_id") ON DELETE cascade,
	"failed_at" timestamp(0) with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "totp_failures_user_id_idx" ON "totp_failures" ("user_id", "failed_at");--> statement-breakpoint
CREATE TABLE "totp_locks" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("user_id") ON DELETE cascade,
	"locked_at" timestamp(0) with time zone DEFAULT now() NOT NULL
);
