CREATE TABLE "strategies" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "strategies_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"document" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strategy_terminals" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"strategy_id" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"batch_id" text,
	"command_id" integer,
	"sent_revision" integer,
	"sent_at" timestamp with time zone,
	"acked_at" timestamp with time zone,
	"error" text,
	"unsupported" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"linked_by" integer,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategies" ADD CONSTRAINT "strategies_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_terminals" ADD CONSTRAINT "strategy_terminals_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_terminals" ADD CONSTRAINT "strategy_terminals_strategy_id_strategies_id_fk" FOREIGN KEY ("strategy_id") REFERENCES "public"."strategies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_terminals" ADD CONSTRAINT "strategy_terminals_command_id_terminal_commands_id_fk" FOREIGN KEY ("command_id") REFERENCES "public"."terminal_commands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strategy_terminals" ADD CONSTRAINT "strategy_terminals_linked_by_users_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "strategies_office_name_uq" ON "strategies" USING btree ("office_id","name");--> statement-breakpoint
CREATE INDEX "strategies_office_idx" ON "strategies" USING btree ("office_id","id");--> statement-breakpoint
CREATE INDEX "strategy_terminals_strategy_idx" ON "strategy_terminals" USING btree ("strategy_id","terminal_id");--> statement-breakpoint
CREATE INDEX "strategy_terminals_command_idx" ON "strategy_terminals" USING btree ("command_id");