CREATE TABLE "sync_groups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sync_groups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"program_id" integer,
	"columns" integer DEFAULT 1 NOT NULL,
	"rows" integer DEFAULT 1 NOT NULL,
	"epoch_ms" bigint NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sync_group_members" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"column" integer DEFAULT 0 NOT NULL,
	"row" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sync_groups" ADD CONSTRAINT "sync_groups_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_groups" ADD CONSTRAINT "sync_groups_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_groups" ADD CONSTRAINT "sync_groups_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_groups" ADD CONSTRAINT "sync_groups_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_group_members" ADD CONSTRAINT "sync_group_members_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sync_group_members" ADD CONSTRAINT "sync_group_members_group_id_sync_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."sync_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sync_groups_office_name_uq" ON "sync_groups" USING btree ("office_id","name");--> statement-breakpoint
CREATE INDEX "sync_groups_office_idx" ON "sync_groups" USING btree ("office_id","id");--> statement-breakpoint
CREATE INDEX "sync_groups_program_idx" ON "sync_groups" USING btree ("program_id");--> statement-breakpoint
CREATE INDEX "sync_group_members_group_idx" ON "sync_group_members" USING btree ("group_id","terminal_id");