CREATE TABLE "design_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"reference" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"fields" jsonb NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"mail_status" text DEFAULT 'pending' NOT NULL,
	"mail_sent" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mail_attempts" integer DEFAULT 0 NOT NULL,
	"next_mail_at" timestamp with time zone,
	"last_mail_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "project_views" (
	"project_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "project_views_project_id_user_id_pk" PRIMARY KEY("project_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "idea_category" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "tags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "palette" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "story" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "seed_key" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "project_views" ADD CONSTRAINT "project_views_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_views" ADD CONSTRAINT "project_views_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "design_requests_reference_unique" ON "design_requests" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "design_requests_created_idx" ON "design_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "design_requests_mail_idx" ON "design_requests" USING btree ("mail_status","next_mail_at");--> statement-breakpoint
CREATE INDEX "projects_gallery_idx" ON "projects" USING btree ("is_public","idea_category","like_count");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_seed_key_unique" ON "projects" USING btree ("seed_key");