CREATE TABLE "composite_materials" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"preview_key" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mockup_snapshot_counts" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mockup_snapshot_counts_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "mockup_templates" ADD COLUMN "owner_user_id" text;--> statement-breakpoint
ALTER TABLE "composite_materials" ADD CONSTRAINT "composite_materials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mockup_snapshot_counts" ADD CONSTRAINT "mockup_snapshot_counts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "composite_materials_user_idx" ON "composite_materials" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_user_file_idx" ON "materials" USING btree ("user_id","file_key");--> statement-breakpoint
CREATE INDEX "materials_user_idx" ON "materials" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "mockup_templates" ADD CONSTRAINT "mockup_templates_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mockup_templates_owner_idx" ON "mockup_templates" USING btree ("owner_user_id","created_at");