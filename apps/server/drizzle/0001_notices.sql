CREATE TABLE "notifications" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "notifications_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"content_cn" text NOT NULL,
	"content_en" text NOT NULL,
	"read_state" text DEFAULT '0' NOT NULL,
	CONSTRAINT "notifications_read_state_ck" CHECK ("notifications"."read_state" in ('0', '1'))
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" integer PRIMARY KEY NOT NULL,
	"title_ch" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"content_ch" text DEFAULT '' NOT NULL,
	"content_en" text DEFAULT '' NOT NULL,
	"start_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"close_tip_on" text DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "announcements_close_tip_on_ck" CHECK ("announcements"."close_tip_on" in ('0', '1'))
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_read_idx" ON "notifications" USING btree ("user_id","read_state");