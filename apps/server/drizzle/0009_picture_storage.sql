ALTER TABLE "user_pictures" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "user_pictures" ADD COLUMN "storage_key" text;