ALTER TABLE "projects" ADD COLUMN "idea_box" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_tags" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "search_story" text DEFAULT '' NOT NULL;