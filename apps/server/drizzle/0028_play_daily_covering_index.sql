DROP INDEX "play_daily_subject_idx";--> statement-breakpoint
-- Covering: a subject's days over a period give terminal, office, plays and duration from the index
-- alone (an index-only scan once vacuumed), where the plain index read a heap block per row.
CREATE INDEX "play_daily_subject_cover_idx" ON "play_daily" USING btree ("kind","subject_id","day") INCLUDE ("terminal_id","office_id","plays","duration_ms");
