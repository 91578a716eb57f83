CREATE TABLE "files" (
	"uuid" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"file_type" text NOT NULL,
	"title" text,
	"filename" text NOT NULL,
	"stored_name" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text DEFAULT 'application/octet-stream' NOT NULL,
	"cluster_id" text,
	"issue_number" integer,
	"message_index" integer,
	"uploaded_by" integer,
	"uploader_name" text NOT NULL,
	"complete" boolean DEFAULT false NOT NULL,
	"scan_status" text,
	"scan_attempts" integer DEFAULT 0 NOT NULL,
	"scan_due_at" timestamp with time zone,
	"scan_lease_until" timestamp with time zone,
	"scanned_at" timestamp with time zone,
	"threat" text,
	"pinned" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_account_idx" ON "files" USING btree ("account_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "files_issue_idx" ON "files" USING btree ("issue_number","message_index");--> statement-breakpoint
CREATE INDEX "files_scan_queue_idx" ON "files" USING btree ("scan_due_at") WHERE scan_status in ('SCAN_STARTED', 'SCAN_FAILED');--> statement-breakpoint
-- An attachment's message deleted (by its author or an engineer, through the conversations module):
-- its file goes with it, in the same transaction: the row now, the bytes by the files module's
-- purge job (files.jobs.ts, PURGE_FILE_JOB). The message keeps "Deleted" with by whom and when.
CREATE FUNCTION portico_delete_attachment_file() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone uuid;
BEGIN
  DELETE FROM files WHERE uuid = (NEW.attributes->>'file_uuid')::uuid RETURNING uuid INTO gone;
  IF gone IS NOT NULL THEN
    INSERT INTO jobs (kind, payload) VALUES ('files.purge', json_build_object('uuid', gone));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER messages_delete_attachment_file AFTER UPDATE OF attributes ON messages
FOR EACH ROW WHEN (NEW.attributes ? 'deletedAt' AND NOT OLD.attributes ? 'deletedAt' AND NEW.attributes ? 'file_uuid'
  AND NEW.attributes->>'scanStatus' IS DISTINCT FROM 'FOUND')
EXECUTE FUNCTION portico_delete_attachment_file();
