CREATE TABLE "terminal_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminal_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"device_id" text NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"pairing_code" text,
	"token_hash" text NOT NULL,
	"office_id" integer,
	"group_id" integer,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"platform" text DEFAULT 'web' NOT NULL,
	"app_version" text,
	"resolution" text,
	"latitude" double precision,
	"longitude" double precision,
	"address" text,
	"online" boolean DEFAULT false NOT NULL,
	"last_seen_at" timestamp with time zone,
	"online_since" timestamp with time zone,
	"online_seconds" bigint DEFAULT 0 NOT NULL,
	"status" jsonb,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remarks" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_commands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminal_commands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"terminal_id" integer NOT NULL,
	"batch_id" text NOT NULL,
	"name" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"result" jsonb,
	"error" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_screenshots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminal_screenshots_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"terminal_id" integer NOT NULL,
	"command_id" integer,
	"path" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer,
	"height" integer,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_play_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "terminal_play_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"terminal_id" integer NOT NULL,
	"kind" text NOT NULL,
	"program_id" integer,
	"scene_id" text,
	"message_id" integer,
	"started_at" timestamp with time zone NOT NULL,
	"duration_ms" integer NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "abnormal_alarms" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "abnormal_alarms_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"terminal_id" integer NOT NULL,
	"office_id" integer,
	"type" text NOT NULL,
	"detail" jsonb,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"cleared_at" timestamp with time zone,
	"cleared_by" integer
);
--> statement-breakpoint
CREATE TABLE "programs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "programs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"office_id" integer NOT NULL,
	"created_by" integer,
	"document" jsonb NOT NULL,
	"format_version" integer NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"size" bigint DEFAULT 0 NOT NULL,
	"material_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thumb_path" text,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"review_note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "program_publications" (
	"program_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "program_publications_program_id_terminal_id_pk" PRIMARY KEY("program_id","terminal_id")
);
--> statement-breakpoint
ALTER TABLE "terminal_groups" ADD CONSTRAINT "terminal_groups_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_group_id_terminal_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."terminal_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminals" ADD CONSTRAINT "terminals_claimed_by_users_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_commands" ADD CONSTRAINT "terminal_commands_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_commands" ADD CONSTRAINT "terminal_commands_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_screenshots" ADD CONSTRAINT "terminal_screenshots_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_screenshots" ADD CONSTRAINT "terminal_screenshots_command_id_terminal_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."terminal_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_play_events" ADD CONSTRAINT "terminal_play_events_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_alarms" ADD CONSTRAINT "abnormal_alarms_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_alarms" ADD CONSTRAINT "abnormal_alarms_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_alarms" ADD CONSTRAINT "abnormal_alarms_cleared_by_users_id_fk" FOREIGN KEY ("cleared_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "programs" ADD CONSTRAINT "programs_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_publications" ADD CONSTRAINT "program_publications_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_publications" ADD CONSTRAINT "program_publications_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "program_publications" ADD CONSTRAINT "program_publications_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "terminal_groups_office_idx" ON "terminal_groups" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "terminal_groups_parent_idx" ON "terminal_groups" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_device_idx" ON "terminals" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_token_idx" ON "terminals" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_pairing_idx" ON "terminals" USING btree ("pairing_code");--> statement-breakpoint
CREATE INDEX "terminals_office_idx" ON "terminals" USING btree ("office_id","id");--> statement-breakpoint
CREATE INDEX "terminals_group_idx" ON "terminals" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "terminal_commands_terminal_idx" ON "terminal_commands" USING btree ("terminal_id","id");--> statement-breakpoint
CREATE INDEX "terminal_commands_batch_idx" ON "terminal_commands" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "terminal_commands_open_idx" ON "terminal_commands" USING btree ("terminal_id","state");--> statement-breakpoint
CREATE INDEX "terminal_screenshots_terminal_idx" ON "terminal_screenshots" USING btree ("terminal_id","id");--> statement-breakpoint
CREATE INDEX "terminal_play_events_terminal_idx" ON "terminal_play_events" USING btree ("terminal_id","started_at");--> statement-breakpoint
CREATE INDEX "terminal_play_events_program_idx" ON "terminal_play_events" USING btree ("program_id","started_at");--> statement-breakpoint
CREATE INDEX "abnormal_alarms_terminal_idx" ON "abnormal_alarms" USING btree ("terminal_id","raised_at");--> statement-breakpoint
CREATE INDEX "abnormal_alarms_office_idx" ON "abnormal_alarms" USING btree ("office_id","raised_at");--> statement-breakpoint
CREATE INDEX "programs_office_idx" ON "programs" USING btree ("office_id","id");--> statement-breakpoint
CREATE INDEX "program_publications_terminal_idx" ON "program_publications" USING btree ("terminal_id");