ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_users_user_id_fk";
--> statement-breakpoint
ALTER TABLE "withdraw_requests" DROP CONSTRAINT "withdraw_requests_user_id_users_user_id_fk";
--> statement-breakpoint
ALTER TABLE "withdraw_requests" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_username" text;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD COLUMN "payee_username" text;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD CONSTRAINT "withdraw_requests_user_id_users_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE "audit_log" SET "actor_username" = "users"."username" FROM "users" WHERE "users"."user_id" = "audit_log"."actor_id";--> statement-breakpoint
CREATE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_log_no_update_delete" BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
CREATE TRIGGER "audit_log_no_truncate" BEFORE TRUNCATE ON "audit_log" FOR EACH STATEMENT EXECUTE FUNCTION "audit_log_append_only"();
