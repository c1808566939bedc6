ALTER TABLE "audit_logs" ADD COLUMN "type" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
-- Entries written before the column existed get the type the audit writer would have given them.
UPDATE "audit_logs" SET "type" = (case
  when lower(split_part("action", '/', -1)) = 'login' then 'login'
  when lower(split_part("action", '/', -1)) = 'logout' then 'logout'
  when lower(split_part("action", '/', -1)) like '%export%' then 'export'
  when lower(split_part("action", '/', -1)) like '%import%' or lower(split_part("action", '/', -1)) like '%upload%' then 'import'
  when "method" = 'DELETE' or lower(split_part("action", '/', -1)) like '%delete%' or lower(split_part("action", '/', -1)) like '%remove%' then 'delete'
  when "method" = 'PUT' or lower(split_part("action", '/', -1)) like 'add%' or lower(split_part("action", '/', -1)) like 'create%'
    or lower(split_part("action", '/', -1)) like 'insert%' or lower(split_part("action", '/', -1)) like 'sysinit%'
    or lower(split_part("action", '/', -1)) like 'register%'
    or (lower(split_part("action", '/', -1)) like 'save%' and coalesce("params" ->> 'id', '') = '') then 'create'
  when "method" in ('POST', 'PATCH') or lower(split_part("action", '/', -1)) like 'update%' or lower(split_part("action", '/', -1)) like 'edit%'
    or lower(split_part("action", '/', -1)) like 'modify%' or lower(split_part("action", '/', -1)) like 'save%'
    or lower(split_part("action", '/', -1)) like 'set%' then 'update'
  else 'other' end);--> statement-breakpoint
CREATE INDEX "audit_logs_type_id_idx" ON "audit_logs" USING btree ("type","id");--> statement-breakpoint
CREATE INDEX "audit_logs_user_id_idx" ON "audit_logs" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "audit_logs_anonymous_idx" ON "audit_logs" USING btree ("id") WHERE "audit_logs"."user_id" is null;