ALTER TABLE "program_publications" ADD COLUMN "start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "program_publications" ADD COLUMN "end_at" timestamp with time zone;