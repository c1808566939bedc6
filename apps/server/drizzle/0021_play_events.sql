-- Hand-edited: play_events is partitioned by month of started_at (PARTITION BY RANGE, which drizzle-kit
-- cannot express); its partitions play_events_pYYYYMM are created at run time by the ingest and the daily job.
CREATE TABLE "play_events" (
	"terminal_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"office_id" integer,
	"program_id" integer,
	"program_name" text,
	"scene_id" text,
	"message_id" integer,
	"message_name" text,
	"material_id" integer,
	"material_name" text,
	"widget_type" text,
	"widget_id" text,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_events_pk" PRIMARY KEY("terminal_id","event_id","started_at")
) PARTITION BY RANGE ("started_at");
--> statement-breakpoint
CREATE TABLE "play_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"terminal_id" integer NOT NULL,
	"office_id" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"subject_key" text DEFAULT '' NOT NULL,
	"subject_name" text,
	"plays" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	CONSTRAINT "play_hourly_pk" PRIMARY KEY("hour","terminal_id","kind","subject_id","subject_key")
);
--> statement-breakpoint
CREATE TABLE "terminal_online_periods" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminal_online_periods_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"terminal_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "head_counts" (
	"terminal_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"period_seconds" integer NOT NULL,
	"count" integer NOT NULL,
	"office_id" integer,
	CONSTRAINT "head_counts_pk" PRIMARY KEY("terminal_id","event_id")
);
--> statement-breakpoint
CREATE INDEX "play_events_started_idx" ON "play_events" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "play_hourly_subject_idx" ON "play_hourly" USING btree ("kind","subject_id","hour");--> statement-breakpoint
CREATE INDEX "play_hourly_office_idx" ON "play_hourly" USING btree ("office_id","hour");--> statement-breakpoint
CREATE INDEX "play_hourly_hour_idx" ON "play_hourly" USING btree ("hour");--> statement-breakpoint
CREATE INDEX "terminal_online_periods_terminal_idx" ON "terminal_online_periods" USING btree ("terminal_id","started_at");--> statement-breakpoint
CREATE INDEX "terminal_online_periods_started_idx" ON "terminal_online_periods" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "head_counts_started_idx" ON "head_counts" USING btree ("started_at");--> statement-breakpoint
CREATE INDEX "head_counts_office_idx" ON "head_counts" USING btree ("office_id","started_at");
--> statement-breakpoint
-- Hand-written: the rows of terminal_play_events move into play_events (the old table is dropped by the
-- next migration). Their months' partitions are created first; an old row has no terminal id of its
-- own, so its event id is 'legacy-' and its old row id. Names are the current ones, as the old table kept none.
DO $$
DECLARE m timestamptz;
BEGIN
  FOR m IN SELECT DISTINCT date_trunc('month', started_at, 'UTC') FROM terminal_play_events LOOP
    EXECUTE format('CREATE TABLE IF NOT EXISTS %I PARTITION OF play_events FOR VALUES FROM (%L) TO (%L)',
      'play_events_p' || to_char(m AT TIME ZONE 'UTC', 'YYYYMM'), m, m + interval '1 month');
  END LOOP;
END $$;
--> statement-breakpoint
INSERT INTO "play_events" ("terminal_id", "event_id", "kind", "office_id", "program_id", "program_name", "scene_id",
  "message_id", "message_name", "started_at", "duration_ms", "received_at")
SELECT e.terminal_id, 'legacy-' || e.id, e.kind, t.office_id, e.program_id, p.name, e.scene_id, e.message_id, m.name,
  e.started_at, e.duration_ms, e.received_at
FROM terminal_play_events e
LEFT JOIN terminals t ON t.id = e.terminal_id
LEFT JOIN programs p ON p.id = e.program_id
LEFT JOIN messages m ON m.id = e.message_id;
--> statement-breakpoint
INSERT INTO "play_hourly" ("hour", "terminal_id", "office_id", "kind", "subject_id", "subject_key", "subject_name", "plays", "duration_ms")
SELECT date_trunc('hour', started_at, 'UTC'), terminal_id, coalesce(office_id, 0), kind,
  coalesce(CASE kind WHEN 'message' THEN message_id ELSE program_id END, 0),
  CASE kind WHEN 'scene' THEN coalesce(scene_id, '') ELSE '' END,
  max(CASE kind WHEN 'message' THEN message_name ELSE program_name END), count(*), sum(duration_ms)
FROM play_events
GROUP BY 1, 2, 3, 4, 5, 6;
