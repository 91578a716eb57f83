CREATE TABLE "issue_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"level" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_assignees" (
	"issue_number" integer NOT NULL,
	"user_id" integer NOT NULL,
	"assigned_by" integer,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_assignees_issue_number_user_id_pk" PRIMARY KEY("issue_number","user_id")
);
--> statement-breakpoint
CREATE TABLE "issue_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"issue_number" integer NOT NULL,
	"type" text NOT NULL,
	"audience" text NOT NULL,
	"actor_id" integer,
	"after_message_index" integer NOT NULL,
	"data" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_followers" (
	"issue_number" integer NOT NULL,
	"user_id" integer NOT NULL,
	"followed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_followers_issue_number_user_id_pk" PRIMARY KEY("issue_number","user_id")
);
--> statement-breakpoint
CREATE TABLE "issue_mentions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_mentions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"issue_number" integer NOT NULL,
	"user_id" integer NOT NULL,
	"by_id" integer,
	"message_index" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"issue_number" integer NOT NULL,
	"author_id" integer,
	"body" text NOT NULL,
	"after_message_index" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"edited_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "issue_tag_links" (
	"issue_number" integer NOT NULL,
	"tag_id" integer NOT NULL,
	"added_by" integer,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issue_tag_links_issue_number_tag_id_pk" PRIMARY KEY("issue_number","tag_id")
);
--> statement-breakpoint
CREATE TABLE "issue_tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "issue_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"color" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Categories did not exist before: any id stored until now points nowhere.
UPDATE "issues" SET "category_id" = NULL WHERE "category_id" IS NOT NULL;--> statement-breakpoint
UPDATE "users" SET "expertise_category_id" = NULL WHERE "expertise_category_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_issue_number_issues_issue_number_fk" FOREIGN KEY ("issue_number") REFERENCES "public"."issues"("issue_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_assignees" ADD CONSTRAINT "issue_assignees_assigned_by_users_id_fk" FOREIGN KEY ("assigned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_events" ADD CONSTRAINT "issue_events_issue_number_issues_issue_number_fk" FOREIGN KEY ("issue_number") REFERENCES "public"."issues"("issue_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_events" ADD CONSTRAINT "issue_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_followers" ADD CONSTRAINT "issue_followers_issue_number_issues_issue_number_fk" FOREIGN KEY ("issue_number") REFERENCES "public"."issues"("issue_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_followers" ADD CONSTRAINT "issue_followers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_issue_number_issues_issue_number_fk" FOREIGN KEY ("issue_number") REFERENCES "public"."issues"("issue_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_mentions" ADD CONSTRAINT "issue_mentions_by_id_users_id_fk" FOREIGN KEY ("by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_notes" ADD CONSTRAINT "issue_notes_issue_number_issues_issue_number_fk" FOREIGN KEY ("issue_number") REFERENCES "public"."issues"("issue_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_notes" ADD CONSTRAINT "issue_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_tag_links" ADD CONSTRAINT "issue_tag_links_issue_number_issues_issue_number_fk" FOREIGN KEY ("issue_number") REFERENCES "public"."issues"("issue_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_tag_links" ADD CONSTRAINT "issue_tag_links_tag_id_issue_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."issue_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_tag_links" ADD CONSTRAINT "issue_tag_links_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_tags" ADD CONSTRAINT "issue_tags_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "issue_categories_name_idx" ON "issue_categories" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "issue_assignees_user_idx" ON "issue_assignees" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "issue_events_issue_idx" ON "issue_events" USING btree ("issue_number","id");--> statement-breakpoint
CREATE INDEX "issue_events_page_idx" ON "issue_events" USING btree ("issue_number","after_message_index");--> statement-breakpoint
CREATE INDEX "issue_followers_user_idx" ON "issue_followers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "issue_mentions_user_idx" ON "issue_mentions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "issue_notes_issue_idx" ON "issue_notes" USING btree ("issue_number","after_message_index");--> statement-breakpoint
CREATE INDEX "issue_tag_links_tag_idx" ON "issue_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_tags_name_idx" ON "issue_tags" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_category_id_issue_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."issue_categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_expertise_category_id_issue_categories_id_fk" FOREIGN KEY ("expertise_category_id") REFERENCES "public"."issue_categories"("id") ON DELETE set null ON UPDATE no action;