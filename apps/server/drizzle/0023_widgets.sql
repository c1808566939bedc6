CREATE TABLE "widget_type_settings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "widget_type_settings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_office_id" integer NOT NULL,
	"widget_type" text NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_packages" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "widget_packages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_office_id" integer NOT NULL,
	"material_id" integer NOT NULL,
	"name" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"entry" text NOT NULL,
	"settings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"store_item_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_sources" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "data_sources_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"tenant_office_id" integer NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"format" text NOT NULL,
	"item_path" text DEFAULT '' NOT NULL,
	"title_field" text DEFAULT 'title' NOT NULL,
	"text_field" text DEFAULT '' NOT NULL,
	"interval_seconds" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"store_item_id" integer,
	"items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_status" text,
	"last_error" text,
	"last_fetched_at" timestamp with time zone,
	"items_fetched_at" timestamp with time zone,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "api_store_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "api_store_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"kind" text NOT NULL,
	"package_id" integer,
	"data_source_id" integer,
	"description" text DEFAULT '' NOT NULL,
	"published_by" integer,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "widget_type_settings" ADD CONSTRAINT "widget_type_settings_tenant_office_id_offices_id_fk" FOREIGN KEY ("tenant_office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_type_settings" ADD CONSTRAINT "widget_type_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_packages" ADD CONSTRAINT "widget_packages_tenant_office_id_offices_id_fk" FOREIGN KEY ("tenant_office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_packages" ADD CONSTRAINT "widget_packages_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_packages" ADD CONSTRAINT "widget_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_sources" ADD CONSTRAINT "data_sources_tenant_office_id_offices_id_fk" FOREIGN KEY ("tenant_office_id") REFERENCES "public"."offices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_sources" ADD CONSTRAINT "data_sources_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_store_items" ADD CONSTRAINT "api_store_items_package_id_widget_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."widget_packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_store_items" ADD CONSTRAINT "api_store_items_data_source_id_data_sources_id_fk" FOREIGN KEY ("data_source_id") REFERENCES "public"."data_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_store_items" ADD CONSTRAINT "api_store_items_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "widget_type_settings_tenant_type_uq" ON "widget_type_settings" USING btree ("tenant_office_id","widget_type");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_packages_tenant_material_uq" ON "widget_packages" USING btree ("tenant_office_id","material_id");--> statement-breakpoint
CREATE INDEX "widget_packages_material_idx" ON "widget_packages" USING btree ("material_id");--> statement-breakpoint
CREATE INDEX "widget_packages_store_idx" ON "widget_packages" USING btree ("store_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_sources_tenant_name_uq" ON "data_sources" USING btree ("tenant_office_id","name");--> statement-breakpoint
CREATE INDEX "data_sources_due_idx" ON "data_sources" USING btree ("enabled","next_fetch_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_store_items_package_uq" ON "api_store_items" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "api_store_items_data_source_uq" ON "api_store_items" USING btree ("data_source_id");--> statement-breakpoint
CREATE INDEX "api_store_items_kind_idx" ON "api_store_items" USING btree ("kind","id");