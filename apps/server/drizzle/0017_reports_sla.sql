ALTER TABLE "accounts" ADD COLUMN "sla_coverage" text;--> statement-breakpoint
ALTER TABLE "clusters" ADD COLUMN "software_version" text;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "sla_hours" integer;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "sla_coverage" text;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "sla_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "first_responder_id" integer;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "sla_breach_alerted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "sla_waiting_due" timestamp with time zone GENERATED ALWAYS AS (case when first_response_at is null and not answered then sla_due_at end) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "tour_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_first_responder_id_users_id_fk" FOREIGN KEY ("first_responder_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issues_created_idx" ON "issues" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "issues_first_response_idx" ON "issues" USING btree ("first_response_at","first_responder_id");--> statement-breakpoint
CREATE INDEX "issues_resolved_idx" ON "issues" USING btree ("resolved_at","resolved_by");--> statement-breakpoint
CREATE INDEX "issues_sla_due_idx" ON "issues" USING btree ("sla_due_at");--> statement-breakpoint
CREATE INDEX "issues_sla_queue_idx" ON "issues" USING btree ("sla_waiting_due","queue_key","live_rank","updated_at" DESC NULLS LAST,"issue_number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issues_account_sla_idx" ON "issues" USING btree ("account_id","sla_waiting_due","queue_key","live_rank","updated_at" DESC NULLS LAST,"issue_number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issues_sla_waiting_idx" ON "issues" USING btree ("sla_due_at") WHERE "issues"."first_response_at" is null and "issues"."sla_due_at" is not null and "issues"."sla_breach_alerted_at" is null;--> statement-breakpoint
CREATE INDEX "messages_engineer_created_idx" ON "messages" USING btree ("created_at","author_id") WHERE "messages"."author_type" = 'engineer';--> statement-breakpoint
-- The SLA deadline of rules/sla.ts in SQL (issue 18): hours after opening, the weekend window of
-- spec §9 (Saturday 04:00 to Monday 04:00 UTC) not counted under 'business-hours' coverage. Opening
-- an issue computes its deadline with it; sla-sql.test.ts holds it to the TypeScript rule.
CREATE FUNCTION portico_sla_due_at(opened timestamptz, hours integer, coverage text) RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  t timestamp := opened AT TIME ZONE 'UTC';
  remaining interval := make_interval(hours => hours);
  weekend timestamp;
BEGIN
  IF opened IS NULL OR hours IS NULL OR coverage IS NULL THEN
    RETURN NULL;
  END IF;
  IF coverage = '24x7' THEN
    RETURN opened + remaining;
  END IF;
  LOOP
    weekend := date_trunc('day', t) - make_interval(days => ((extract(dow FROM t)::int + 1) % 7)) + interval '4 hours';
    IF weekend > t THEN
      weekend := weekend - interval '7 days';
    END IF;
    IF t < weekend + interval '2 days' THEN
      t := weekend + interval '2 days';
    END IF;
    IF t + remaining <= weekend + interval '7 days' THEN
      RETURN (t + remaining) AT TIME ZONE 'UTC';
    END IF;
    remaining := remaining - ((weekend + interval '7 days') - t);
    t := weekend + interval '7 days';
  END LOOP;
END
$$;--> statement-breakpoint
-- Coverage follows the plan, as the hours already do: the live subscription's, else the plan's current terms.
UPDATE "accounts" a SET "sla_coverage" = p."sla_coverage"
FROM "subscriptions" s JOIN "billing_plans" p ON p."id" = s."plan_id"
WHERE s."account_id" = a."id" AND s."ended_at" IS NULL;--> statement-breakpoint
UPDATE "accounts" a SET "sla_coverage" = p."sla_coverage"
FROM "billing_plans" p
WHERE a."sla_coverage" IS NULL AND a."sla_hours" IS NOT NULL AND p."code" = a."service_type" AND p."is_current";--> statement-breakpoint
UPDATE "accounts" SET "sla_coverage" = 'business-hours' WHERE "sla_coverage" IS NULL AND "sla_hours" IS NOT NULL;--> statement-breakpoint
-- Issues customers opened get the clock their organization's SLA gives now; the first response is
-- the first engineer message (or the answer, when one came without a message).
UPDATE "issues" i SET
  "sla_hours" = a."sla_hours",
  "sla_coverage" = a."sla_coverage",
  "sla_due_at" = portico_sla_due_at(i."created_at", a."sla_hours", a."sla_coverage")
FROM "accounts" a
WHERE a."id" = i."account_id" AND a."sla_hours" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "messages" m WHERE m."issue_number" = i."issue_number" AND m."index" = 1 AND m."author_type" = 'customer');--> statement-breakpoint
UPDATE "issues" i SET "first_response_at" = f."created_at", "first_responder_id" = f."author_id"
FROM (
  SELECT DISTINCT ON (m."issue_number") m."issue_number", m."created_at", m."author_id"
  FROM "messages" m
  WHERE m."author_type" = 'engineer'
  ORDER BY m."issue_number", m."index"
) f
WHERE f."issue_number" = i."issue_number"
  AND EXISTS (SELECT 1 FROM "messages" m WHERE m."issue_number" = i."issue_number" AND m."index" = 1 AND m."author_type" = 'customer');--> statement-breakpoint
UPDATE "issues" i SET "first_response_at" = i."answer_at"
WHERE i."first_response_at" IS NULL AND i."answered"
  AND EXISTS (SELECT 1 FROM "messages" m WHERE m."issue_number" = i."issue_number" AND m."index" = 1 AND m."author_type" = 'customer');--> statement-breakpoint
UPDATE "issues" i SET "resolved_at" = i."answer_at", "resolved_by" = (
  SELECT e."actor_id" FROM "issue_events" e
  WHERE e."issue_number" = i."issue_number" AND e."type" = 'status'
  ORDER BY e."id" DESC LIMIT 1
)
WHERE i."answered";--> statement-breakpoint
-- Deadlines already passed before this release raise no alert now.
UPDATE "issues" SET "sla_breach_alerted_at" = now() WHERE "sla_due_at" < now() AND "first_response_at" IS NULL;--> statement-breakpoint
UPDATE "clusters" c SET "software_version" = (
  SELECT CASE WHEN count(DISTINCT n->>'version') = 1 THEN min(n->>'version') ELSE 'mixed' END
  FROM jsonb_array_elements(c."latest_report"->'nodes') n
)
WHERE c."latest_report" IS NOT NULL;--> statement-breakpoint
-- Everyone already here has found their way around: the welcome tour is for new customers.
UPDATE "users" SET "tour_completed_at" = now();
