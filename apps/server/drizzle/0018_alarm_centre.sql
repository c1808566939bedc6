CREATE TABLE "alarm_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alarm_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"office_id" integer NOT NULL,
	"name" text NOT NULL,
	"types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_severity" text NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"daily_limit" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alarm_notifications" (
	"rule_id" integer NOT NULL,
	"alarm_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"type" text NOT NULL,
	"day" date NOT NULL,
	"state" text NOT NULL,
	"error" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alarm_notifications_rule_id_alarm_id_pk" PRIMARY KEY("rule_id","alarm_id")
);
--> statement-breakpoint
ALTER TABLE "abnormal_alarms" ADD COLUMN "acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "abnormal_alarms" ADD COLUMN "acknowledged_by" integer;--> statement-breakpoint
ALTER TABLE "abnormal_alarms" ADD COLUMN "assignee_id" integer;--> statement-breakpoint
ALTER TABLE "abnormal_alarms" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "abnormal_alarms" ADD COLUMN "notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_rules" ADD CONSTRAINT "alarm_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD CONSTRAINT "alarm_notifications_rule_id_alarm_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."alarm_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alarm_notifications" ADD CONSTRAINT "alarm_notifications_alarm_id_abnormal_alarms_id_fk" FOREIGN KEY ("alarm_id") REFERENCES "public"."abnormal_alarms"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alarm_rules_office_idx" ON "alarm_rules" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "alarm_notifications_limit_idx" ON "alarm_notifications" USING btree ("rule_id","terminal_id","type","day");--> statement-breakpoint
ALTER TABLE "abnormal_alarms" ADD CONSTRAINT "abnormal_alarms_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abnormal_alarms" ADD CONSTRAINT "abnormal_alarms_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abnormal_alarms_unnotified_idx" ON "abnormal_alarms" USING btree ("id") WHERE notified_at IS NULL;--> statement-breakpoint
UPDATE "abnormal_alarms" SET "notified_at" = now();