ALTER TABLE "issues" ADD COLUMN "title_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "body_search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', body)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "issues_title_search_idx" ON "issues" USING gin ("title_search");--> statement-breakpoint
CREATE INDEX "messages_body_search_idx" ON "messages" USING gin ("body_search");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at" DESC NULLS LAST);