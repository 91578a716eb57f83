DROP INDEX "issues_queue_idx";--> statement-breakpoint
DROP INDEX "issues_account_queue_idx";--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "plan_rank" smallint DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "queue_key" smallint GENERATED ALWAYS AS (case when answered and is_archived then 200 when answered then 100 when issue_type is not null then plan_rank else 10 + plan_rank end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "issues_queue_idx" ON "issues" USING btree ("queue_key","live_rank","updated_at" DESC NULLS LAST,"issue_number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issues_account_queue_idx" ON "issues" USING btree ("account_id","queue_key","live_rank","updated_at" DESC NULLS LAST,"issue_number" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "issues" DROP COLUMN "queue_rank";