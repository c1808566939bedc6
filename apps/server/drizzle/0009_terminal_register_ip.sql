ALTER TABLE "terminals" ADD COLUMN "register_ip" text;--> statement-breakpoint
CREATE INDEX "terminals_register_ip_idx" ON "terminals" USING btree ("register_ip","created_at");