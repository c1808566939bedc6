-- Trigram operators for the name and path searches' indexes (a trusted extension: no superuser needed).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_login_name_trgm_idx" ON "users" USING gin (lower("login_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_failed_type_id_idx" ON "audit_logs" USING btree ("type","id") WHERE "audit_logs"."status" >= 400;--> statement-breakpoint
CREATE INDEX "audit_logs_path_trgm_idx" ON "audit_logs" USING gin (lower("path") gin_trgm_ops);