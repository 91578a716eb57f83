CREATE TABLE "engineer_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"is_available" boolean DEFAULT true NOT NULL,
	"is_contributor" boolean DEFAULT false NOT NULL,
	"is_on_call" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_participants" (
	"issue_number" integer NOT NULL,
	"user_id" integer NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_participants_issue_number_user_id_pk" PRIMARY KEY("issue_number","user_id")
);
--> statement-breakpoint
CREATE TABLE "issue_reads" (
	"issue_number" integer NOT NULL,
	"user_id" integer NOT NULL,
	"read_message_index" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_reads_issue_number_user_id_pk" PRIMARY KEY("issue_number","user_id")
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"issue_number" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issues_issue_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"title" text NOT NULL,
	"cluster_id" text,
	"issue_type" text,
	"is_weekend_priority" boolean NOT NULL,
	"category_id" integer,
	"answered" boolean DEFAULT false NOT NULL,
	"answer_user_type" text,
	"answer_at" timestamp with time zone,
	"is_archived" boolean DEFAULT false NOT NULL,
	"last_message_index" integer DEFAULT 0 NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queue_rank" smallint GENERATED ALWAYS AS (case when answered and is_archived then 4 when answered then 3 when issue_type is not null then 0 else 1 end) STORED NOT NULL,
	"live_rank" smallint GENERATED ALWAYS AS (case when not answered and answer_user_type = 'customer' then 1 else 0 end) STORED NOT NULL,
	CONSTRAINT "issues_issue_type_check" CHECK ("issues"."issue_type" in ('panic'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"issue_number" integer NOT NULL,
	"index" integer NOT NULL,
	"author_id" integer,
	"author_type" text NOT NULL,
	"body" text NOT NULL,
	"attributes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone,
	CONSTRAINT "messages_issue_number_index_pk" PRIMARY KEY("issue_number","index")
);
--> statement-breakpoint
ALTER TABLE "engineer_settings" ADD CONSTRAINT "engineer_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_participants" ADD CONSTRAINT "issue_participants_issue_number_issues_issue_number_fk" FOREIGN KEY ("issue_number") REFERENCES "public"."issues"("issue_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_participants" ADD CONSTRAINT "issue_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reads" ADD CONSTRAINT "issue_reads_issue_number_issues_issue_number_fk" FOREIGN KEY ("issue_number") REFERENCES "public"."issues"("issue_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reads" ADD CONSTRAINT "issue_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_issue_number_issues_issue_number_fk" FOREIGN KEY ("issue_number") REFERENCES "public"."issues"("issue_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "issue_participants_user_idx" ON "issue_participants" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "issues_queue_idx" ON "issues" USING btree ("queue_rank","live_rank","updated_at" DESC NULLS LAST,"issue_number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issues_account_queue_idx" ON "issues" USING btree ("account_id","queue_rank","live_rank","updated_at" DESC NULLS LAST,"issue_number" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "messages_issue_created_idx" ON "messages" USING btree ("issue_number","created_at");--> statement-breakpoint
CREATE INDEX "messages_issue_revision_idx" ON "messages" USING btree ("issue_number","revision");