CREATE TABLE "account_engineers" (
	"account_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_engineers_account_id_user_id_role_pk" PRIMARY KEY("account_id","user_id","role")
);
--> statement-breakpoint
CREATE TABLE "cluster_reports" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cluster_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"cluster_id" text NOT NULL,
	"account_id" integer NOT NULL,
	"file_uuid" uuid,
	"size" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"generated_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"analysed_at" timestamp with time zone,
	"checks" jsonb,
	"metrics" jsonb,
	"usable_total_bytes" bigint,
	"usable_used_bytes" bigint,
	"failed_checks" integer
);
--> statement-breakpoint
CREATE TABLE "clusters" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"deployment_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"registered_by" integer,
	"call_home_key_hash" text,
	"call_home_key_hint" text,
	"last_report_at" timestamp with time zone,
	"latest_report_id" bigint,
	"total_space" bigint DEFAULT 0 NOT NULL,
	"used_space" bigint DEFAULT 0 NOT NULL,
	"completed_checks" integer DEFAULT 0 NOT NULL,
	"failed_checks" integer DEFAULT 0 NOT NULL,
	"worst_rank" integer DEFAULT 0 NOT NULL,
	"checks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"latest_report" jsonb,
	"net_counters" jsonb,
	"not_reporting_since" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clusters_callHomeKeyHash_unique" UNIQUE("call_home_key_hash")
);
--> statement-breakpoint
ALTER TABLE "account_engineers" ADD CONSTRAINT "account_engineers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_engineers" ADD CONSTRAINT "account_engineers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_reports" ADD CONSTRAINT "cluster_reports_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_reports" ADD CONSTRAINT "cluster_reports_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cluster_reports" ADD CONSTRAINT "cluster_reports_file_uuid_files_uuid_fk" FOREIGN KEY ("file_uuid") REFERENCES "public"."files"("uuid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clusters" ADD CONSTRAINT "clusters_registered_by_users_id_fk" FOREIGN KEY ("registered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_engineers_user_idx" ON "account_engineers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "cluster_reports_cluster_idx" ON "cluster_reports" USING btree ("cluster_id","generated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "cluster_reports_log_idx" ON "cluster_reports" USING btree ("cluster_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "clusters_account_deployment_idx" ON "clusters" USING btree ("account_id","deployment_id");--> statement-breakpoint
CREATE INDEX "clusters_account_idx" ON "clusters" USING btree ("account_id","worst_rank" DESC NULLS LAST,"name");--> statement-breakpoint
CREATE INDEX "clusters_reporting_idx" ON "clusters" USING btree ("last_report_at") WHERE "clusters"."not_reporting_since" is null;--> statement-breakpoint
-- Cluster ids named before clusters were stored point at nothing now: forget them.
UPDATE "issues" SET "cluster_id" = NULL WHERE "cluster_id" IS NOT NULL;--> statement-breakpoint
UPDATE "files" SET "cluster_id" = NULL WHERE "cluster_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_cluster_id_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."clusters"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_cluster_idx" ON "files" USING btree ("cluster_id","created_at" DESC NULLS LAST);