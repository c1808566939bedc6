ALTER TABLE "notifications" ADD COLUMN "contents" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "announcements" ADD COLUMN "texts" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "notification_batches" ADD COLUMN "contents" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- Texts written before the languages were a map: the Chinese column becomes CN and the English one US;
-- an empty (or blank) column is a language the text does not have.
UPDATE "notifications" SET "contents" = jsonb_strip_nulls(jsonb_build_object(
  'CN', case when btrim("content_cn") = '' then null else "content_cn" end,
  'US', case when btrim("content_en") = '' then null else "content_en" end));--> statement-breakpoint
UPDATE "notification_batches" SET "contents" = jsonb_strip_nulls(jsonb_build_object(
  'CN', case when btrim("content_cn") = '' then null else "content_cn" end,
  'US', case when btrim("content_en") = '' then null else "content_en" end));--> statement-breakpoint
UPDATE "announcements" SET "texts" = jsonb_strip_nulls(jsonb_build_object(
  'CN', case when btrim("title_ch") = '' and btrim("content_ch") = '' then null
    else jsonb_build_object('title', btrim("title_ch"), 'content', "content_ch") end,
  'US', case when btrim("title_en") = '' and btrim("content_en") = '' then null
    else jsonb_build_object('title', btrim("title_en"), 'content', "content_en") end));--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "content_cn";--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "content_en";--> statement-breakpoint
ALTER TABLE "announcements" DROP COLUMN "title_ch";--> statement-breakpoint
ALTER TABLE "announcements" DROP COLUMN "title_en";--> statement-breakpoint
ALTER TABLE "announcements" DROP COLUMN "content_ch";--> statement-breakpoint
ALTER TABLE "announcements" DROP COLUMN "content_en";--> statement-breakpoint
ALTER TABLE "notification_batches" DROP COLUMN "content_cn";--> statement-breakpoint
ALTER TABLE "notification_batches" DROP COLUMN "content_en";
