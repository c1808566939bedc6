CREATE TABLE "material_files" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_files_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"md5" text NOT NULL,
	"size" bigint NOT NULL,
	"mime" text NOT NULL,
	"kind" text NOT NULL,
	"storage_path" text NOT NULL,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"thumb_path" text,
	"poster_path" text,
	"converted_path" text,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"process_state" text DEFAULT 'queued' NOT NULL,
	"process_progress" integer DEFAULT 0 NOT NULL,
	"process_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_folders" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "material_folders_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"parent_id" integer,
	"name" text NOT NULL,
	"office_id" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "materials_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"file_id" integer NOT NULL,
	"folder_id" integer,
	"office_id" integer NOT NULL,
	"created_by" integer,
	"kind" text NOT NULL,
	"size" bigint NOT NULL,
	"md5" text NOT NULL,
	"shared" boolean DEFAULT false NOT NULL,
	"thumb_path" text,
	"review_state" text DEFAULT 'approved' NOT NULL,
	"review_note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"office_id" integer NOT NULL,
	"folder_id" integer,
	"name" text NOT NULL,
	"size" bigint NOT NULL,
	"md5" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "material_folders" ADD CONSTRAINT "material_folders_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_folders" ADD CONSTRAINT "material_folders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_file_id_material_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."material_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_folder_id_material_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."material_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_uploads" ADD CONSTRAINT "material_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_uploads" ADD CONSTRAINT "material_uploads_office_id_offices_id_fk" FOREIGN KEY ("office_id") REFERENCES "public"."offices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_uploads" ADD CONSTRAINT "material_uploads_folder_id_material_folders_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."material_folders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "material_files_md5_size_idx" ON "material_files" USING btree ("md5","size");--> statement-breakpoint
CREATE INDEX "material_files_process_idx" ON "material_files" USING btree ("process_state","id");--> statement-breakpoint
CREATE INDEX "material_folders_office_idx" ON "material_folders" USING btree ("office_id","parent_id");--> statement-breakpoint
CREATE INDEX "materials_office_idx" ON "materials" USING btree ("office_id","id");--> statement-breakpoint
CREATE INDEX "materials_folder_idx" ON "materials" USING btree ("folder_id","id");--> statement-breakpoint
CREATE INDEX "materials_file_idx" ON "materials" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "materials_md5_idx" ON "materials" USING btree ("md5","size");--> statement-breakpoint
CREATE INDEX "materials_review_idx" ON "materials" USING btree ("review_state","id");--> statement-breakpoint
CREATE INDEX "material_uploads_office_idx" ON "material_uploads" USING btree ("office_id");--> statement-breakpoint
CREATE INDEX "material_uploads_user_idx" ON "material_uploads" USING btree ("user_id");