-- Membership tiers get an explicit order (docs/REQUIREMENTS.md section 4,
-- docs/decisions/membership-rank.md). Promotion used to take the
-- next member_id; the ranks start as that order, so every store promotes as before.
ALTER TABLE "memberships" ADD COLUMN "rank" integer;--> statement-breakpoint
UPDATE "memberships" m SET "rank" = r.n
FROM (SELECT member_id, row_number() OVER (ORDER BY member_id) AS n FROM "memberships") r
WHERE r.member_id = m.member_id;--> statement-breakpoint
ALTER TABLE "memberships" ALTER COLUMN "rank" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_rank" CHECK ("rank" >= 1);--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_rank_key" ON "memberships" USING btree ("rank");
