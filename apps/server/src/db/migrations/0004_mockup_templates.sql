CREATE TABLE "mockup_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"material" text NOT NULL,
	"keywords" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scene_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"surface_key" text NOT NULL,
	"uv_key" text NOT NULL,
	"light_key" text NOT NULL,
	"surfaces" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mockup_templates_category_idx" ON "mockup_templates" USING btree ("category");--> statement-breakpoint
CREATE INDEX "mockup_templates_position_idx" ON "mockup_templates" USING btree ("position");