CREATE TABLE "scene_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"family" text NOT NULL,
	"seed" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"colors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"color_tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image_key" text NOT NULL,
	"thumbnail_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"light" jsonb NOT NULL,
	"floor_y" double precision NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "scene_templates_family_seed_unique" ON "scene_templates" USING btree ("family","seed");--> statement-breakpoint
CREATE UNIQUE INDEX "scene_templates_image_key_unique" ON "scene_templates" USING btree ("image_key");--> statement-breakpoint
CREATE UNIQUE INDEX "scene_templates_thumbnail_key_unique" ON "scene_templates" USING btree ("thumbnail_key");--> statement-breakpoint
CREATE INDEX "scene_templates_position_idx" ON "scene_templates" USING btree ("position");