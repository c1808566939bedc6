CREATE TABLE "play_daily" (
	"day" timestamp with time zone NOT NULL,
	"terminal_id" integer NOT NULL,
	"office_id" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"subject_key" text DEFAULT '' NOT NULL,
	"subject_name" text,
	"plays" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	CONSTRAINT "play_daily_pk" PRIMARY KEY("day","terminal_id","kind","subject_id","subject_key")
);
--> statement-breakpoint
CREATE TABLE "play_office_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer DEFAULT 0 NOT NULL,
	"subject_key" text DEFAULT '' NOT NULL,
	"subject_name" text,
	"plays" integer NOT NULL,
	"duration_ms" bigint NOT NULL,
	CONSTRAINT "play_office_hourly_pk" PRIMARY KEY("hour","office_id","kind","subject_id","subject_key")
);
--> statement-breakpoint
CREATE TABLE "play_reach_daily" (
	"day" timestamp with time zone NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_key" text NOT NULL,
	"chunk" integer NOT NULL,
	"terminals" bit(1024) NOT NULL,
	CONSTRAINT "play_reach_daily_pk" PRIMARY KEY("day","office_id","kind","subject_id","subject_key","chunk")
);
--> statement-breakpoint
CREATE TABLE "play_reach_hourly" (
	"hour" timestamp with time zone NOT NULL,
	"office_id" integer NOT NULL,
	"kind" text NOT NULL,
	"subject_id" integer NOT NULL,
	"subject_key" text NOT NULL,
	"chunk" integer NOT NULL,
	"terminals" bit(1024) NOT NULL,
	CONSTRAINT "play_reach_hourly_pk" PRIMARY KEY("hour","office_id","kind","subject_id","subject_key","chunk")
);
--> statement-breakpoint
CREATE INDEX "play_daily_subject_idx" ON "play_daily" USING btree ("kind","subject_id","day");--> statement-breakpoint
CREATE INDEX "play_daily_terminal_idx" ON "play_daily" USING btree ("terminal_id","day");--> statement-breakpoint
CREATE INDEX "play_office_hourly_subject_idx" ON "play_office_hourly" USING btree ("kind","subject_id","hour");--> statement-breakpoint
-- Backfill from the hourly roll-up (raw events may be gone); the all-subjects rows of a kind have subject -1, key '*'.
CREATE TEMP VIEW play_rollup_expanded AS
  SELECT hour, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays::bigint AS plays, duration_ms FROM play_hourly
  UNION ALL
  SELECT hour, terminal_id, max(office_id), kind, -1, '*', NULL, sum(plays), sum(duration_ms) FROM play_hourly GROUP BY hour, terminal_id, kind;--> statement-breakpoint
INSERT INTO play_daily (day, terminal_id, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms)
  SELECT date_trunc('day', hour, 'UTC'), terminal_id, max(office_id), kind, subject_id, subject_key, max(subject_name), sum(plays), sum(duration_ms)
  FROM play_rollup_expanded GROUP BY 1, terminal_id, kind, subject_id, subject_key;--> statement-breakpoint
INSERT INTO play_office_hourly (hour, office_id, kind, subject_id, subject_key, subject_name, plays, duration_ms)
  SELECT hour, office_id, kind, subject_id, subject_key, max(subject_name), sum(plays), sum(duration_ms)
  FROM play_rollup_expanded GROUP BY hour, office_id, kind, subject_id, subject_key;--> statement-breakpoint
INSERT INTO play_reach_hourly (hour, office_id, kind, subject_id, subject_key, chunk, terminals)
  SELECT hour, office_id, kind, subject_id, subject_key, terminal_id / 1024, bit_or(set_bit(B'0'::bit(1024), terminal_id % 1024, 1))
  FROM play_rollup_expanded GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
INSERT INTO play_reach_daily (day, office_id, kind, subject_id, subject_key, chunk, terminals)
  SELECT date_trunc('day', hour, 'UTC'), office_id, kind, subject_id, subject_key, terminal_id / 1024, bit_or(set_bit(B'0'::bit(1024), terminal_id % 1024, 1))
  FROM play_rollup_expanded GROUP BY 1, 2, 3, 4, 5, 6;--> statement-breakpoint
DROP VIEW play_rollup_expanded;
